import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { testApp } from '../test-helper';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from './store';
import { quotaMessages } from './quota';
import { answerProbe } from '../routes/answer-probe';

type T = Awaited<ReturnType<typeof testApp>>;
const CLIENT = 'test-client-id';
/** The upload's response schema (issue 24 item 5) must drop nothing of the host's answer. */
const probe = answerProbe();

/** A multipart body with the file in `image` and `type=file`, like the client sends it. */
function multipart(file: Buffer, filename: string, contentType: string, fields: Record<string, string> = { type: 'file' }) {
  const boundary = '----wuwa' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('image host', () => {
  let t: T;
  let dir: string;
  let session: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wuwa-images-'));
    t = await testApp({ dataDir: dir, imageHostClientId: CLIENT, publicUrl: 'https://map.example' }, { onRoute: probe.onRoute });
    session = await t.cookie(await t.newUser('사진가'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = (
    file: Buffer,
    name: string,
    type: string,
    auth = `Client-ID ${CLIENT}`,
    fields?: Record<string, string>,
    cookie: string | null = session,
  ) => {
    const m = multipart(file, name, type, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      payload: m.payload,
      headers: { ...m.headers, authorization: auth, ...(cookie ? { cookie } : {}) },
    });
  };
  const picture = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } });

  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const)('stores a %s (re-encoded) and serves it back with safe headers', async (ext, mime) => {
    const format = ext === 'jpg' ? 'jpeg' : ext;
    const bytes = await picture(40, 30).toFormat(format).toBuffer();
    // The declared name and type are ignored: the bytes decide.
    const res = await upload(bytes, 'whatever.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const body = probe.expectLossless(res) as { data: { link: string; size: number } };
    expect(body).toMatchObject({ success: true, status: 200, data: { type: mime, width: 40, height: 30, animated: false } });
    expect(body.data.link).toMatch(new RegExp(`^https://map\\.example/images/[A-Za-z0-9]{12}\\.${ext}$`));
    const path = new URL(body.data.link).pathname;
    const stored = await readFile(join(dir, 'images', path.slice('/images/'.length)));
    expect(body.data.size).toBe(stored.length);
    expect((await sharp(stored).metadata()).format).toBe(format);
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(stored);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('refuses a text file named .png, with a Korean message in the host shape', async () => {
    const res = await upload(Buffer.from('<script>alert(1)</script>'.repeat(20)), 'evil.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, status: 415 });
    expect(res.json().data.error).toMatch(/PNG, JPEG, WebP, GIF/);
  });

  it('refuses a wrong or missing Client-ID', async () => {
    const bytes = await picture(4, 4).png().toBuffer();
    for (const auth of ['Client-ID nope', '', `Bearer ${CLIENT}`]) {
      const res = await upload(bytes, 'a.png', 'image/png', auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, status: 403 });
      expect(res.json().data.error).toMatch(/권한/);
    }
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await picture(4, 4).png().toBuffer(), Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, status: 413 });
    expect(res.json().data.error).toMatch(/너무 큽니다/);
  });

  it('refuses a missing file, another type field, a corrupt image and a non-multipart body', async () => {
    const png = await picture(4, 4).png().toBuffer();
    const other = await upload(png, 'a.png', 'image/png', `Client-ID ${CLIENT}`, { type: 'url' });
    expect(other.statusCode).toBe(400);
    const corrupt = await upload(png.subarray(0, 40), 'a.png', 'image/png');
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().data.error).toMatch(/읽을 수 없습니다/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      payload: { image: 'x' },
      headers: { authorization: `Client-ID ${CLIENT}`, cookie: session },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().success).toBe(false);
  });

  it('serves only stored names', async () => {
    for (const url of ['/images/..%2F..%2Fpackage.json', '/images/abc.png', '/images/AAAAAAAAAAAA.svg', '/images/AAAAAAAAAAAA.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });

  it('needs a signed-in player (the Client-ID is public) — issue 12 item 3', async () => {
    const png = await picture(4, 4).png().toBuffer();
    const visitor = await upload(png, 'a.png', 'image/png', `Client-ID ${CLIENT}`, undefined, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, status: 401 });
    expect(visitor.json().data.error).toMatch(/로그인/);
    const expired = await upload(png, 'a.png', 'image/png', `Client-ID ${CLIENT}`, undefined, 'wuwa_at=forged.token');
    expect(expired.statusCode).toBe(401);
  });

  it('strips EXIF (a GPS position does not come back) and keeps the picture upright', async () => {
    const withGps = await picture(64, 32)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeTruthy();
    const res = await upload(withGps, 'gps.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const stored = (await t.app.inject({ method: 'GET', url: new URL(res.json().data.link).pathname })).rawPayload;
    expect(stored.equals(withGps)).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(meta.width).toBe(64);
  });

  it('refuses a small file declaring too many pixels, and scales big pictures down', async () => {
    // 7,000 × 5,700 = 39.9 megapixels of one colour: a few dozen KB as PNG.
    const bomb = await sharp({ create: { width: 7000, height: 5700, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error).toMatch(/해상도/);
    const big = await picture(3000, 1000).png().toBuffer();
    const ok = await upload(big, 'big.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ width: MAX_IMAGE_SIDE, height: Math.round(MAX_IMAGE_SIDE / 3) });
  });

  // Issue 25 item 7: images were stored under the origin of the day, and blocked once it changed.
  it('stores our uploads as paths, whatever origin the link came with; outside images as given', async () => {
    const link = (await upload(await picture(8, 8).png().toBuffer(), 'a.png', 'image/png')).json().data.link as string;
    const path = new URL(link).pathname;
    const user = await t.newUser('댓글러');
    await t.db.exec(`insert into category_groups (id, name) values (901, '그룹');
      insert into categories (id, group_id, name, last_edited) values (901, 901, '카테고리', 0);
      insert into pins (id, category_id, region, coord_x, coord_y) values (901, 901, 0, 0, 0);`);
    // The link as uploaded (PUBLIC_URL), and as a client that knew the server by its old address holds it.
    for (const image of [link, `http://localhost:8101${path}`]) {
      const r = await t.call(user, 'PUT', '/api/v2/pin/901/comment', { content: '사진', image });
      expect(r.status, image).toBe(200);
      expect(r.body.result.image, image).toBe(path);
    }
    const outside = await t.call(user, 'PUT', '/api/v2/pin/901/comment', {
      content: '사진',
      image: 'https://i.example.com/images/AbCdEf123456.png',
    });
    expect(outside.body.result.image).toBe('https://i.example.com/images/AbCdEf123456.png');
    const made = await t.call(user, 'PUT', '/api/v1/pin', { coordX: 1, coordY: 1, region: 0, categoryId: 901, image: link });
    expect(made.status).toBe(200);
    expect((await t.one<{ image: string }>('select image from pins where id = $1', [made.body.result.id])).image).toBe(path);
    const edited = await t.call(user, 'PATCH', `/api/v1/pin/${made.body.result.id}`, { image: link });
    expect(edited.status).toBe(200);
    expect((await t.one<{ image: string }>('select image from pins where id = $1', [made.body.result.id])).image).toBe(path);
    // A new pin with the link under the server's old address: made with the path, as an edit is (was refused with 400).
    const moved = await t.call(user, 'PUT', '/api/v1/pin', {
      coordX: 2,
      coordY: 2,
      region: 0,
      categoryId: 901,
      image: `http://localhost:8101${path}`,
    });
    expect(moved.status).toBe(200);
    expect((await t.one<{ image: string }>('select image from pins where id = $1', [moved.body.result.id])).image).toBe(path);
  });
});

describe('image host quotas (issue 12 item 3)', () => {
  let t: T;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wuwa-quota-'));
    t = await testApp({
      dataDir: dir,
      imageHostClientId: CLIENT,
      imageQuota: { userPerDay: 2, userBytesPerDay: 10 * 1024 * 1024, allPerDay: 3, allBytesPerDay: 1e9, totalBytes: 1e9, minFreeBytes: 0 },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const player = async (name: string) => t.cookie(await t.newUser(name));
  const send = async (cookie: string) => {
    const m = multipart(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
      'a.png',
      'image/png',
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Client-ID ${CLIENT}`, cookie },
    });
  };

  it('per player and for everyone, per day, with Korean messages; nothing is stored past the quota', async () => {
    const a = await player('하나');
    const b = await player('둘');
    expect((await send(a)).statusCode).toBe(200);
    expect((await send(a)).statusCode).toBe(200);
    const third = await send(a);
    expect(third.statusCode).toBe(429);
    expect(third.json().data.error).toBe(quotaMessages.user);
    expect((await send(b)).statusCode).toBe(200);
    const everyone = await send(b);
    expect(everyone.statusCode).toBe(429);
    expect(everyone.json().data.error).toBe(quotaMessages.all);
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from image_uploads');
    expect(rows[0]!.n).toBe(3);
  });

  it('a total cap and a free-space floor', async () => {
    const c = await player('셋');
    await t.db.query('delete from image_uploads');
    t.app.config.imageQuota = { ...t.app.config.imageQuota, totalBytes: 10 };
    const full = await send(c);
    expect(full.statusCode).toBe(507);
    expect(full.json().data.error).toBe(quotaMessages.full);
    t.app.config.imageQuota = { ...t.app.config.imageQuota, totalBytes: 1e12, minFreeBytes: Number.MAX_SAFE_INTEGER };
    expect((await send(c)).statusCode).toBe(507);
  });
});

describe('image host byte quotas (issue 12 item 3)', () => {
  let t: T;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wuwa-bytes-'));
    t = await testApp({
      dataDir: dir,
      imageHostClientId: CLIENT,
      imageQuota: { userPerDay: 100, userBytesPerDay: 1e9, allPerDay: 100, allBytesPerDay: 1e9, totalBytes: 1e12, minFreeBytes: 0 },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const player = async (name: string) => t.cookie(await t.newUser(name));
  // Noise does not compress: the re-encoded PNG keeps about 48 KB, the same bytes on every upload.
  const noise = randomBytes(128 * 128 * 3);
  const photo = () =>
    sharp(noise, { raw: { width: 128, height: 128, channels: 3 } })
      .png()
      .toBuffer();
  const send = async (cookie: string) => {
    const m = multipart(await photo(), 'a.png', 'image/png');
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Client-ID ${CLIENT}`, cookie },
    });
  };
  const stored = async () => ({
    rows: (await t.db.query<{ n: number; b: string }>('select count(*)::int as n, coalesce(sum(bytes), 0)::text as b from image_uploads'))
      .rows[0]!,
    files: (await readdir(join(dir, 'images')).catch(() => [])).length,
  });

  it("refuses the upload that would pass one player's bytes per day, others still upload", async () => {
    const a = await player('용량1');
    const b = await player('용량2');
    const first = await send(a);
    expect(first.statusCode).toBe(200);
    const size: number = first.json().data.size;
    expect(size).toBeGreaterThan(10_000);
    // One more picture of the same size fits the count quota but not 1.5 pictures' worth of bytes.
    t.app.config.imageQuota = { ...t.app.config.imageQuota, userBytesPerDay: Math.floor(size * 1.5) };
    const before = await stored();
    const over = await send(a);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, status: 429, data: { error: quotaMessages.user } });
    expect(await stored()).toEqual(before);
    expect((await send(b)).statusCode).toBe(200);
  });

  it("refuses the upload that would pass everyone's bytes per day, with nothing stored", async () => {
    const c = await player('용량3');
    const before = await stored();
    t.app.config.imageQuota = { ...t.app.config.imageQuota, userBytesPerDay: 1e9, allBytesPerDay: Number(before.rows.b) + 100 };
    const over = await send(c);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, status: 429, data: { error: quotaMessages.all } });
    expect(await stored()).toEqual(before);
  });

  it('holds under concurrent uploads: one player sending 6 at once gets exactly what fits', async () => {
    const d = await player('용량4');
    t.app.config.imageQuota = { ...t.app.config.imageQuota, userBytesPerDay: 1e9, allBytesPerDay: 1e9 };
    const size: number = (await send(d)).json().data.size;
    expect(size).toBeGreaterThan(10_000);
    await t.db.query('delete from image_uploads');
    t.app.config.imageQuota = { ...t.app.config.imageQuota, userBytesPerDay: size * 2 + 100 };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(d)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const { rows } = await stored();
    expect(rows.n).toBe(2);
    expect(Number(rows.b)).toBeLessThanOrEqual(size * 2 + 100);
  });
});
