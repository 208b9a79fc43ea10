// The response schemas of search, a shared route and the world (issue 24 item 5) drop nothing: each answer reaches the
// client field for field as its handler made it (answer-probe.ts). The world still revalidates with a 304.
import { describe, expect, it } from 'vitest';
import { probedServer } from './answer-probe';

const s = probedServer();
const probe = s.probe;

const USER = 7;
const result = s.result;

describe('search, shared route and world answers keep every field', () => {
  it('search: the first page (categories, total), a next page, and a note on a hit', async () => {
    const pin = await s.t.one<{ id: number; description: string }>(
      'select id, description from pins where length(description) > 3 order by id limit 1',
    );
    await result(USER, 'PUT', `/api/v1/me/notes/${pin.id}`, { body: '내 메모 글' });
    const q = encodeURIComponent(pin.description.slice(0, 2));
    const first = await result(USER, 'GET', `/api/v1/search?q=${q}&limit=1`);
    expect(first).toMatchObject({ total: expect.any(Number), categories: expect.any(Array), pins: [expect.any(Object)] });
    if (first.next) await result(USER, 'GET', `/api/v1/search?q=${q}&limit=1&after=${first.next}`);
    const notes = await result(USER, 'GET', '/api/v1/search?q=&notes=true');
    expect(notes.pins.find((p: { id: number }) => p.id === pin.id)).toMatchObject({ note: '내 메모 글', checked: expect.any(Boolean) });
  });

  it('a shared route, for its owner and for a visitor', async () => {
    const pins = (await s.t.db.query<{ id: number }>('select id from pins where not hidden order by id limit 3')).rows.map((r) => r.id);
    const saved = await result(USER, 'POST', '/api/v1/me/routes', {
      name: '답 경로',
      pinIds: pins,
      start: { x: 1.5, y: -2, floor: null },
      categories: [1],
      area: 'view',
      region: 0,
    });
    const token = saved.routes[0].shareToken as string;
    expect(await result(USER, 'GET', `/api/v1/route/${token}`)).toMatchObject({ mine: true, missing: 0, start: { floor: null } });
    expect(await result(null, 'GET', `/api/v1/route/${token}`)).toMatchObject({
      mine: false,
      stops: pins.map((id) => expect.objectContaining({ id })),
    });
  });

  it('the world, and its 304', async () => {
    const res = await s.t.as(null, { method: 'GET', url: '/api/v1/world' });
    const world = probe.expectLossless(res) as { result: { regions: unknown[] } };
    expect(world.result.regions.length).toBeGreaterThan(0);
    const again = await s.t.as(null, { method: 'GET', url: '/api/v1/world', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
