// Progress from the other fan map's JSON backup (issue 22 item 5): markers matched to our pins by key or by category
// and position, a preview per backup profile, one undoable import; a malformed backup is a Korean 400, nothing applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';
import { rivalMessages } from '../../../common/rival-backup';

let t: Awaited<ReturnType<typeof seededApp>>;
type Pin = { id: number; x: number; y: number; category: string; region: number };
let pins: Pin[];
beforeAll(async () => {
  t = await seededApp(1500);
  // Pins of one category far enough from each other that each marker has one nearest pin.
  pins = (
    await t.db.query<Pin>(
      `select p.id, p.coord_x as x, p.coord_y as y, c.name as category, p.region from pins p join categories c on c.id = p.category_id
        where not p.hidden and not exists (select 1 from pins q where q.id <> p.id and q.category_id = p.category_id
          and abs(q.coord_x - p.coord_x) < 30 and abs(q.coord_y - p.coord_y) < 30)
        order by p.id limit 6`,
    )
  ).rows;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;

/** A backup: profile 메인 found markers m0..m3 (m3 is nowhere near a pin), 부캐 found m4 and one without a place. */
function backup() {
  const at = (p: Pin, dx: number) => ({ x: p.x + dx, y: p.y - dx });
  return {
    version: 1,
    profiles: [
      { name: '메인', found: { m0: true, m1: 1_700_000_000_000, m2: '2024-01-02T03:04:05Z', m3: true, gone: false } },
      { name: '부캐', found: { m4: true, lost: true } },
    ],
    markers: [
      { id: 'm0', category: pins[0]!.category, ...at(pins[0]!, 2) },
      { id: 'm1', category: pins[1]!.category, ...at(pins[1]!, -3), region: pins[1]!.region },
      { id: 'm2', category: pins[2]!.category, ...at(pins[2]!, 0) },
      { id: 'm3', category: pins[3]!.category, x: pins[3]!.x + 500, y: pins[3]!.y },
      { id: 'm4', category: pins[4]!.category, ...at(pins[4]!, 1) },
    ],
  };
}

describe('import from the other map', () => {
  it('previews per profile, then merges the chosen one into the active profile as one undoable action', async () => {
    expect(pins).toHaveLength(6);
    const user = await t.newUser('라이벌1');
    await t.call(user, 'POST', `/api/v1/pin/${pins[0]!.id}/check`, { check: true });
    const preview = await t.call(user, 'POST', '/api/v1/me/import/rival', { data: backup(), preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({
      applied: false,
      profile: 0,
      target: 'active',
      into: '기본',
      profiles: [
        { index: 0, name: '메인', found: 4, matched: 3, unmatched: 1, byKey: 0, byPosition: 3 },
        { index: 1, name: '부캐', found: 2, matched: 1, unmatched: 1 },
      ],
      add: 2,
      unchanged: 1,
    });
    expect(await mine(user)).toEqual([pins[0]!.id]); // the preview changes nothing
    const applied = await t.call(user, 'POST', '/api/v1/me/import/rival', { data: backup() });
    expect(applied.body.result).toMatchObject({ applied: true, add: 2, actionId: expect.any(Number) });
    expect(await mine(user)).toEqual([pins[0]!.id, pins[1]!.id, pins[2]!.id].sort((a, b) => a - b));
    // The backup's times are the pins' found times.
    const exp = (await t.call(user, 'GET', '/api/v1/me/export')).body.result.pins as { pinId: number; checkedAt: number }[];
    expect(exp.find((p) => p.pinId === pins[1]!.id)?.checkedAt).toBe(1_700_000_000_000);
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${applied.body.result.actionId}/undo`);
    expect(undo.body.result.restored).toBe(2);
    expect(await mine(user)).toEqual([pins[0]!.id]);
  });

  it('imports a backup profile into a new profile of ours, named as it, made active', async () => {
    const user = await t.newUser('라이벌2');
    await t.call(user, 'POST', `/api/v1/pin/${pins[5]!.id}/check`, { check: true });
    const preview = await t.call(user, 'POST', '/api/v1/me/import/rival', { data: backup(), profile: 1, target: 'new', preview: true });
    expect(preview.body.result).toMatchObject({ into: '부캐', add: 1, unchanged: 0 });
    const applied = await t.call(user, 'POST', '/api/v1/me/import/rival', { data: backup(), profile: 1, target: 'new' });
    expect(applied.body.result).toMatchObject({ applied: true, add: 1 });
    const list = (await t.call(user, 'GET', '/api/v1/me/profiles')).body.result;
    expect(list.profiles.map((p: { name: string; found: number; active: boolean }) => [p.name, p.found, p.active])).toEqual([
      ['기본', 1, false],
      ['부캐', 1, true],
    ]);
    expect(await mine(user)).toEqual([pins[4]!.id]);
  });

  it('matches by the imported pins’ keys where pins have them, before position', async () => {
    await t.db.exec('alter table pins add column if not exists key text');
    await t.db.query('update pins set key = $2 where id = $1', [pins[5]!.id, 'rival:chest:77']);
    const user = await t.newUser('라이벌3');
    const data = {
      version: 1,
      profiles: [{ name: 'k', found: { '77': true, other: true } }],
      markers: [{ id: '77', key: 'rival:chest:77' }],
    };
    const preview = await t.call(user, 'POST', '/api/v1/me/import/rival', { data, preview: true });
    expect(preview.body.result.profiles[0]).toMatchObject({ matched: 1, byKey: 1, unmatched: 1 });
    await t.call(user, 'POST', '/api/v1/me/import/rival', { data });
    expect(await mine(user)).toEqual([pins[5]!.id]);
    await t.db.exec('alter table pins drop column key');
  });

  it('refuses a malformed backup in Korean and changes nothing', async () => {
    const user = await t.newUser('라이벌4');
    const cases: [unknown, string][] = [
      [{ pins: [] }, rivalMessages.notBackup],
      [{ version: 3, profiles: [] }, rivalMessages.badVersion(3)],
      [{ version: 1, profiles: [{ name: 'a', found: { x: 'maybe' } }] }, rivalMessages.badFound(1, 'x')],
      [{ ...backup(), markers: [{ id: 'm0', x: 'far', y: 1 }] }, rivalMessages.badMarker(1)],
    ];
    for (const [data, message] of cases) {
      const r = await t.call(user, 'POST', '/api/v1/me/import/rival', { data });
      expect(r.status).toBe(400);
      expect(r.body.error?.messageTranslated).toBe(message);
    }
    const r = await t.call(user, 'POST', '/api/v1/me/import/rival', { data: backup(), profile: 5 });
    expect(r.body.error?.messageTranslated).toBe('백업에 그런 프로필이 없습니다.');
    expect(await mine(user)).toEqual([]);
    expect((await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions).toEqual([]);
  });
});
