// Issue 24 item 5: every /v1/me answer keeps all it has. Each route declares its response schema (common/api), and
// the serializer drops what a schema leaves out: a real answer must equal what its handler returned, of the shape
// the client's type (the schema's Static) reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { seededApp } from '../../test-helper';
import { answerProbe } from '../answer-probe';
import {
  ImportResultSchema,
  MeSchema,
  ProfileListSchema,
  ProgressExportSchema,
  RecentActionsSchema,
  RivalPlanSchema,
  UndoResultSchema,
  UserChecksSchema,
} from '../../../common/api';

const probe = answerProbe();
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(300, { onRoute: probe.onRoute });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (user: number, url: string) => t.as(user, { method: 'GET', url });
const send = (user: number, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.as(user, { method, url, ...(payload ? { payload } : {}) });

describe('/v1/me answers keep every field', () => {
  it('the check list, recent actions and an undo', async () => {
    const user = await t.newUser('모양1');
    await send(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [10, 11, 12], check: true });
    expect(probe.whole(await get(user, '/api/v1/me/checks'), UserChecksSchema)).toMatchObject({ userId: user, pinIds: [10, 11, 12] });
    const { actions } = probe.whole(await get(user, '/api/v1/me/actions'), RecentActionsSchema);
    expect(actions).toEqual([
      {
        id: expect.any(Number),
        kind: 'batch',
        check: true,
        count: 3,
        at: expect.any(Number),
        device: expect.any(String),
        undoneAt: null,
        undoable: true,
      },
    ]);
    const undo = probe.whole(await send(user, 'POST', `/api/v1/me/actions/${actions[0].id}/undo`), UndoResultSchema);
    expect(undo).toMatchObject({ userId: user, actionId: expect.any(Number), restored: 3, userChecks: [] });
    expect(undo.checkTime).toBeGreaterThan(undo.lastCheckTime);
  });

  it('export (JSON and CSV) and import, previewed and applied', async () => {
    const user = await t.newUser('모양2');
    await send(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [20, 21], check: true });
    const file = probe.whole(await get(user, '/api/v1/me/export'), ProgressExportSchema);
    expect(file).toMatchObject({ version: 1, pins: [{ pinId: 20 }, { pinId: 21 }] });
    const csv = await get(user, '/api/v1/me/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('pinId,checkedAt');

    const other = await t.newUser('모양3');
    const preview = probe.whole(
      await send(other, 'POST', '/api/v1/me/import', { mode: 'merge', data: file, preview: true }),
      ImportResultSchema,
    );
    expect(preview).toEqual({ applied: false, mode: 'merge', add: 2, remove: 0, unchanged: 0, unknown: 0 });
    const applied = probe.whole(await send(other, 'POST', '/api/v1/me/import', { mode: 'merge', data: csv.body }), ImportResultSchema);
    // The client offers "실행 취소" with actionId and keeps checkTime.
    expect(applied).toMatchObject({ applied: true, add: 2, actionId: expect.any(Number), checkTime: expect.any(Number) });
  });

  it('every profile call answers the whole list', async () => {
    const user = await t.newUser('모양4');
    const list = probe.whole(await get(user, '/api/v1/me/profiles'), ProfileListSchema);
    expect(list).toMatchObject({ max: 10, profiles: [{ name: '기본', found: 0, active: true, createdAt: expect.any(Number) }] });
    const made = probe.whole(await send(user, 'POST', '/api/v1/me/profiles', { name: '부캐', activate: true }), ProfileListSchema);
    const second = made.profiles.find((p: { name: string }) => p.name === '부캐');
    expect(made.active).toBe(second.id);
    probe.whole(await send(user, 'PATCH', `/api/v1/me/profiles/${second.id}`, { name: '둘째' }), ProfileListSchema);
    const back = probe.whole(await send(user, 'POST', `/api/v1/me/profiles/${list.active}/activate`), ProfileListSchema);
    expect(back.active).toBe(list.active);
    const left = probe.whole(await send(user, 'DELETE', `/api/v1/me/profiles/${second.id}`), ProfileListSchema);
    expect(left.profiles).toHaveLength(1);
  });

  it("the other map's backup, previewed and applied", async () => {
    const user = await t.newUser('모양5');
    const pin = await t.one<{ x: number; y: number; category: string }>(
      'select p.coord_x as x, p.coord_y as y, c.name as category from pins p join categories c on c.id = p.category_id where not p.hidden order by p.id limit 1',
    );
    const data = {
      version: 1,
      profiles: [{ name: '메인', found: { m0: true } }],
      markers: [{ id: 'm0', category: pin.category, x: pin.x, y: pin.y }],
    };
    const preview = probe.whole(await send(user, 'POST', '/api/v1/me/import/rival', { data, preview: true }), RivalPlanSchema);
    expect(preview).toMatchObject({
      applied: false,
      profile: 0,
      target: 'active',
      into: '기본',
      add: 1,
      profiles: [{ index: 0, name: '메인', matched: 1 }],
    });
    const applied = probe.whole(await send(user, 'POST', '/api/v1/me/import/rival', { data, target: 'new' }), RivalPlanSchema);
    expect(applied).toMatchObject({ applied: true, into: '메인', add: 1, actionId: expect.any(Number), checkTime: expect.any(Number) });
  });

  it('the account: read, renamed, deleted (a null result)', async () => {
    const user = await t.newUser('모양6', { email: 'shape6@example.com' });
    expect(probe.whole(await get(user, '/api/v1/me'), MeSchema)).toMatchObject({ id: user, email: 'shape6@example.com', role: 'user' });
    expect(probe.whole(await send(user, 'PATCH', '/api/v1/me', { nickname: '모양육' }), MeSchema)).toMatchObject({ nickname: '모양육' });
    expect(probe.whole(await send(user, 'DELETE', '/api/v1/me'), Type.Null())).toBeNull();
  });
});
