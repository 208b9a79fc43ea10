import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { migrate, openDb } from '../../server/db';
import { buildApp } from '../../server/app';
import { seedIfEmpty } from '../../server/seed/seed';
import { startLocalSimulator } from '../../tools/tracker-sim';
import { registerFaults } from '../support/faults';

/**
 * Port of the real server behind browser tests; vite proxies /api, /map and /images to it
 * (vite.config.ts reads the same API_PORT), so parallel runs on one machine can pick their own.
 */
export const BROWSER_TEST_API_PORT = Number(process.env.API_PORT ?? 18931);
/** The tracker simulator's port: TRACKER_SIM_PORT, or 15 above the API port (18946 by default). */
const TRACKER_SIM_PORT = Number(process.env.TRACKER_SIM_PORT ?? BROWSER_TEST_API_PORT + 15);
/**
 * Short, so a long test meets real expiries and refreshes on the way; tests that need an expired token at once age it
 * (EXPIRE_ACCESS_PATH, tests/support/faults.ts). Long enough for any one request.
 */
const ACCESS_TOKEN_TTL_S = 12;

/**
 * Browser tests talk to a real server (real database, real tiles) through the dev server's
 * proxy, so they fetch same-origin paths like `/api/v1/category/groups`.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-browser-'));
  const config = loadConfig(
    {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOCAL_LOGIN: '1',
      ACCESS_TOKEN_TTL_S: String(ACCESS_TOKEN_TTL_S),
      PUBLIC_URL: 'http://localhost:63315',
    },
    { serveClient: false, seedPins: Number(process.env.BROWSER_TEST_PINS ?? 6000), port: BROWSER_TEST_API_PORT },
  );
  const db = await openDb({});
  await migrate(db);
  await seedIfEmpty(db, config);
  // Tests arm faults in its answers (a snapshot cut mid-stream) through tests/support/faults.ts.
  const app = await buildApp({ config, db, hooks: registerFaults });
  await app.listen({ port: BROWSER_TEST_API_PORT, host: '127.0.0.1' });
  project.provide('apiOrigin', `http://127.0.0.1:${BROWSER_TEST_API_PORT}`);
  // The desktop tracker's local mode, played by our simulator, for the tracker's browser tests.
  const trackerSim = await startLocalSimulator({ port: TRACKER_SIM_PORT, host: '127.0.0.1', hz: 20, speed: 5 });
  project.provide('trackerSimUrl', trackerSim.url);
  return async () => {
    await trackerSim.close();
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
    trackerSimUrl: string;
  }
}
