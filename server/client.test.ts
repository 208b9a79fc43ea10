import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testApp } from './test-helper';

// A small built client of its own, so the test never depends on whether dist/ was built.
describe('serving the built client', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'wuwa-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"명조 커뮤니티 지도"}');
    t = await testApp({ serveClient: true, clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers client routes with index.html', async () => {
    for (const url of ['/', '/pin/12', '/mypage', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and index.html as no-cache', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/')).headers['cache-control']).toBe('no-cache');
  });

  // Issue 21 item 4: a new service worker must be seen at the browser's next check, never held by an HTTP cache.
  it('serves the service worker and the web manifest revalidated, with their types', async () => {
    const sw = await t.app.inject('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
  });

  it('answers a missing asset with 404, not HTML', async () => {
    const res = await t.app.inject('/assets/gone-1234.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('keeps API 404s in the envelope', async () => {
    const res = await t.app.inject('/api/v1/nope');
    expect(res.json()).toMatchObject({ status: 404, error: { errClazz: 'not_found' } });
  });
});
