import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { testApp } from './test-helper';

// Needs a built client (npm start / the e2e setup build it); without one there is nothing to serve.
const built = existsSync(new URL('../dist/index.html', import.meta.url));

describe.runIf(built)('serving the built client', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => { t = await testApp({ serveClient: true }); });
  afterAll(() => t.close());

  it('answers client routes with index.html', async () => {
    for (const url of ['/', '/pin/12', '/mypage', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
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
