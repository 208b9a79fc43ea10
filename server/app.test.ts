import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './test-helper';

describe('app', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('answers unknown API routes with the envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, result: null, error: { errClazz: 'not_found' } });
    expect(res.json().error.messageTranslated).toMatch(/[가-힣]/);
  });

  it('applies every migration and creates every entity table', async () => {
    const { rows } = await t.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const names = rows.map((r) => r.table_name);
    for (const n of [
      'users',
      'provider_accounts',
      'sessions',
      'refresh_tokens',
      'category_groups',
      'categories',
      'tag_groups',
      'tags',
      'pins',
      'pin_tags',
      'checks',
      'comments',
      'comment_likes',
      'reports',
      'pin_revisions',
    ]) {
      expect(names).toContain(n);
    }
  });
});
