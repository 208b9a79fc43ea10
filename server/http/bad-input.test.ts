import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { seededApp, testApp } from '../test-helper';
import { unstorableTextMessage } from './input';
import { frameworkMessages } from './framework-errors';
import { Messages } from './errors';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(200);
});
afterAll(async () => {
  await t?.close();
});

const USER = 7;
const anyPin = async () => (await t.one<{ id: number }>('select id from pins order by id limit 1')).id;

describe('text the database cannot store is a 400 in the envelope (issue 12 item 6)', () => {
  it('a NUL in comment, report, pin and search text', async () => {
    const pin = await anyPin();
    const calls = [
      await t.call(USER, 'PUT', `/api/v2/pin/${pin}/comment`, { content: 'a\u0000b' }),
      await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: pin, duplicatePinId: 0, comment: 'x\u0000' }),
      await t.call(USER, 'PUT', '/api/v1/pin', { coordX: 10, coordY: 10, categoryId: 3, region: 0, content: '\u0000', tags: [] }),
      await t.call(USER, 'PATCH', `/api/v1/pin/${pin}`, { content: 'ok\u0000' }),
      await t.call(null, 'GET', '/api/v1/search?q=%00abc'),
    ];
    for (const c of calls) {
      expect(c.status).toBe(400);
      expect(c.body).toMatchObject({
        status: 400,
        result: null,
        error: { errClazz: 'bad_request', messageTranslated: unstorableTextMessage },
      });
    }
  });

  it('a lone surrogate in pin content and in a comment', async () => {
    const pin = await anyPin();
    const raw = (payload: string, method: 'PATCH' | 'PUT', url: string) =>
      t.as(USER, { method, url, payload, headers: { 'content-type': 'application/json' } });
    for (const res of [
      await raw('{"content":"\\ud800"}', 'PATCH', `/api/v1/pin/${pin}`),
      await raw('{"content":"a\\udc00b"}', 'PUT', `/api/v2/pin/${pin}/comment`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.messageTranslated).toBe(unstorableTextMessage);
    }
    // A well-formed pair (an emoji) is fine.
    const ok = await raw('{"content":"\\ud83d\\ude00 좋아요"}', 'PUT', `/api/v2/pin/${pin}/comment`);
    expect(ok.statusCode).toBe(200);
  });

  it('a coordinate below the float4 range gets the coordinates message', async () => {
    const pin = await anyPin();
    for (const c of [
      await t.call(USER, 'PUT', '/api/v1/pin', { coordX: 1e-46, coordY: 10, categoryId: 3, region: 0, content: 'x', tags: [] }),
      await t.call(USER, 'PATCH', `/api/v1/pin/${pin}`, { coordY: -1e-46 }),
    ]) {
      expect(c.status).toBe(400);
      expect(c.body.error!.messageTranslated).toBe(Messages.coordinatesInvalid);
    }
  });
});

/** Writes raw bytes to the listening server and reads the whole answer. */
function rawHttp(port: number, write: (s: Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let data = '';
    s.on('data', (d) => {
      data += d.toString();
    });
    s.on('close', () => resolve(data));
    s.on('error', reject);
    s.on('connect', () => write(s));
  });
}

function envelopeOf(raw: string) {
  const [head, body] = raw.split('\r\n\r\n', 2) as [string, string];
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as { status: number; error: { messageTranslated: string } } };
}

describe('answers given before any route runs are in the envelope', () => {
  let s: Awaited<ReturnType<typeof testApp>>;
  let port: number;
  beforeAll(async () => {
    s = await testApp({ requestTimeoutMs: 1500 });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as AddressInfo).port;
  });
  afterAll(() => s.close());

  it('a bad URL (400) and an over-long path parameter (414)', async () => {
    const bad = await s.app.inject({ method: 'GET', url: '/api/v1/pin/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, result: null, error: { messageTranslated: frameworkMessages.badUrl } });
    const long = await s.app.inject({ method: 'GET', url: `/api/v1/pin/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ status: 414, error: { messageTranslated: frameworkMessages.urlTooLong } });
  });

  it('headers over the limit (431)', async () => {
    const raw = await rawHttp(port, (c) => c.write(`GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    const { status, body } = envelopeOf(raw);
    expect(status).toBe(431);
    expect(body).toMatchObject({ status: 431, error: { messageTranslated: frameworkMessages.headersTooLarge } });
  });

  it('a body trickled in slowly is cut off at REQUEST_TIMEOUT_S with 408', async () => {
    const started = Date.now();
    let timer: ReturnType<typeof setInterval> | undefined;
    const raw = await rawHttp(port, (c) => {
      c.write('PATCH /api/v1/me HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      timer = setInterval(() => {
        if (!c.destroyed) c.write(' ');
      }, 300);
    });
    clearInterval(timer);
    // Node checks the limit every connectionsCheckingInterval (here capped at the limit itself).
    expect(Date.now() - started).toBeLessThan(10_000);
    const { status, body } = envelopeOf(raw);
    expect(status).toBe(408);
    expect(body.error.messageTranslated).toBe(frameworkMessages.timeout);
  }, 15_000);
});
