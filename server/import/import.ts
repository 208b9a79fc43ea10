import { Value } from 'typebox/value';
import type { Db } from '../db';
import { currentWorld, type World } from '../../common/regions';
import { readWorld } from '../world/world';
import { ImportFile, type ImportPin as FilePin } from './format';
import { applyCategoryLooks } from './icons';
import { reconcile, type ImportOptions, type ImportPin, type ImportReport } from './reconcile';
import { publishPinChange } from '../repos/pin-events';
import { afterWorldImport, applyWorld, mergeFileWorld, placePin as placeFilePin } from './world';

export type { ImportOptions, ImportReport } from './reconcile';

/** One problem of a refused file: where (a JSON pointer, or line and column for broken JSON) and what. */
export interface ImportProblem {
  where: string;
  problem: string;
}

/** At most this many problems are named in one run; the rest are counted. */
export const MAX_IMPORT_ERRORS = 50;

/** A refused file: every problem found (up to MAX_IMPORT_ERRORS, `more` counts the rest), the first one first. */
export class ImportError extends Error {
  readonly errors: readonly ImportProblem[];
  readonly more: number;
  /** Every problem (and how many more), or one problem as `where` and `problem`. */
  constructor(errors: readonly ImportProblem[] | string, more: number | string = 0) {
    const list = typeof errors === 'string' ? [{ where: errors, problem: String(more) }] : errors;
    const extra = typeof more === 'number' ? more : 0;
    super(list.map((e) => `${e.where}: ${e.problem}`).join('\n') + (extra > 0 ? `\n… 그 밖에 오류 ${extra}개 / and ${extra} more` : ''));
    this.name = 'ImportError';
    this.errors = list;
    this.more = extra;
  }
  get where(): string {
    return this.errors[0]!.where;
  }
  get problem(): string {
    return this.errors[0]!.problem;
  }
}

/** Collects problems, keeping the first MAX_IMPORT_ERRORS and counting the rest. */
class Problems {
  readonly list: ImportProblem[] = [];
  more = 0;
  add(where: string, problem: string): void {
    if (this.list.length < MAX_IMPORT_ERRORS) this.list.push({ where: where || '/', problem });
    else this.more++;
  }
  throwIfAny(): void {
    if (this.list.length) throw new ImportError(this.list, this.more);
  }
}

/** Line and column (from 1) of a character offset. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** JSON.parse, or the line and column of the syntax error: a truncated file ends at its last character. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const m = /position (\d+)/.exec(message);
    const at = m ? Number(m[1]) : /end of JSON input|Unterminated/i.test(message) ? text.length : undefined;
    const where = at === undefined ? 'JSON' : lineColumn(text, at);
    throw new ImportError([{ where, problem: `올바른 JSON이 아닙니다 / not valid JSON (${message})` }]);
  }
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Schema problems in Korean, one per place (a union's alternatives are one problem, an unknown field is named). */
function schemaProblems(data: unknown, out: Problems): void {
  const byPlace = new Map<string, ReturnType<typeof Value.Errors>>();
  for (const e of Value.Errors(ImportFile, data)) {
    if (e.keyword === 'boolean') continue; // the additionalProperties error on the object names the field
    const list = byPlace.get(e.instancePath) ?? [];
    list.push(e);
    byPlace.set(e.instancePath, list);
  }
  for (const [place, errors] of byPlace) {
    const union = errors.find((e) => e.keyword === 'anyOf');
    for (const e of union ? [union] : errors) {
      const p = e.params as { additionalProperties?: string[]; requiredProperties?: string[]; limit?: number; type?: string };
      if (e.keyword === 'additionalProperties') {
        for (const name of p.additionalProperties ?? [])
          out.add(`${place}/${escapePointer(name)}`, `알 수 없는 항목입니다 / unknown field "${name}"`);
      } else if (e.keyword === 'required') {
        out.add(place, `필수 항목이 없습니다 / ${e.message}`);
      } else if (e.keyword === 'anyOf') {
        out.add(
          place,
          `형식이 맞지 않습니다 / ${
            errors
              .filter((x) => x !== union)
              .map((x) => x.message)
              .join(' or ') || e.message
          }`,
        );
      } else {
        out.add(place, `형식이 맞지 않습니다 / ${e.message}`);
      }
    }
  }
}

/** Every string that holds a NUL character (PostgreSQL text cannot store it). */
function nulProblems(value: unknown, place: string, out: Problems): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      out.add(place, 'NUL 문자(\\u0000)가 들어 있어 저장할 수 없습니다. 지우고 다시 시도하세요. / contains a NUL character');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulProblems(v, `${place}/${i}`, out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulProblems(v, `${place}/${escapePointer(k)}`, out);
  }
}

type Loose = Record<string, unknown>;
const list = (v: unknown): Loose[] => (Array.isArray(v) ? v.filter((x): x is Loose => !!x && typeof x === 'object') : []);
const tagNames = (groups: unknown) => new Set(list(groups).flatMap((g) => list(g.tags).map((t) => t.name)));

/** What the schema cannot say: pins' tags known (their places: placeProblems). Reads a file that may be partly malformed. */
function meaningProblems(data: unknown, out: Problems): void {
  if (!data || typeof data !== 'object') return;
  const file = data as Loose;
  const shared = tagNames(file.tagGroups);
  list(file.categoryGroups).forEach((g, gi) =>
    list(g.categories).forEach((c, ci) => {
      const own = tagNames(c.tagGroups);
      list(c.pins).forEach((p, pi) => {
        const at = `/categoryGroups/${gi}/categories/${ci}/pins/${pi}`;
        (Array.isArray(p.tags) ? (p.tags as unknown[]) : []).forEach((name, ti) => {
          if (typeof name === 'string' && !own.has(name) && !shared.has(name))
            out.add(`${at}/tags/${ti}`, `알 수 없는 태그 "${name}": 이 카테고리의 태그 그룹에도 공통 태그 그룹에도 없습니다 / unknown tag`);
        });
      });
    }),
  );
}

/** Two things of one kind with the same key, or two siblings with the same name, cannot be told apart on re-import. */
function duplicateProblems(data: unknown, out: Problems): void {
  if (!data || typeof data !== 'object') return;
  const file = data as Loose;
  const seen = new Map<string, string>();
  const once = (scope: string, value: unknown, at: string, what: string) => {
    if (typeof value !== 'string') return;
    const id = `${scope}\u0000${value}`;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, at);
    else out.add(at, `${what} "${value}"이(가) ${first}에도 있습니다 / duplicate ${what === '키' ? 'key' : 'name'}, also at ${first}`);
  };
  const tagGroups = (groups: unknown, at: string, nameScope: string) =>
    list(groups).forEach((tg, i) => {
      const here = `${at}/tagGroups/${i}`;
      once('tag group key', tg.key, `${here}/key`, '키');
      once(`tag group name ${nameScope}`, tg.name, `${here}/name`, '이름');
      list(tg.tags).forEach((t, ti) => {
        once(`tag key ${here}`, t.key, `${here}/tags/${ti}/key`, '키');
        once(`tag name ${here}`, t.name, `${here}/tags/${ti}/name`, '이름');
      });
    });
  tagGroups(file.tagGroups, '', 'shared');
  list(file.categoryGroups).forEach((g, gi) => {
    const at = `/categoryGroups/${gi}`;
    once('group key', g.key, `${at}/key`, '키');
    once('group name', g.name, `${at}/name`, '이름');
    list(g.categories).forEach((c, ci) => {
      const cat = `${at}/categories/${ci}`;
      once('category key', c.key, `${cat}/key`, '키');
      once(`category name ${gi}`, c.name, `${cat}/name`, '이름');
      tagGroups(c.tagGroups, cat, cat);
      list(c.pins).forEach((p, pi) => once('pin key', p.key, `${cat}/pins/${pi}/key`, '키'));
    });
  });
}

/**
 * Every pin's place against the world the file would make (./world.ts): a known region (id or key), inside its
 * extent, on a floor area of that region. A file whose `regions` the schema refused is placed against today's world.
 */
function placeProblems(data: unknown, out: Problems, fileWorldOk: boolean): void {
  if (!data || typeof data !== 'object') return;
  const file = data as Loose;
  let world: World;
  try {
    world = fileWorldOk ? mergeFileWorld(data as ImportFile) : currentWorld();
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    for (const x of e.errors) out.add(x.where, x.problem);
    return;
  }
  list(file.categoryGroups).forEach((g, gi) =>
    list(g.categories).forEach((c, ci) =>
      list(c.pins).forEach((p, pi) => {
        if (typeof p.x !== 'number' || typeof p.y !== 'number' || !['number', 'string'].includes(typeof p.region)) return;
        try {
          placeFilePin(world, p as unknown as FilePin, `/categoryGroups/${gi}/categories/${ci}/pins/${pi}`);
        } catch (e) {
          if (!(e instanceof ImportError)) throw e;
          for (const x of e.errors) out.add(x.where, x.problem);
        }
      }),
    ),
  );
}

/**
 * Parses and checks an import file: a leading UTF-8 BOM is dropped; broken JSON is refused with its line and column;
 * then every schema problem, NUL character, pin outside its region and unknown tag is named (up to 50) in one ImportError.
 */
export function parseImport(text: string): ImportFile {
  const data = parseJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const problems = new Problems();
  schemaProblems(data, problems);
  nulProblems(data, '', problems);
  meaningProblems(data, problems);
  duplicateProblems(data, problems);
  placeProblems(data, problems, !problems.list.some((x) => x.where.startsWith('/regions')));
  problems.throwIfAny();
  return data as ImportFile;
}

/**
 * Loads a checked file into the database in one transaction (all or nothing): what the database already holds (by key,
 * else by name, a pin by its place) is updated in place, the rest added; with `prune` what the file no longer holds
 * goes; `dryRun` only counts. Importing the same file again changes nothing.
 */
export async function importFile(db: Db, file: ImportFile, opts: ImportOptions = {}): Promise<ImportReport> {
  // Fields of the shared contract that other modules apply (regions and floor areas before the catalogue, category
  // icons and colours after it) are called from here, one line each, inside this same transaction.
  const report = await db.transaction(async (tx) => {
    // Regions and floor areas first (a dry run only reads the world they would make), then every pin's place.
    const place = opts.dryRun
      ? (
          (world) => (p: FilePin, at: string) =>
            placeFilePin(world, p, at)
        )(mergeFileWorld(file, await readWorld(tx)))
      : await applyWorld(tx, file);
    const placed: ImportFile = {
      ...file,
      categoryGroups: file.categoryGroups.map((g, gi) => ({
        ...g,
        categories: g.categories.map((c, ci) => ({
          ...c,
          pins: c.pins?.map((p, pi) => {
            const at = place(p, `/categoryGroups/${gi}/categories/${ci}/pins/${pi}`);
            const pin: ImportPin = { ...p, region: at.region, floor: at.floor, floorAreaId: at.floorArea };
            return pin as unknown as FilePin;
          }),
        })),
      })),
    };
    return reconcile(tx, placed, {
      ...opts,
      // Category colours and icons (./icons.ts), once each category's row is known.
      onCategory: opts.dryRun ? undefined : (id, index) => applyCategoryLooks(tx, id, file.categoryGroups[index[0]]!.categories[index[1]]!),
    });
  });
  if (!opts.dryRun) await afterWorldImport(db, file);
  // Open maps read their pins again (one notice for the whole import, not one per pin).
  const { added, updated, removed } = report;
  if (!opts.dryRun && added.pins + updated.pins + removed.pins > 0)
    await publishPinChange(db, { pinId: 0, categoryIds: [], kind: 'import' });
  return report;
}
