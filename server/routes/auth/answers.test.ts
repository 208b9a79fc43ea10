// Issue 24 item 5: the /v1/auth answers keep everything they have under their declared response schemas (the
// serializer drops what a schema leaves out): each real answer equals what its handler returned, of the shape the
// client's type (common/api) reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { testApp } from '../../test-helper';
import { answerProbe } from '../answer-probe';
import { EmergencyResultSchema, LogoutAllResultSchema, ProvidersSchema, RefreshResultSchema } from '../../../common/api';
import { createSession } from '../../auth/sessions';

const probe = answerProbe();
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  const google = {
    clientId: 'g-client',
    clientSecret: 's',
    redirectUri: 'http://localhost:8080/oauth/google',
    authorizeUrl: 'https://g.invalid/auth',
    tokenUrl: 'https://g.invalid/token',
    userinfoUrl: 'https://g.invalid/me',
  };
  t = await testApp(
    { localLogin: true, google, imageHostUrl: 'https://img.invalid/upload', imageHostClientId: 'img-client' },
    { onRoute: probe.onRoute },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('/v1/auth answers keep every field', () => {
  it('the providers: each offered one, Google with its scope, and the image host', async () => {
    const p = probe.whole(await t.as(null, { method: 'GET', url: '/api/v1/auth/providers' }), ProvidersSchema);
    expect(p.google).toEqual({
      authorizeUrl: 'https://g.invalid/auth',
      clientId: 'g-client',
      redirectUri: 'http://localhost:8080/oauth/google',
      scope: 'openid profile email',
    });
    expect(p.local).toMatchObject({ authorizeUrl: expect.any(String), clientId: expect.any(String), redirectUri: expect.any(String) });
    expect(p.imageHost).toEqual({ url: 'https://img.invalid/upload', clientId: 'img-client' });
  });

  it('refresh, logout everywhere and logout; a refused refresh is the error envelope', async () => {
    const user = await t.newUser('세션');
    const { cookieHeader } = await createSession(t.app, user);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: cookieHeader } });
    expect(probe.whole(refreshed, RefreshResultSchema)).toEqual({ refreshed: true });
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      status: 401,
      result: null,
      error: { errClazz: 'requires_login', messageTranslated: expect.stringMatching(/[가-힣]/), message: expect.any(String) },
    });
    await createSession(t.app, user);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-all',
      headers: { cookie: (await createSession(t.app, user)).cookieHeader },
    });
    expect(probe.whole(all, LogoutAllResultSchema).revoked).toBeGreaterThanOrEqual(2);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: (await createSession(t.app, user)).cookieHeader },
    });
    expect(probe.whole(out, Type.Null())).toBeNull();
  });

  it('the emergency restore', async () => {
    const user = await t.newUser('비상');
    const g = await t.one<{ id: number }>("insert into category_groups (name) values ('g') returning id");
    const c = await t.one<{ id: number }>("insert into categories (group_id, name, last_edited) values ($1, 'c', 1) returning id", [g.id]);
    const { rows } = await t.db.query<{ id: number }>(
      'insert into pins (category_id, region, coord_x, coord_y) select $1, 0, i, i from generate_series(1, 2) i returning id',
      [c.id],
    );
    const r = await t.as(user, {
      method: 'POST',
      url: '/api/v1/auth/emergency',
      payload: [{ userId: user, checkTime: 1, pinIds: rows.map((p) => p.id) }],
    });
    expect(probe.whole(r, EmergencyResultSchema)).toMatchObject({ userId: user, merged: rows.length, checkTime: expect.any(Number) });
  });
});
