// Re-import (issue 20 item 6): the same file again changes nothing, an edited file updates in place and players'
// checks, comments, notes and history on its pins stay; removal only with prune; a dry run writes nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { ImportError, importFile, parseImport, type ImportReport } from './import';
import type { ImportFile } from './format';

const example = readFileSync(new URL('../../tests/fixtures/import-example.json', import.meta.url), 'utf8');
let t: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  await t?.close();
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const TABLES = ['category_groups', 'categories', 'tag_groups', 'tags', 'pins', 'pin_tags'];
const snapshot = async () =>
  Promise.all(
    TABLES.map(async (table) => (await t.db.query(`select * from ${table} order by 1, 2`)).rows.map((r) => JSON.stringify(r)).join('\n')),
  );
const nothing = { groups: 0, categories: 0, tagGroups: 0, tags: 0, pins: 0 };
const changes = (r: ImportReport) => ({ added: r.added, updated: r.updated, removed: r.removed });

/** The example with a key on every thing. */
function keyed(): ImportFile {
  const f = JSON.parse(example) as ImportFile;
  f.tagGroups!.forEach((g, i) => {
    g.key = `shared-${i}`;
    g.tags.forEach((tag, j) => (tag.key = `s${i}-${j}`));
  });
  f.categoryGroups.forEach((g, gi) => {
    g.key = `group-${gi}`;
    g.categories.forEach((c, ci) => {
      c.key = `cat-${gi}-${ci}`;
      c.tagGroups?.forEach((tg, ti) => {
        tg.key = `cat-${gi}-${ci}-tg-${ti}`;
        tg.tags.forEach((tag, j) => (tag.key = `t${j}`));
      });
      c.pins?.forEach((p, pi) => (p.key = `pin-${gi}-${ci}-${pi}`));
    });
  });
  return f;
}
const pinByKey = async (key: string) =>
  t.one<{ id: number; coord_x: number; coord_y: number; description: string | null }>(
    'select id, coord_x, coord_y, description from pins where key = $1',
    [key],
  );

describe('re-import', () => {
  it('the same file again (no keys) changes nothing: 0 added, 0 updated, every row as it was', async () => {
    const first = await importFile(t.db, parseImport(example));
    expect(first.added).toEqual({ groups: 1, categories: 2, tagGroups: 2, tags: 4, pins: 4 });
    const before = await snapshot();
    const again = await importFile(t.db, parseImport(example), { now: Date.now() + 10_000 });
    expect(changes(again)).toEqual({ added: nothing, updated: nothing, removed: nothing });
    expect(again.unchanged).toEqual({ groups: 1, categories: 2, tagGroups: 2, tags: 4, pins: 4 });
    expect(await snapshot()).toEqual(before);
    // With keys the same holds, and a keyless world adopts the keys without duplicating anything.
    const adopt = await importFile(t.db, keyed());
    expect(adopt.added).toEqual(nothing);
    expect(adopt.updated).toEqual({ groups: 1, categories: 2, tagGroups: 2, tags: 4, pins: 4 });
    expect(changes(await importFile(t.db, keyed()))).toEqual({ added: nothing, updated: nothing, removed: nothing });
  }, 60_000);

  it('matches a keyless pin by category, region, floor and position within 0.5 units', async () => {
    await importFile(t.db, parseImport(example));
    const f = JSON.parse(example) as ImportFile;
    f.categoryGroups[0]!.categories[0]!.pins![0]!.x += 0.3; // the same pin, nudged
    f.categoryGroups[0]!.categories[0]!.pins![1]!.x += 5; // too far: another pin
    f.categoryGroups[0]!.categories[0]!.pins![2]!.floor = -5; // another floor: another pin
    const r = await importFile(t.db, parseImport(JSON.stringify(f)));
    expect(r.updated.pins).toBe(1);
    expect(r.added.pins).toBe(2);
    expect((await t.one<{ n: number }>('select count(*)::int as n from pins')).n).toBe(6);
  }, 60_000);

  it('an edited keyed file moves pins, rewrites texts and tags in place; checks, comments, notes and history stay', async () => {
    await importFile(t.db, keyed());
    const pin = await pinByKey('pin-0-0-0');
    const player = await t.newUser('수집가');
    expect((await t.call(player, 'POST', `/api/v1/pin/${pin.id}/check`, { check: true })).status).toBe(200);
    expect((await t.call(player, 'PUT', `/api/v2/pin/${pin.id}/comment`, { content: '여기 있어요' })).status).toBe(200);
    expect((await t.call(player, 'PUT', `/api/v1/me/notes/${pin.id}`, { body: '내 메모' })).status).toBe(200);
    await t.db.query('insert into pin_revisions (pin_id, user_id, after) values ($1, $2, $3)', [pin.id, player, { x: 1 }]);
    const lastEdited = (await t.one<{ e: number }>("select last_edited as e from categories where key = 'cat-0-0'")).e;

    const f = keyed();
    const p = f.categoryGroups[0]!.categories[0]!.pins![0]!;
    p.x = 500;
    p.y = 600;
    p.description = '옮긴 자리';
    p.tags = ['동굴', '전투'];
    f.categoryGroups[0]!.categories[1]!.name = '고대 석판 (개정)';
    const dry = await importFile(t.db, parseImport(JSON.stringify(f)), { dryRun: true });
    expect(dry.updated).toEqual({ ...nothing, categories: 1, pins: 1 });
    expect((await pinByKey('pin-0-0-0')).description).toBe('다리 밑 물가'); // a dry run writes nothing
    const r = await importFile(t.db, parseImport(JSON.stringify(f)));
    expect(changes(r)).toEqual({ added: nothing, updated: { ...nothing, categories: 1, pins: 1 }, removed: nothing });

    const moved = await pinByKey('pin-0-0-0');
    expect(moved).toMatchObject({ id: pin.id, coord_x: 500, coord_y: 600, description: '옮긴 자리' });
    const detail = (await t.call(null, 'GET', `/api/v1/pin/${pin.id}`)).body.result;
    expect(detail.tags.map((x: { name: string }) => x.name).sort()).toEqual(['동굴', '전투']);
    expect((await t.one<{ n: number }>('select count(*)::int as n from checks where pin_id = $1', [pin.id])).n).toBe(1);
    expect((await t.one<{ n: number }>('select count(*)::int as n from comments where pin_id = $1', [pin.id])).n).toBe(1);
    expect((await t.one<{ n: number }>('select count(*)::int as n from pin_notes where pin_id = $1', [pin.id])).n).toBe(1);
    expect((await t.one<{ n: number }>('select count(*)::int as n from pin_revisions where pin_id = $1', [pin.id])).n).toBe(1);
    expect((await t.one<{ n: number }>('select total_checks as n from pins where id = $1', [pin.id])).n).toBe(1);
    // The category's lastEdited moves on, so clients holding its pins fetch them again.
    expect((await t.one<{ e: number }>("select last_edited as e from categories where key = 'cat-0-0'")).e).toBeGreaterThan(lastEdited);
    expect(changes(await importFile(t.db, parseImport(JSON.stringify(f))))).toEqual({ added: nothing, updated: nothing, removed: nothing });
  }, 60_000);

  it('removes what the file no longer holds only with prune (a dry run first says so); players’ own pins stay', async () => {
    await importFile(t.db, keyed());
    const player = await t.newUser('등록자');
    const shellId = (await t.one<{ id: number }>("select id from categories where key = 'cat-0-0'")).id;
    const own = (
      await t.one<{ id: number }>(
        'insert into pins (category_id, region, coord_x, coord_y, registerer_id) values ($1, 0, 1, 1, $2) returning id',
        [shellId, player],
      )
    ).id;
    const f = keyed();
    f.categoryGroups[0]!.categories[0]!.pins!.pop(); // pin-0-0-2
    f.categoryGroups[0]!.categories.pop(); // 고대 석판 and its pin
    f.tagGroups![0]!.tags.pop(); // the shared tag 전투 (only that pin had it)
    expect(changes(await importFile(t.db, parseImport(JSON.stringify(f))))).toEqual({ added: nothing, updated: nothing, removed: nothing });
    expect((await t.one<{ n: number }>('select count(*)::int as n from pins')).n).toBe(5);

    const before = await snapshot();
    const dry = await importFile(t.db, parseImport(JSON.stringify(f)), { prune: true, dryRun: true });
    const removed = { groups: 0, categories: 1, tagGroups: 0, tags: 1, pins: 2 };
    expect(dry.removed).toEqual(removed);
    expect(dry.samples.removed).toContain('categories 고대 석판');
    expect(await snapshot()).toEqual(before);
    const r = await importFile(t.db, parseImport(JSON.stringify(f)), { prune: true });
    expect(r.removed).toEqual(removed);
    const left = (await t.db.query<{ key: string | null; id: number }>('select key, id from pins order by id')).rows;
    expect(left.map((x) => x.key ?? x.id)).toEqual(['pin-0-0-0', 'pin-0-0-1', own]);
    expect((await t.one<{ n: number }>('select count(*)::int as n from categories')).n).toBe(1);
    expect((await t.one<{ n: number }>('select count(*)::int as n from tags')).n).toBe(3);
  }, 60_000);

  it('refuses a file that names one key twice or two siblings alike, with both places', () => {
    const f = keyed();
    f.categoryGroups[0]!.categories[1]!.pins![0]!.key = 'pin-0-0-0';
    f.categoryGroups[0]!.categories[1]!.name = '빛나는 조개';
    let e: ImportError | undefined;
    try {
      parseImport(JSON.stringify(f));
    } catch (x) {
      e = x as ImportError;
    }
    expect(e!.errors.map((x) => x.where)).toEqual(['/categoryGroups/0/categories/1/name', '/categoryGroups/0/categories/1/pins/0/key']);
    expect(e!.errors[1]!.problem).toContain('/categoryGroups/0/categories/0/pins/0/key');
  });
});
