// The progress export file (JSON or CSV) as both sides read it: the server checks what it is sent, the client reads a
// chosen file in a worker before sending it. One rule, one set of Korean messages.

/** Version of the export format. */
export const EXPORT_VERSION = 1;
/** Most pins one import file may list. */
export const MAX_IMPORT_PINS = 100_000;
/** Largest pin id (a PostgreSQL integer). */
const MAX_PIN_ID = 2_147_483_647;

/** One pin of a progress file: its id and, where the file has it, when it was found (epoch ms). */
export interface FilePin {
  pinId: number;
  checkedAt?: number;
}

/** Korean messages of a file that cannot be read. */
export const progressFileMessages = {
  badFile: '진행 상황 파일을 읽을 수 없습니다. 이 사이트에서 내보낸 JSON 또는 CSV 파일인지 확인해 주세요.',
  badVersion: (v: unknown) => `지원하지 않는 파일 버전입니다 (${String(v)}).`,
  badLine: (n: number) => `파일의 ${n.toLocaleString('ko-KR')}번째 줄을 읽을 수 없습니다. 핀 번호는 0~9로 된 숫자여야 합니다.`,
  extraColumns: (n: number) =>
    `파일의 ${n.toLocaleString('ko-KR')}번째 줄에 칸이 너무 많습니다. 한 줄에 핀 번호와 찾은 시각, 두 칸만 씁니다.`,
  tooMany: `한 번에 ${MAX_IMPORT_PINS.toLocaleString('ko-KR')}개까지 가져올 수 있습니다.`,
} as const;

/** What is wrong with a file: the Korean message and a short English detail (logs). */
export interface ProgressFileError {
  message: string;
  detail: string;
}

/** A file's pins, unique (the latest time wins), or what is wrong with it. */
export type ProgressFileRead = { pins: FilePin[] } | { error: ProgressFileError };

// Strictly decimal: `0x10`, `1e3`, `+5`, `1.0` and blanks are not pin ids (Number() would take them).
const DECIMAL = /^[0-9]{1,10}$/;

function pinIdOf(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_PIN_ID ? id : null;
}

/** A time as the export writes it: epoch ms (JSON) or an ISO string (CSV); null when it is not one. */
function timeOf(v: unknown): number | null {
  const ms = typeof v === 'string' && v.trim() !== '' ? Date.parse(v) : v;
  return typeof ms === 'number' && Number.isSafeInteger(ms) && ms >= 0 ? ms : null;
}

const fail = (message: string, detail: string): ProgressFileRead => ({ error: { message, detail } });

/**
 * Reads a progress file: CSV text (`pinId,checkedAt` lines, the header optional, the time optional) or the JSON
 * export (`{version, pins: [{pinId, checkedAt?}]}`). Pins listed twice keep their latest time.
 */
export function readProgressFile(data: unknown): ProgressFileRead {
  const pins = new Map<number, FilePin>();
  const add = (pinId: number, checkedAt: number | undefined) => {
    const had = pins.get(pinId)?.checkedAt;
    pins.set(pinId, { pinId, checkedAt: had === undefined || checkedAt === undefined ? (checkedAt ?? had) : Math.max(had, checkedAt) });
  };
  if (typeof data === 'string') {
    const lines = data.replace(/^\uFEFF/, '').split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!.trim();
      if (!text || (i === 0 && /^pinId\b/i.test(text))) continue;
      const cells = text.split(',');
      if (cells.length > 2) return fail(progressFileMessages.extraColumns(i + 1), `line ${i + 1} has ${cells.length} columns`);
      const id = pinIdOf(cells[0]!.trim());
      const timeText = cells[1]?.trim() ?? '';
      const at = timeText === '' ? undefined : timeOf(timeText);
      if (id === null || at === null) return fail(progressFileMessages.badLine(i + 1), `line ${i + 1} has no pin id or a bad time`);
      add(id, at);
    }
  } else {
    if (typeof data !== 'object' || data === null || !Array.isArray((data as { pins?: unknown }).pins))
      return fail(progressFileMessages.badFile, 'not an export');
    const { version, pins: listed } = data as { version?: unknown; pins: unknown[] };
    if (version !== EXPORT_VERSION) return fail(progressFileMessages.badVersion(version), 'unknown version');
    for (const p of listed) {
      const { pinId, checkedAt } = (p ?? {}) as { pinId?: unknown; checkedAt?: unknown };
      const at = checkedAt === undefined ? undefined : timeOf(checkedAt);
      const valid = typeof pinId === 'number' && Number.isInteger(pinId) && pinId >= 1 && pinId <= MAX_PIN_ID;
      if (!valid || at === null) return fail(progressFileMessages.badFile, 'pin without a valid pinId or checkedAt');
      add(pinId, at);
    }
  }
  if (pins.size > MAX_IMPORT_PINS) return fail(progressFileMessages.tooMany, 'too many pins');
  return { pins: [...pins.values()] };
}

/** Reads a chosen file's text: JSON (the export, or the API's envelope around it) or else CSV. */
export function readProgressFileText(text: string): ProgressFileRead {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return readProgressFile(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return fail(progressFileMessages.badFile, 'not JSON');
  }
  // The JSON export is the envelope's result when saved straight from the API.
  const result = (parsed as { result?: unknown } | null)?.result;
  return readProgressFile(result && typeof result === 'object' ? result : parsed);
}
