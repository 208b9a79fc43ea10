import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';
import { PRESET_LIMITS } from '../../../common/api';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(50);
});
afterAll(async () => {
  await t?.close();
});

const list = (user: number | null) => t.call(user, 'GET', '/api/v1/me/presets');
const save = (user: number | null, body: unknown) => t.call(user, 'PUT', '/api/v1/me/presets', body);
const preset = (name: string, categories = [1, 2], tags: number[] = [], hideChecked = false) => ({ name, categories, tags, hideChecked });

describe('filter presets: /v1/me/presets', () => {
  it('saves, replaces by name, lists by name and deletes, for its owner only', async () => {
    const me = await t.newUser('프리셋1');
    const other = await t.newUser('프리셋2');
    expect((await list(me)).body.result).toEqual({ presets: [] });
    const a = await save(me, preset('  상자   사냥 ', [3, 1, 3], [2], true));
    expect(a.status).toBe(200);
    expect(a.body.result.presets).toEqual([
      { id: expect.any(Number), name: '상자 사냥', categories: [3, 1], tags: [2], hideChecked: true, updatedAt: expect.any(Number) },
    ]);
    await save(me, preset('광물'));
    const replaced = await save(me, preset('상자 사냥', [5]));
    expect(replaced.body.result.presets.map((p: { name: string }) => p.name)).toEqual(['광물', '상자 사냥']);
    expect(replaced.body.result.presets[1]).toMatchObject({ categories: [5], tags: [], hideChecked: false });
    expect((await list(other)).body.result.presets).toEqual([]);
    const id = replaced.body.result.presets[0].id as number;
    // Another player cannot delete it.
    const foreign = await t.call(other, 'DELETE', `/api/v1/me/presets/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.messageTranslated).toBe('프리셋을 찾을 수 없습니다.');
    const del = await t.call(me, 'DELETE', `/api/v1/me/presets/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.result.presets.map((p: { name: string }) => p.name)).toEqual(['상자 사냥']);
  });

  it(`keeps at most ${PRESET_LIMITS.presets} presets a player, a replacement still allowed`, async () => {
    const me = await t.newUser('프리셋3');
    for (let i = 0; i < PRESET_LIMITS.presets; i++) expect((await save(me, preset(`묶음 ${i}`))).status).toBe(200);
    const over = await save(me, preset('하나 더'));
    expect(over.status).toBe(400);
    expect(over.body.error?.messageTranslated).toMatch(/20개까지/);
    expect((await save(me, preset('묶음 3', [9]))).status).toBe(200);
    expect((await list(me)).body.result.presets).toHaveLength(PRESET_LIMITS.presets);
  });

  it('refuses bad input with a Korean 400, writing nothing, and a visitor with 401', async () => {
    const me = await t.newUser('프리셋4');
    const cases: [unknown, RegExp][] = [
      [preset('   '), /이름을 입력/],
      [preset('가'.repeat(PRESET_LIMITS.name + 1)), /30자 이하/],
      [
        preset(
          '많은 카테고리',
          Array.from({ length: PRESET_LIMITS.categories + 1 }, (_, i) => i + 1),
        ),
        /카테고리를 2,000개까지/,
      ],
      [
        preset(
          '많은 태그',
          [1],
          Array.from({ length: PRESET_LIMITS.tags + 1 }, (_, i) => i + 1),
        ),
        /태그를 500개까지/,
      ],
      [{ ...preset('음수'), categories: [-1] }, /[가-힣]/],
      [{ ...preset('문자'), tags: ['a'] }, /[가-힣]/],
      [{ name: '빠짐', categories: [] }, /[가-힣]/],
      [{ ...preset('덤'), extra: 1 }, /[가-힣]/],
      [preset('a\u0000b'), /[가-힣]/],
    ];
    for (const [body, message] of cases) {
      const r = await save(me, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.error?.messageTranslated).toMatch(message);
    }
    expect((await list(me)).body.result.presets).toEqual([]);
    expect((await t.call(me, 'DELETE', '/api/v1/me/presets/abc')).status).toBe(400);
    expect((await list(null)).status).toBe(401);
    expect((await save(null, preset('방문자'))).status).toBe(401);
  });
});
