// What a suspended player may still do (issue 23 item 9): upload gets the suspension's own message, and deleting
// the account always works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { testApp } from '../test-helper';

type T = Awaited<ReturnType<typeof testApp>>;
const CLIENT = 'test-client-id';
const SUSPENDED = /까지 이용 정지되었습니다 \(사유: 도배\)/;

let t: T;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wuwa-suspension-'));
  t = await testApp({ dataDir: dir, imageHostClientId: CLIENT });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function suspendedPlayer(nickname: string): Promise<number> {
  const id = await t.newUser(nickname);
  await t.db.query(`update users set suspended_until = now() + interval '3 days', suspend_reason = '도배' where id = $1`, [id]);
  return id;
}

describe('a suspended player', () => {
  it("is refused an upload with the suspension's message, not the Client-ID one", async () => {
    const id = await suspendedPlayer('정지된사진가');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const boundary = '----wuwa' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\nfile\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await t.as(id, {
      method: 'POST',
      url: '/api/v1/images',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Client-ID ${CLIENT}` },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().data.error).toMatch(SUSPENDED);
  });

  it('can still delete their own account, and nothing else of theirs changes meanwhile', async () => {
    const id = await suspendedPlayer('정지된탈퇴');
    const rename = await t.call(id, 'PATCH', '/api/v1/me', { nickname: '새이름' });
    expect(rename.status).toBe(403);
    expect(rename.body.error?.messageTranslated).toMatch(SUSPENDED);
    const del = await t.call(id, 'DELETE', '/api/v1/me');
    expect(del.status).toBe(200);
    expect((await t.one<{ n: number }>('select count(*)::int as n from users where id = $1', [id])).n).toBe(0);
  });
});
