// The JSON backup of the other Wuthering Waves fan map (issue 22 item 5), as we read it. It has no public spec: this
// is the shape we assume (such maps keep several progress profiles and a "found" map keyed by their marker ids):
//
//   {
//     "version": 1,
//     "profiles": [                                   // 1..20 profiles
//       { "name": "메인",                              // 1..100 characters (blank: "프로필 N")
//         "found": { "<markerId>": true | <epoch ms> | "<ISO time>" | false | null } }   // false/null: not found
//     ],
//     "markers": [                                    // optional: where each marker is, to match by position
//       { "id": "<markerId>", "key": "…"?, "category": "<category name>", "x": <number>, "y": <number>, "region": <id>? }
//     ]
//   }
//
// Marker ids are strings or integers (1..100 characters). x/y are world positions in metres, as our pins store them
// (coord_x / coord_y: the same game data). A marker is matched to one of our pins by its key (the imported pins'
// `key`, issue 20: the marker's own `key`, else its id), else by category name and the nearest pin of that category
// within MATCH_METRES (server/repos/rival.ts). The server reads the file with this one function; Korean messages.

/** The version of the backup we read. */
export const RIVAL_VERSION = 1;
/** Most profiles one backup may hold. */
export const MAX_RIVAL_PROFILES = 20;
/** Most found markers per profile, and markers listed. */
export const MAX_RIVAL_FOUND = 100_000;
export const MAX_RIVAL_MARKERS = 200_000;
/** A marker matches the nearest pin of its category within this distance (metres). */
export const MATCH_METRES = 10;

/** One profile of the backup: its name and the markers found (with the time where the backup has one). */
export interface RivalProfile {
  name: string;
  found: { marker: string; at?: number }[];
}

/** Where a marker is (for matching by position). */
export interface RivalMarker {
  id: string;
  key?: string;
  category?: string;
  x?: number;
  y?: number;
  region?: number;
}

export interface RivalBackup {
  profiles: RivalProfile[];
  markers: RivalMarker[];
}

/** How one backup profile matches our pins (the import's preview; the server answers it, the client reads it). */
export interface RivalProfileMatch {
  index: number;
  name: string;
  /** Markers found in it. */
  found: number;
  matched: number;
  unmatched: number;
  /** Of the matched: by key, by position. */
  byKey: number;
  byPosition: number;
}

/** The preview (or the outcome) of importing one backup profile (POST /api/v1/me/import/rival). */
export interface RivalPlan {
  applied: boolean;
  profiles: RivalProfileMatch[];
  profile: number;
  target: 'active' | 'new';
  /** The name of our profile it goes into. */
  into: string;
  add: number;
  unchanged: number;
  actionId?: number | null;
}

export const rivalMessages = {
  notJson: '백업 파일을 읽을 수 없습니다. 다른 지도에서 내려받은 JSON 백업 파일인지 확인해 주세요.',
  notBackup: '다른 지도의 백업 형식이 아닙니다. "profiles" 목록이 있는 JSON 백업 파일을 골라 주세요.',
  badVersion: (v: unknown) => `지원하지 않는 백업 버전입니다 (${String(v)}). 버전 ${RIVAL_VERSION} 백업만 가져올 수 있습니다.`,
  noProfiles: '백업에 프로필이 없습니다.',
  tooManyProfiles: `백업의 프로필은 ${MAX_RIVAL_PROFILES}개까지 가져올 수 있습니다.`,
  badProfile: (n: number) => `백업의 ${n}번째 프로필을 읽을 수 없습니다. 이름과 "found" 목록이 있어야 합니다.`,
  badFound: (n: number, id: string) => `백업의 ${n}번째 프로필에서 마커 "${id.slice(0, 40)}"의 값을 읽을 수 없습니다.`,
  badMarkerId: (n: number) => `백업의 ${n}번째 프로필에 잘못된 마커 번호가 있습니다.`,
  tooManyFound: (n: number) => `백업의 ${n}번째 프로필에 마커가 너무 많습니다 (최대 ${MAX_RIVAL_FOUND.toLocaleString('ko-KR')}개).`,
  badMarker: (n: number) => `백업의 ${n.toLocaleString('ko-KR')}번째 마커를 읽을 수 없습니다. id와 숫자 좌표(x, y)가 있어야 합니다.`,
  tooManyMarkers: `백업의 마커는 ${MAX_RIVAL_MARKERS.toLocaleString('ko-KR')}개까지 읽을 수 있습니다.`,
} as const;

export type RivalRead = { backup: RivalBackup } | { error: { message: string; detail: string } };

const fail = (message: string, detail: string): RivalRead => ({ error: { message, detail } });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A marker id as a string (1..100 characters), or null. */
function markerId(v: unknown): string | null {
  const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : null;
  return s && s.length <= 100 ? s : null;
}

/** A found value: true (no time), a time (epoch ms or ISO), false/null (not found); undefined when unreadable. */
function foundValue(v: unknown): { found: boolean; at?: number } | undefined {
  if (v === true) return { found: true };
  if (v === false || v === null) return { found: false };
  const ms = typeof v === 'string' && v.trim() !== '' ? Date.parse(v) : v;
  if (typeof ms === 'number' && Number.isSafeInteger(ms) && ms >= 0) return { found: true, at: ms };
  return undefined;
}

/** Reads a parsed backup (see the top of this file), or says in Korean what is wrong and where. */
export function readRivalBackup(data: unknown): RivalRead {
  if (!isObject(data) || !('profiles' in data)) return fail(rivalMessages.notBackup, 'no profiles');
  if (data.version !== RIVAL_VERSION) return fail(rivalMessages.badVersion(data.version), 'unknown version');
  if (!Array.isArray(data.profiles)) return fail(rivalMessages.notBackup, 'profiles is not a list');
  if (data.profiles.length === 0) return fail(rivalMessages.noProfiles, 'no profiles');
  if (data.profiles.length > MAX_RIVAL_PROFILES) return fail(rivalMessages.tooManyProfiles, 'too many profiles');
  const profiles: RivalProfile[] = [];
  for (const [i, p] of data.profiles.entries()) {
    const n = i + 1;
    if (!isObject(p) || !isObject(p.found) || (p.name !== undefined && typeof p.name !== 'string'))
      return fail(rivalMessages.badProfile(n), `profile ${n} malformed`);
    const entries = Object.entries(p.found);
    if (entries.length > MAX_RIVAL_FOUND) return fail(rivalMessages.tooManyFound(n), `profile ${n} too many`);
    const found: RivalProfile['found'] = [];
    for (const [k, v] of entries) {
      const id = markerId(k);
      if (id === null) return fail(rivalMessages.badMarkerId(n), `profile ${n} bad marker id`);
      const f = foundValue(v);
      if (f === undefined) return fail(rivalMessages.badFound(n, id), `profile ${n} marker ${id} bad value`);
      if (f.found) found.push(f.at === undefined ? { marker: id } : { marker: id, at: f.at });
    }
    const name = (typeof p.name === 'string' ? p.name.trim().replace(/\s+/g, ' ') : '').slice(0, 100) || `프로필 ${n}`;
    profiles.push({ name, found });
  }
  const markers: RivalMarker[] = [];
  if (data.markers !== undefined) {
    if (!Array.isArray(data.markers)) return fail(rivalMessages.badMarker(1), 'markers is not a list');
    if (data.markers.length > MAX_RIVAL_MARKERS) return fail(rivalMessages.tooManyMarkers, 'too many markers');
    for (const [i, m] of data.markers.entries()) {
      const id = isObject(m) ? markerId(m.id) : null;
      const num = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));
      if (!isObject(m) || id === null || !num(m.x) || !num(m.y) || (m.x === undefined) !== (m.y === undefined))
        return fail(rivalMessages.badMarker(i + 1), `marker ${i + 1} malformed`);
      if ((m.key !== undefined && markerId(m.key) === null) || (m.category !== undefined && typeof m.category !== 'string'))
        return fail(rivalMessages.badMarker(i + 1), `marker ${i + 1} key or category malformed`);
      if (m.region !== undefined && !(typeof m.region === 'number' && Number.isInteger(m.region)))
        return fail(rivalMessages.badMarker(i + 1), `marker ${i + 1} region malformed`);
      markers.push({
        id,
        ...(m.key !== undefined && { key: markerId(m.key)! }),
        ...(typeof m.category === 'string' && { category: m.category }),
        ...(typeof m.x === 'number' && { x: m.x, y: m.y as number }),
        ...(typeof m.region === 'number' && { region: m.region }),
      });
    }
  }
  return { backup: { profiles, markers } };
}
