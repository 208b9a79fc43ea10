import type { Config } from '../config';
import type { Db } from '../db';
import { LOCK_SEED } from '../db/migrate';
import { bulkInsert, resetSequences } from './bulk';
import { generateActivity, generateCatalog, generatePins } from './generate';
import { writeSeedImages } from './images';

/** Largest pin count the generator accepts. */
export const MAX_SEED_PINS = 2_000_000;

/** Returns the count as a number, or a one-line Korean + English reason why it is refused. */
export function checkPinCount(value: unknown): { ok: true; pins: number } | { ok: false; message: string } {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_SEED_PINS) {
    return {
      ok: false,
      message: `핀 개수는 0 이상 ${MAX_SEED_PINS.toLocaleString('ko-KR')} 이하의 정수여야 합니다 (받은 값: ${String(value)}). / The pin count must be an integer from 0 to ${MAX_SEED_PINS} (got ${String(value)}).`,
    };
  }
  return { ok: true, pins: n };
}

export interface SeedOptions {
  pins: number;
  seed: number;
  /** Where the demo images go (`<dataDir>/images`). */
  dataDir: string;
}

/** Writes the whole demo world into an empty schema. Throws on a refused pin count. */
export async function seedWorld(db: Db, opts: SeedOptions): Promise<{ pins: number; ms: number }> {
  const checked = checkPinCount(opts.pins);
  if (!checked.ok) throw new RangeError(checked.message);
  const started = performance.now();
  const now = Date.now();
  const catalog = generateCatalog();
  await writeSeedImages(opts.dataDir, opts.seed);
  await db.transaction(async (tx) => {
    // The generated rows are consistent by construction, so foreign-key triggers (one lookup per
    // row per key) are skipped where the role may do so (PGlite runs as a superuser).
    const su = await tx.query<{ s: boolean }>('select rolsuper as s from pg_roles where rolname = current_user');
    if (su.rows[0]?.s) await tx.exec('set local session_replication_role = replica');
    await bulkInsert(
      tx,
      'users',
      [
        ['id', 'int'],
        ['nickname', 'text'],
        ['email', 'text'],
        ['role', 'text'],
      ],
      catalog.users,
    );
    await bulkInsert(
      tx,
      'category_groups',
      [
        ['id', 'int'],
        ['name', 'text'],
        ['sort', 'int'],
      ],
      catalog.groups,
    );
    await bulkInsert(
      tx,
      'categories',
      [
        ['id', 'int'],
        ['group_id', 'int'],
        ['name', 'text'],
        ['icon', 'int'],
        ['sort', 'int'],
        ['last_edited', 'bigint'],
      ],
      catalog.categories.map(({ spec: _spec, ...c }) => ({ ...c, last_edited: now })),
    );
    await bulkInsert(
      tx,
      'tag_groups',
      [
        ['id', 'int'],
        ['category_id', 'int'],
        ['name', 'text'],
        ['sort', 'int'],
      ],
      catalog.tagGroups,
    );
    // The demo catalogue is keyed demo:… (migration 015) so that world:clear finds it and an import never takes it for
    // its own; every row is the demo's here (the schema was empty). Migration tests seed an older schema without keys.
    const keyed = await tx.query(
      "select 1 from pg_attribute where attrelid = 'categories'::regclass and attname = 'key' and not attisdropped",
    );
    if (keyed.rows.length)
      await tx.exec(
        "update category_groups set key = 'demo:group:' || id; update categories set key = 'demo:category:' || id; update tag_groups set key = 'demo:tagGroup:' || id",
      );
    await bulkInsert(
      tx,
      'tags',
      [
        ['id', 'int'],
        ['group_id', 'int'],
        ['name', 'text'],
        ['flag', 'int'],
      ],
      catalog.tags,
    );
    // Activity first: each pin's total_checks goes in with the pin (no second pass rewriting pins).
    const activity = generateActivity(opts.seed, checked.pins, catalog, now);
    const totals = new Int32Array(checked.pins + 1);
    for (const c of activity.checks) totals[c.pin_id]!++;
    for (const batch of generatePins(opts.seed, checked.pins, catalog)) {
      await bulkInsert(
        tx,
        'pins',
        [
          ['id', 'int'],
          ['category_id', 'int'],
          ['region', 'int'],
          ['coord_x', 'real'],
          ['coord_y', 'real'],
          ['coord_z', 'real'],
          ['description', 'text'],
          ['image', 'text'],
          ['registerer_id', 'int'],
          ['total_checks', 'int'],
        ],
        batch.pins.map((p) => ({ ...p, total_checks: totals[p.id] })),
      );
      await bulkInsert(
        tx,
        'pin_tags',
        [
          ['pin_id', 'int'],
          ['tag_id', 'int'],
        ],
        batch.pinTags,
        20_000,
      );
    }
    await bulkInsert(
      tx,
      'comments',
      [
        ['id', 'int'],
        ['pin_id', 'int'],
        ['user_id', 'int'],
        ['content', 'text'],
        ['image', 'text'],
        ['created_at', 'timestamptz'],
      ],
      activity.comments,
    );
    await bulkInsert(
      tx,
      'comment_likes',
      [
        ['comment_id', 'int'],
        ['user_id', 'int'],
        ['type', 'text'],
      ],
      activity.likes,
      20_000,
    );
    // Each seeded player's found pins are their first progress profile's (created with the player, migration 020);
    // the migration tests seed a database from before it, where checks is still the table.
    const profiled = (await tx.query<{ t: string | null }>("select to_regclass('profile_checks')::text as t")).rows[0]?.t != null;
    const profiles = profiled
      ? new Map(
          (await tx.query<{ id: number; active_profile: number }>('select id, active_profile from users')).rows.map((r) => [
            r.id,
            r.active_profile,
          ]),
        )
      : null;
    await bulkInsert(
      tx,
      profiles ? 'profile_checks' : 'checks',
      [
        [profiles ? 'profile_id' : 'user_id', 'int'],
        ['pin_id', 'int'],
      ],
      profiles ? activity.checks.map((c) => ({ profile_id: profiles.get(c.user_id), pin_id: c.pin_id })) : activity.checks,
      20_000,
    );
    await tx.query('update users set check_time = $1 where id in (select distinct user_id from checks)', [now]);
    await resetSequences(tx, ['users', 'category_groups', 'categories', 'tag_groups', 'tags', 'pins', 'comments']);
    // The version triggers were skipped with the others (a replica session): the world's pins changed, so every
    // region's version moves, as a statement of a normal session would have moved them (snapshots and progress
    // totals kept at the old version are stale). Migration tests seed a schema from before the function.
    const bump = await tx.query<{ f: string | null }>("select to_regprocedure('bump_region_versions(integer[])')::text as f");
    if (bump.rows[0]?.f) await tx.query('select bump_region_versions(null)');
  });
  return { pins: checked.pins, ms: Math.round(performance.now() - started) };
}

/**
 * Seeds the demo world when the database has no categories yet; null when it already has data, or when SEED_PINS=0
 * asks for an empty world (an operator's start from zero: no demo catalogue, pins or players). Runs under an
 * advisory lock in one transaction, so of N processes starting together on an empty database one seeds and
 * the others find the world there.
 */
export async function seedIfEmpty(db: Db, config: Config): Promise<{ pins: number; ms: number } | null> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_SEED]);
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from categories');
    if ((rows[0]?.n ?? 0) > 0 || config.seedPins === 0) return null;
    return seedWorld(tx, { pins: config.seedPins, seed: config.seed, dataDir: config.dataDir });
  });
}
