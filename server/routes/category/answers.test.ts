// The category calls' response schemas (issue 24 item 5): the JSON answers drop nothing (answer-probe.ts), and the
// answers sent as bytes (the pin list in both forms, the icon file) pass the declared schema untouched: the same
// bytes, content type and ETag, and a 304 on revalidation.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Envelope, PROTOBUF_MEDIA_TYPE } from '../../../proto';
import { ok } from '../../http/envelope';
import { categoryPins } from '../../repos/categories';
import { ADMIN } from '../../test-helper';
import { probedServer } from '../answer-probe';

const s = probedServer();
const probe = s.probe;

const get = (url: string, headers: Record<string, string> = {}) => s.t.as(null, { method: 'GET', url, headers });

describe('category answers', () => {
  it('the category and tag groups keep every field', async () => {
    for (const url of ['/api/v1/category/groups', '/api/v1/category/tag-groups']) probe.expectLossless(await get(url));
  });

  it("a pin list's JSON form is the encoded bytes as they are, the protobuf form too, and both revalidate", async () => {
    const json = await get('/api/v1/category/2/pins-proto');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = (await categoryPins(s.t.db, 2))!;
    // Byte for byte what the handler encoded (JSON.stringify's key order); fast-json-stringify would write the schema's.
    expect(json.body).toBe(JSON.stringify(ok({ categoryId: 2, lastEdited: list.lastEdited, pins: list.pins })));
    const proto = await get('/api/v1/category/2/pins-proto', { accept: PROTOBUF_MEDIA_TYPE });
    expect(proto.headers['content-type']).toBe(PROTOBUF_MEDIA_TYPE);
    expect(Envelope.decode(proto.rawPayload).status).toBe(200);
    for (const [r, accept] of [
      [json, 'application/json'],
      [proto, PROTOBUF_MEDIA_TYPE],
    ] as const) {
      const again = await get('/api/v1/category/2/pins-proto', { accept, 'if-none-match': r.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it("an unknown category's 404 keeps the whole envelope, in JSON and in protobuf", async () => {
    const json = await get('/api/v1/category/99999/pins-proto');
    expect(json.statusCode).toBe(404);
    expect(probe.expectLossless(json)).toMatchObject({
      status: 404,
      error: { errClazz: 'not_found', messageTranslated: expect.any(String) },
    });
    const proto = await get('/api/v1/category/99999/pins-proto', { accept: PROTOBUF_MEDIA_TYPE });
    expect(proto.headers['content-type']).toBe(PROTOBUF_MEDIA_TYPE);
    expect(Envelope.decode(proto.rawPayload)).toMatchObject({ status: 404, error: { errClazz: 'not_found' } });
  });

  it('the icon file is the stored bytes, image/webp, with its ETag and a 304', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 9, g: 8, b: 7, alpha: 1 } } })
      .png()
      .toBuffer();
    const put = await s.t.as(ADMIN, {
      method: 'PUT',
      url: '/api/v1/moderation/categories/4/icon',
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    const url = (probe.expectLossless(put) as { result: { iconUrl: string } }).result.iconUrl;
    const stored = await s.t.one<{ icon_webp: Uint8Array; icon_hash: string }>('select icon_webp, icon_hash from categories where id = 4');
    const got = await get(url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers.etag).toBe(`"${stored.icon_hash}"`);
    expect(Buffer.compare(got.rawPayload, Buffer.from(stored.icon_webp))).toBe(0);
    const again = await get(url, { 'if-none-match': got.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const stale = await get('/api/v1/category/4/icon/0000000000000000.webp');
    expect(stale.statusCode).toBe(404);
    probe.expectLossless(stale);
  });
});
