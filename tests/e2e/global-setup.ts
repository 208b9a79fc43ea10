import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClientIfStale } from '../../scripts/build-client';
import { makeDataTemplate } from '../support/server';

/**
 * End-to-end journeys run against the built client served by the real server. Each server starts on a copy of a data
 * folder made here once by the real server's first start (`E2E_DATA_TEMPLATE`: the default demo world;
 * `E2E_DATA_TEMPLATE_3000`: 3,000 pins), not by a first start of its own (issue 24 item 7). Their drawn tiles go to one
 * folder for the run (`E2E_TILE_CACHE`, tests/support/server.ts): each tile is drawn once, not once a server.
 */
export default async function globalSetup(): Promise<() => void> {
  await buildClientIfStale();
  const [full, small] = await Promise.all([makeDataTemplate(), makeDataTemplate({ SEED_PINS: '3000' })]);
  if (full) process.env.E2E_DATA_TEMPLATE = full;
  if (small) process.env.E2E_DATA_TEMPLATE_3000 = small;
  const tiles = (process.env.E2E_TILE_CACHE = mkdtempSync(join(tmpdir(), 'wuwa-e2e-tiles-')));
  return () => {
    for (const dir of [full, small, tiles]) if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
