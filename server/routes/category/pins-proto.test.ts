import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope, PinList, PIN_LIST_TYPE_URL, PROTOBUF_MEDIA_TYPE } from '../../../proto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { seededApp } from '../../test-helper';

const PINS = 1500;
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(PINS);
});
afterAll(async () => {
  await t?.close();
});

const protoGet = (url: string, headers: Record<string, string> = {}) =>
  t.as(null, { method: 'GET', url, headers: { accept: PROTOBUF_MEDIA_TYPE, ...headers } });

describe('GET /v1/category/:id/pins-proto', () => {
  it('answers the binary envelope with the category pin list', async () => {
    const r = await protoGet('/api/v1/category/1/pins-proto');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(PROTOBUF_MEDIA_TYPE);
    expect(r.headers['cache-control']).toBe('no-cache');
    const env = Envelope.decode(r.rawPayload);
    expect(env.status).toBe(200);
    expect(env.result!.type_url).toBe(PIN_LIST_TYPE_URL);
    const list = PinList.decode(env.result!.value!);
    const count = await t.one<{ n: number }>('select count(*)::int as n from pins where category_id = 1');
    expect(list.pins.length).toBe(count.n);
    expect(list.categoryId).toBe(1);
    const p = list.pins[0]!;
    expect(p.catNum).toBe(1);
    expect(p.categoryId).toBe(1);
    const row = await t.one<{ coord_x: number; region: number }>('select coord_x, region from pins where id = $1', [p.id]);
    expect(p.coordX).toBeCloseTo(row.coord_x, 2);
    expect(p.region).toBe(row.region);
    const withTags = await t.one<{ pin_id: number; n: number }>(
      'select pt.pin_id, count(*)::int as n from pin_tags pt join pins p on p.id = pt.pin_id where p.category_id = 1 group by pt.pin_id limit 1',
    );
    expect(list.pins.find((x) => x.id === withTags.pin_id)?.tagIds?.length).toBe(withTags.n);
    const floor = list.pins.find((x) => x.coordZ != null);
    if (floor) expect(Number.isInteger(floor.coordZ)).toBe(true);
  });

  it('compresses for the client: brotli or gzip by Accept-Encoding, the same bytes underneath', async () => {
    const plain = await protoGet('/api/v1/category/1/pins-proto');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept, Accept-Encoding');
    const br = await protoGet('/api/v1/category/1/pins-proto', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await protoGet('/api/v1/category/1/pins-proto', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The JSON form is compressed the same way.
    const json = await t.as(null, { method: 'GET', url: '/api/v1/category/1/pins-proto', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString()).result.categoryId).toBe(1);
  });

  it('answers the same list as JSON without the protobuf Accept header', async () => {
    const { status, body } = await t.call(null, 'GET', '/api/v1/category/1/pins-proto');
    expect(status).toBe(200);
    const bin = PinList.decode(Envelope.decode((await protoGet('/api/v1/category/1/pins-proto')).rawPayload).result!.value!);
    expect(body.result.pins.length).toBe(bin.pins.length);
    expect(body.result.lastEdited).toBe(bin.lastEdited);
    expect(body.result.pins[0].id).toBe(bin.pins[0]!.id);
  });

  it('sends an ETag from lastEdited, 304 on a match, a new tag after an edit', async () => {
    const first = await protoGet('/api/v1/category/2/pins-proto');
    const etag = first.headers.etag as string;
    const { last_edited } = await t.one<{ last_edited: number }>('select last_edited from categories where id = 2');
    expect(etag).toContain(`cat-2-${last_edited}`);
    const again = await protoGet('/api/v1/category/2/pins-proto', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The JSON representation has its own tag, so a JSON tag never matches a binary request.
    const json = await t.as(null, { method: 'GET', url: '/api/v1/category/2/pins-proto', headers: { 'if-none-match': etag } });
    expect(json.statusCode).toBe(200);

    const created = await t.call(5, 'PUT', '/api/v1/pin', { coordX: 10, coordY: 20, categoryId: 2, region: 0, content: '새 핀' });
    expect(created.status).toBe(200);
    const after = await protoGet('/api/v1/category/2/pins-proto', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const list = PinList.decode(Envelope.decode(after.rawPayload).result!.value!);
    expect(list.pins.some((p) => p.id === created.body.result.id && p.description === '새 핀')).toBe(true);
  });

  it('answers 404 for an unknown category, in the representation asked for', async () => {
    const bin = await protoGet('/api/v1/category/9999/pins-proto');
    expect(bin.statusCode).toBe(404);
    const env = Envelope.decode(bin.rawPayload);
    expect(env.status).toBe(404);
    expect(env.error?.errClazz).toBe('not_found');
    expect(env.error?.messageTranslated).toBe('카테고리를 찾을 수 없습니다.');
    const json = await t.call(null, 'GET', '/api/v1/category/9999/pins-proto');
    expect(json.status).toBe(404);
    expect(json.body.error?.errClazz).toBe('not_found');
  });

  it('refuses a malformed id with 400', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const r = await t.call(null, 'GET', `/api/v1/category/${id}/pins-proto`);
      expect(r.status, id).toBe(400);
      expect(r.body.error?.errClazz).toBe('bad_request');
    }
  });
});
