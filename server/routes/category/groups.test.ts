import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

const PINS = 1500;
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(PINS);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/category/groups and tag-groups', () => {
  it('lists groups with categories, pin counts, icons and lastEdited', async () => {
    const { status, body } = await t.call(null, 'GET', '/api/v1/category/groups');
    expect(status).toBe(200);
    const cats = body.result.flatMap((g: { categories: unknown[] }) => g.categories);
    expect(body.result.length).toBeGreaterThanOrEqual(5);
    expect(cats.length).toBeGreaterThanOrEqual(38);
    expect(cats.reduce((s: number, c: { pinCount: number }) => s + c.pinCount, 0)).toBe(PINS);
    for (const c of cats) {
      expect(c).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        lastEdited: expect.any(Number),
        icon: expect.any(Number),
      });
      expect(c.icon).toBeGreaterThanOrEqual(0);
      expect(c.icon).toBeLessThan(48);
    }
    expect(cats.find((c: { name: string }) => c.name === '보급 상자 (기본)').tagGroups.length).toBe(1);
  });

  it('lists tag groups with their tags', async () => {
    const { body } = await t.call(null, 'GET', '/api/v1/category/tag-groups');
    expect(body.result.length).toBeGreaterThanOrEqual(4);
    const global = body.result.filter((g: { categoryId: number | null }) => g.categoryId === null);
    expect(global.length).toBeGreaterThan(0);
    expect(body.result[0].tags[0]).toEqual({ id: expect.any(Number), name: expect.any(String), flag: null });
  });
});
