import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { testApp } from '../test-helper';
import { MAX_IMAGE_BYTES } from './store';

type T = Awaited<ReturnType<typeof testApp>>;
const CLIENT = 'test-client-id';

/** A multipart body with the file in `image` and `type=file`, like the client sends it. */
function multipart(file: Buffer, filename: string, contentType: string, fields: Record<string, string> = { type: 'file' }) {
  const boundary = '----wuwa' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('image host', () => {
  let t: T;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wuwa-images-'));
    t = await testApp({ dataDir: dir, imageHostClientId: CLIENT, publicUrl: 'https://map.example' });
  });
  afterAll(async () => { await t.close(); await rm(dir, { recursive: true, force: true }); });

  const upload = (file: Buffer, name: string, type: string, auth = `Client-ID ${CLIENT}`, fields?: Record<string, string>) => {
    const m = multipart(file, name, type, fields);
    return t.app.inject({ method: 'POST', url: '/api/v1/images', payload: m.payload, headers: { ...m.headers, authorization: auth } });
  };
  const picture = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } });

  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const)('stores a %s and serves it back with safe headers', async (ext, mime) => {
    const format = ext === 'jpg' ? 'jpeg' : ext;
    const bytes = await picture(40, 30).toFormat(format).toBuffer();
    // The declared name and type are ignored: the bytes decide.
    const res = await upload(bytes, 'whatever.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: 200, data: { type: mime, width: 40, height: 30, size: bytes.length } });
    expect(body.data.link).toMatch(new RegExp(`^https://map\\.example/images/[A-Za-z0-9]{12}\\.${ext}$`));
    const path = new URL(body.data.link).pathname;
    expect(await readFile(join(dir, 'images', path.slice('/images/'.length)))).toEqual(bytes);
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
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
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/images', payload: { image: 'x' }, headers: { authorization: `Client-ID ${CLIENT}` } });
    expect(json.statusCode).toBe(400);
    expect(json.json().success).toBe(false);
  });

  it('serves only stored names', async () => {
    for (const url of ['/images/..%2F..%2Fpackage.json', '/images/abc.png', '/images/AAAAAAAAAAAA.svg', '/images/AAAAAAAAAAAA.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});
