import { loadConfig, type Config } from './config';
import { migrate, openDb, type Db } from './db';
import { buildApp, type AppOptions } from './app';

/** A server on a fresh in-memory PGlite, or on TEST_DATABASE_URL's PostgreSQL when set (schema reset first). */
export async function testApp(overrides: Partial<Config> = {}, options: Pick<AppOptions, 'relayLimits' | 'onRoute'> = {}) {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: '.tmp/test-data' }, { serveClient: false, ...overrides });
  const url = process.env.TEST_DATABASE_URL;
  const db: Db = await openDb({ databaseUrl: url });
  if (url) await db.exec('drop schema public cascade; create schema public;');
  await migrate(db);
  const app = await buildApp({ config: { ...config, databaseUrl: url }, db, logger: process.env.TEST_LOG === '1', ...options });
  await app.ready();
  return { app, db, config, close: async () => { await app.close(); await db.close(); } };
}
