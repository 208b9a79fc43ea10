import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksOf, miscountedPins, testApp } from '../../test-helper';
import { Messages } from '../../http/errors';

type T = Awaited<ReturnType<typeof testApp>>;

describe('/api/v1/me', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  async function user(nickname: string) {
    const id = await t.newUser(nickname, { email: `${nickname}@example.com`, checkTime: 1700000000000 });
    return { id, cookie: await t.cookie(id) };
  }

  it('is null for a visitor and the user for a session', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(visitor.json()).toEqual({ status: 200, error: null, result: null });
    const u = await user('금희');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: u.cookie } });
    expect(me.json().result).toEqual({ id: u.id, nickname: '금희', email: '금희@example.com', checkTime: 1700000000000, role: 'user' });
  });

  it('PATCH changes the nickname with the same rules as registration', async () => {
    const u = await user('방랑자');
    await user('Jinhsi');
    const patch = (nickname: unknown, cookie = u.cookie) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { nickname }, headers: { cookie } });
    const renamed = await patch('  새이름 ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().result).toMatchObject({ id: u.id, nickname: '새이름' });
    const blank = await patch('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.messageTranslated).toBe(Messages.nicknameEmpty);
    expect((await patch('a')).statusCode).toBe(400);
    expect((await patch('x'.repeat(17))).statusCode).toBe(400);
    expect((await patch('bad\u0000name')).statusCode).toBe(400);
    expect((await patch({ nick: 'x' })).statusCode).toBe(400);
    const taken = await patch('JINHSI');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.messageTranslated).toMatch(/이미 사용 중/);
    // Changing only the case of one's own nickname is fine.
    expect((await patch('새이름')).statusCode).toBe(200);
    const visitor = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { nickname: '손님' } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.errClazz).toBe('requires_login');
  });

  it('DELETE removes the account, sessions and checks, fixes totalChecks, keeps pins and comments', async () => {
    const leaving = await user('떠나는이');
    const staying = await user('남는이');
    const g = await t.db.query<{ id: number }>("insert into category_groups (name) values ('g') returning id");
    const c = await t.db.query<{ id: number }>('insert into categories (group_id, name, last_edited) values ($1, $2, 1) returning id', [
      g.rows[0]!.id,
      'c',
    ]);
    const pins = await t.db.query<{ id: number }>(
      'insert into pins (category_id, region, coord_x, coord_y, registerer_id, total_checks) select $1, 0, i, i, $2, 0 from generate_series(1, 3) i returning id',
      [c.rows[0]!.id, leaving.id],
    );
    const [p1, p2, p3] = pins.rows.map((r) => r.id) as [number, number, number];
    for (const [uid, pid] of [
      [leaving.id, p1],
      [leaving.id, p2],
      [staying.id, p1],
    ] as const) {
      // Checks live per progress profile (migration 020); `checks` is the view of the active one's.
      await t.db.query('insert into profile_checks (profile_id, pin_id) select active_profile, $2 from users where id = $1', [uid, pid]);
      await t.db.query('update pins set total_checks = total_checks + 1 where id = $1', [pid]);
    }
    // A second profile's check is the account's too: deleting takes it, and p3's count, along.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/profiles',
      headers: { cookie: leaving.cookie },
      payload: { name: '둘째' },
    });
    const secondId = (second.json().result.profiles as { id: number; name: string }[]).find((f) => f.name === '둘째')!.id;
    await t.db.query('insert into profile_checks (profile_id, pin_id) values ($1, $2)', [secondId, p3]);
    await t.db.query('update pins set total_checks = total_checks + 1 where id = $1', [p3]);
    expect(await checksOf(t.db, leaving.id)).toBe(3);
    const comment = await t.db.query<{ id: number }>(
      "insert into comments (pin_id, user_id, content) values ($1, $2, '안녕') returning id",
      [p3, leaving.id],
    );
    await t.db.query("insert into provider_accounts (provider, subject, user_id) values ('kakao', '77', $1)", [leaving.id]);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: { cookie: leaving.cookie } });
    expect(del.statusCode).toBe(200);
    expect(del.cookies.find((x) => x.name === 'wuwa_at')?.value).toBe('');

    const totals = await t.db.query<{ id: number; total_checks: number; registerer_id: number | null }>(
      'select id, total_checks, registerer_id from pins where id = any($1) order by id',
      [[p1, p2, p3]],
    );
    expect(totals.rows).toEqual([
      { id: p1, total_checks: 1, registerer_id: null },
      { id: p2, total_checks: 0, registerer_id: null },
      { id: p3, total_checks: 0, registerer_id: null },
    ]);
    const left = await t.db.query<{ n: number }>(
      `select (select count(*) from sessions where user_id = $1)::int
            + (select count(*) from provider_accounts where user_id = $1)::int + (select count(*) from users where id = $1)::int as n`,
      [leaving.id],
    );
    expect(left.rows[0]!.n).toBe(0);
    expect(await checksOf(t.db, leaving.id)).toBe(0);
    expect(await miscountedPins(t.db)).toBe(0);
    const kept = await t.db.query('select user_id, content from comments where id = $1', [comment.rows[0]!.id]);
    expect(kept.rows).toEqual([{ user_id: null, content: '안녕' }]);
    // The old cookie is dead at once, and the other user's check is untouched.
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: leaving.cookie } });
    expect(after.json().error.errClazz).toBe('access_token_invalid');
    expect(await checksOf(t.db, staying.id)).toBe(1);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: leaving.cookie } });
    expect(refresh.statusCode).toBe(401);
  });
});
