import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { applyImport, EXPORT_VERSION, exportChecks, exportCsv, previewImport, type ImportedPin } from '../../repos/progress';
import { nowMs } from '../../repos/tx';
import { MAX_ID } from '../common';
import { deviceLabel } from '../device';

/** Most pins one import file may list. */
export const MAX_IMPORT_PINS = 100_000;
/** An import body may be bigger than other bodies (a whole export). */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** Korean messages of export and import. */
export const TransferMessages = {
  badFile: '진행 상황 파일을 읽을 수 없습니다. 이 사이트에서 내보낸 JSON 또는 CSV 파일인지 확인해 주세요.',
  badVersion: (v: unknown) => `지원하지 않는 파일 버전입니다 (${String(v)}).`,
  badLine: (n: number) => `파일의 ${n.toLocaleString('ko-KR')}번째 줄을 읽을 수 없습니다.`,
  tooMany: `한 번에 ${MAX_IMPORT_PINS.toLocaleString('ko-KR')}개까지 가져올 수 있습니다.`,
} as const;

const ExportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) });
const ImportBody = Type.Object({
  mode: Type.Union([Type.Literal('merge'), Type.Literal('replace')]),
  /** The export: its JSON object, or the CSV text. */
  data: Type.Unknown(),
  /** true: answer what would change and change nothing. */
  preview: Type.Optional(Type.Boolean()),
});

const validId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID;

/** A time as the export writes it: epoch ms (JSON) or an ISO string (CSV); null when it is not one. */
function timeOf(v: unknown): number | null {
  const ms = typeof v === 'string' && v.trim() !== '' ? Date.parse(v) : v;
  return typeof ms === 'number' && Number.isSafeInteger(ms) && ms >= 0 ? ms : null;
}

/** The pins of an export (JSON object or CSV text), unique (the latest time wins), with their times where given; or a Korean 400. */
export function pinsOfFile(data: unknown): ImportedPin[] {
  const pins = new Map<number, ImportedPin>();
  const add = (pinId: number, checkedAt: number | undefined) => {
    const had = pins.get(pinId)?.checkedAt;
    pins.set(pinId, { pinId, checkedAt: had === undefined || checkedAt === undefined ? (checkedAt ?? had) : Math.max(had, checkedAt) });
  };
  if (typeof data === 'string') {
    const lines = data.replace(/^\uFEFF/, '').split(/\r?\n/);
    lines.forEach((line, i) => {
      const text = line.trim();
      if (!text || (i === 0 && /^pinId\b/i.test(text))) return;
      const [idText, timeText] = text.split(',');
      const id = Number(idText);
      const at = timeText === undefined || timeText.trim() === '' ? undefined : timeOf(timeText);
      if (!validId(id) || at === null)
        throw ApiError.badRequest(TransferMessages.badLine(i + 1), `line ${i + 1} has no pin id or a bad time`);
      add(id, at);
    });
  } else {
    if (typeof data !== 'object' || data === null || !Array.isArray((data as { pins?: unknown }).pins))
      throw ApiError.badRequest(TransferMessages.badFile, 'not an export');
    const { version, pins: listed } = data as { version?: unknown; pins: unknown[] };
    if (version !== EXPORT_VERSION) throw ApiError.badRequest(TransferMessages.badVersion(version), 'unknown version');
    for (const p of listed) {
      const { pinId, checkedAt } = (p ?? {}) as { pinId?: unknown; checkedAt?: unknown };
      const at = checkedAt === undefined ? undefined : timeOf(checkedAt);
      if (!validId(pinId) || at === null) throw ApiError.badRequest(TransferMessages.badFile, 'pin without a valid pinId or checkedAt');
      add(pinId, at);
    }
  }
  if (pins.size > MAX_IMPORT_PINS) throw ApiError.badRequest(TransferMessages.tooMany, 'too many pins');
  return [...pins.values()];
}

/** GET /v1/me/export?format=json|csv and POST /v1/me/import {mode, data, preview?}: the caller's checks as a file and back. */
export async function registerExportImportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/export', { schema: { querystring: ExportQuery } }, async (request, reply) => {
    const userId = requireUser(request);
    const { format = 'json' } = request.query as Static<typeof ExportQuery>;
    const e = await exportChecks(app.db, userId, nowMs());
    const day = new Date(e.exportedAt).toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="wuwa-map-progress-${day}.${format}"`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(exportCsv(e));
    return ok(e);
  });

  app.post('/v1/me/import', { schema: { body: ImportBody }, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const userId = requireUser(request);
    const { mode, data, preview } = request.body as Static<typeof ImportBody>;
    const pins = pinsOfFile(data);
    if (preview) return ok({ applied: false, ...(await previewImport(app.db, userId, mode, pins, nowMs())) });
    const r = await applyImport(app.db, userId, mode, pins, nowMs(), deviceLabel(request));
    return ok({ applied: true, ...r.plan, actionId: r.actionId, checkTime: r.checkTime });
  });
}
