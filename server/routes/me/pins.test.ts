import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/me/pins', () => {
  it('lists the caller registered pins, newest first', async () => {
    const created = await t.call(11, 'PUT', '/api/v1/pin', { coordX: 1, coordY: 2, categoryId: 1, region: 0, content: '내 핀' });
    const r = await t.call(11, 'GET', '/api/v1/me/pins?n=3');
    const count = await t.one<{ n: number }>('select count(*)::int as n from pins where registerer_id = 11');
    expect(r.body.result.total).toBe(count.n);
    expect(r.body.result.pins[0]).toMatchObject({ id: created.body.result.id, snippet: '내 핀', categoryId: 1 });
    expect(r.body.result.pins.length).toBeLessThanOrEqual(3);
    expect((await t.call(null, 'GET', '/api/v1/me/pins')).body.error?.errClazz).toBe('requires_login');
    expect((await t.call(11, 'GET', '/api/v1/me/pins?n=0')).status).toBe(400);
  });
});
