import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, seededApp } from '../../test-helper';
import { MAX_NOTE } from '../../../common/notes';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(300);
});
afterAll(async () => {
  await t?.close();
});

const note = (user: number | null, pin: number) => t.call(user, 'GET', `/api/v1/me/notes/${pin}`);
const write = (user: number | null, pin: number, body: unknown) => t.call(user, 'PUT', `/api/v1/me/notes/${pin}`, { body });

describe('private notes: /v1/me/notes/:id', () => {
  it('writes, replaces and deletes one note per player per pin, seen by its author only', async () => {
    const me = await t.newUser('메모1');
    const other = await t.newUser('메모2');
    expect((await note(me, 10)).body.result).toEqual({ note: null });
    const w = await write(me, 10, '  상자 뒤 절벽 위  ');
    expect(w.status).toBe(200);
    expect(w.body.result.note).toEqual({ pinId: 10, body: '상자 뒤 절벽 위', updatedAt: expect.any(Number) });
    expect((await write(me, 10, '고친 메모')).body.result.note.body).toBe('고친 메모');
    expect((await note(me, 10)).body.result.note.body).toBe('고친 메모');
    expect((await t.one<{ n: number }>('select count(*)::int as n from pin_notes where user_id = $1', [me])).n).toBe(1);
    // Another player sees none of it, and their own note on the same pin is theirs alone.
    expect((await note(other, 10)).body.result).toEqual({ note: null });
    await write(other, 10, '남의 메모');
    expect((await note(me, 10)).body.result.note.body).toBe('고친 메모');
    const del = await t.call(me, 'DELETE', '/api/v1/me/notes/10');
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ note: null });
    expect((await note(me, 10)).body.result).toEqual({ note: null });
    expect((await note(other, 10)).body.result.note.body).toBe('남의 메모');
    // Deleting again is harmless.
    expect((await t.call(me, 'DELETE', '/api/v1/me/notes/10')).status).toBe(200);
  });

  it('refuses a note over the limit, an empty one, NUL and wrong types with a Korean 400, writing nothing', async () => {
    const me = await t.newUser('메모3');
    const long = await write(me, 11, '가'.repeat(MAX_NOTE + 1));
    expect(long.status).toBe(400);
    expect(long.body.error?.messageTranslated).toBe(`메모는 ${MAX_NOTE}자 이하로 입력해 주세요.`);
    expect((await write(me, 11, '가'.repeat(MAX_NOTE))).status).toBe(200);
    const empty = await write(me, 11, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error?.messageTranslated).toBe('메모 내용을 입력해 주세요.');
    const nul = await write(me, 11, 'a\u0000b');
    expect(nul.status).toBe(400);
    expect(nul.body.error?.messageTranslated).toMatch(/[가-힣]/);
    expect((await write(me, 11, 42)).status).toBe(400);
    expect((await t.call(me, 'PUT', '/api/v1/me/notes/11', {})).status).toBe(400);
    expect((await t.call(me, 'PUT', '/api/v1/me/notes/abc', { body: 'x' })).status).toBe(400);
    expect((await note(me, 11)).body.result.note.body).toBe('가'.repeat(MAX_NOTE));
  });

  it('answers 404 for a hidden or unknown pin and 401 for a visitor', async () => {
    const me = await t.newUser('메모4');
    await write(me, 12, '숨겨질 핀');
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/pins/12/hide', { hidden: true })).status).toBe(200);
    for (const r of [await note(me, 12), await write(me, 12, 'x'), await t.call(me, 'DELETE', '/api/v1/me/notes/12')]) {
      expect(r.status).toBe(404);
      expect(r.body.error?.messageTranslated).toBe('핀을 찾을 수 없습니다.');
    }
    expect((await note(me, 999_999)).status).toBe(404);
    expect((await write(me, 999_999, 'x')).status).toBe(404);
    expect((await note(null, 13)).status).toBe(401);
    expect((await write(null, 13, 'x')).status).toBe(401);
  });
});

describe('"내 메모" search: /v1/search?notes=true', () => {
  it("finds the caller's notes (accent-, case- and spacing-insensitive), lists them all on an empty query, and badges them in search", async () => {
    const me = await t.newUser('메모검색1');
    const other = await t.newUser('메모검색2');
    await write(me, 20, '보물 상자 근처 Échelle');
    await write(me, 21, '나중에 다시 오기');
    await write(other, 22, '보물 상자');
    const s = await t.call(me, 'GET', `/api/v1/search?notes=true&q=${encodeURIComponent('보물상자근처 ECHELLE')}`);
    expect(s.status).toBe(200);
    expect(s.body.result.total).toBe(1);
    expect(s.body.result.pins.map((p: { id: number }) => p.id)).toEqual([20]);
    expect(s.body.result.pins[0]).toMatchObject({ snippet: '보물 상자 근처 Échelle', note: '보물 상자 근처 Échelle' });
    const all = await t.call(me, 'GET', '/api/v1/search?notes=true&q=');
    expect(all.body.result.pins.map((p: { id: number }) => p.id)).toEqual([20, 21]);
    // Paged like every search.
    const page1 = await t.call(me, 'GET', '/api/v1/search?notes=true&q=&limit=1');
    expect(page1.body.result.next).toBe('20');
    const page2 = await t.call(me, 'GET', '/api/v1/search?notes=true&q=&limit=1&after=20');
    expect(page2.body.result.pins.map((p: { id: number }) => p.id)).toEqual([21]);
    // The ordinary search carries the caller's note (the badge), nobody else's.
    const plain = await t.call(other, 'GET', `/api/v1/search?q=${encodeURIComponent('핀 번호 20')}`);
    expect(plain.body.result.pins[0]).toMatchObject({ id: 20 });
    expect(plain.body.result.pins[0].note).toBeUndefined();
    const mine = await t.call(me, 'GET', `/api/v1/search?q=${encodeURIComponent('핀 번호 20')}`);
    expect(mine.body.result.pins[0]).toMatchObject({ id: 20, note: '보물 상자 근처 Échelle' });
    expect((await t.call(null, 'GET', '/api/v1/search?notes=true&q=a')).status).toBe(401);
    expect((await t.call(me, 'GET', '/api/v1/search?q=')).status).toBe(400);
  });
});
