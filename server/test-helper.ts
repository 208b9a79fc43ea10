// The one way server tests get a server: `testApp` (an empty world) or `seededApp` (the demo world),
// both called in-process with `app.inject`, each with the same helpers for players and calls.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from './config';
import { migrate, openDb, type Db } from './db';
import { MIGRATIONS_DIR } from './db/migrate';
import { dumpOf, openPglite } from './db/pglite';
import { buildApp, type AppOptions } from './app';
import { createSession } from './auth/sessions';
import { seedWorld } from './seed/seed';

/** Demo user ids of the seed: 1 is an admin, 2 a moderator, the rest plain users. */
export const ADMIN = 1;
export const MODERATOR = 2;

/** The envelope of a JSON answer as tests read it (results stay untyped: tests read arbitrary JSON). */
export interface TestAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { status: number; error: { messageTranslated: string; errClazz: string; message: string } | null; result: any };
}

/**
 * The data folder of server tests: one per database kind, so that the suite's run on PGlite and its run on
 * PostgreSQL (`npm test` runs them side by side) never write the same files, and one per Vitest worker (unit files
 * run several at once, tests/support/unit-setup.ts).
 */
export const TEST_DATA_DIR = `${process.env.TEST_DATABASE_URL ? '.tmp/test-data-pg' : '.tmp/test-data'}/w${process.env.VITEST_POOL_ID ?? '1'}`;

/**
 * An embedded database with every migration applied, made once for all the suite's files (a file under .tmp named by
 * the digest of the migrations and package-lock.json) and started from by each test server: an empty database and every
 * migration take about 5 s here, an open from the template about 1 s (server/routes/me: 74 s before, 53 s after, one run
 * each, quiet machine; until server/db/pglite.test.ts's fix the template was silently not used).
 */
async function migratedTemplate(): Promise<Blob> {
  const digest = createHash('sha1');
  digest.update(readFileSync('package-lock.json'));
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) digest.update(f).update(readFileSync(join(MIGRATIONS_DIR, f)));
  const file = join('.tmp', 'pglite-template', `${digest.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Made by whichever worker gets here first; two at once each write their own and rename it over the other's.
    const dump = await dumpOf(async (db) => void (await migrate(db)));
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(tmp, file);
    return dump;
  }
}

/**
 * A server on a fresh in-memory PGlite (started from the migrated template), or on TEST_DATABASE_URL's PostgreSQL when set (the worker's own database,
 * tests/support/unit-setup.ts; schema reset first), with helpers: `newUser` makes a player, `cookie` signs one in, `as`/`call` make a request
 * as a player (null: a visitor) and `one` reads one row.
 */
export async function testApp(overrides: Partial<Config> = {}, options: Pick<AppOptions, 'relayLimits' | 'onRoute'> = {}) {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: TEST_DATA_DIR }, { serveClient: false, ...overrides });
  const url = process.env.TEST_DATABASE_URL;
  const db: Db = url ? await openDb({ databaseUrl: url }) : await openPglite(undefined, await migratedTemplate());
  if (url) await db.exec('drop schema public cascade; create schema public;');
  await migrate(db);
  const app = await buildApp({ config: { ...config, databaseUrl: url }, db, logger: process.env.TEST_LOG === '1', ...options });
  await app.ready();

  const cookies = new Map<number, string>();
  /** The session cookie of a player (one session per player, made on first use). */
  async function cookie(userId: number): Promise<string> {
    let c = cookies.get(userId);
    if (!c) {
      c = (await createSession(app, userId)).cookieHeader;
      cookies.set(userId, c);
    }
    return c;
  }
  /** A new player; its id. */
  async function newUser(nickname: string, fields: { email?: string; checkTime?: number } = {}): Promise<number> {
    const { rows } = await db.query<{ id: number }>('insert into users (nickname, email, check_time) values ($1, $2, $3) returning id', [
      nickname,
      fields.email ?? null,
      fields.checkTime ?? 0,
    ]);
    return rows[0]!.id;
  }
  /** A request as `userId` (signed in), or as a visitor when null. */
  async function as(userId: number | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (userId !== null) headers.cookie = await cookie(userId);
    return app.inject({ ...opts, headers });
  }
  /** A JSON call as `userId` (or a visitor); the status and the parsed envelope. */
  async function call(userId: number | null, method: InjectOptions['method'], url: string, payload?: unknown): Promise<TestAnswer> {
    const r = await as(userId, { method, url, payload: payload as InjectOptions['payload'] });
    return { status: r.statusCode, body: r.json() };
  }
  /** The first row of a query. */
  async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
    return (await db.query<T>(sql, params)).rows[0]!;
  }
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
    cookie,
    newUser,
    as,
    call,
    one,
  };
}

/**
 * Pins whose found count (`total_checks`) is not the number of their checks: 0 while the counts are exact. Counts the
 * checks of every profile (`profile_checks`, the real table); the `checks` view holds only each player's active
 * profile, so counting over it misses the checks of the others.
 */
export async function miscountedPins(db: Db): Promise<number> {
  const { rows } = await db.query<{ bad: number }>(
    'select count(*)::int as bad from pins p where total_checks <> (select count(*) from profile_checks c where c.pin_id = p.id)',
  );
  return rows[0]!.bad;
}

/** How many checks player `userId` holds, in all their profiles (0 once the account is deleted with everything it had). */
export async function checksOf(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from profile_checks c join progress_profiles f on f.id = c.profile_id where f.user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

/** A test server on a fresh database seeded with `pins` demo pins (seed 42): users, categories, tags, pins, checks. */
export async function seededApp(pins = 1500, options: Parameters<typeof testApp>[1] = {}) {
  const t = await testApp({ seedPins: pins }, options);
  await seedWorld(t.db, { pins, seed: 42, dataDir: t.config.dataDir });
  return t;
}
