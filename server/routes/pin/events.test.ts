import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATOR, seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
let base = '';
beforeAll(async () => {
  t = await seededApp(300);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => { await t?.close(); });

/** Opens the event stream and collects the `pin` events' payloads. */
function subscribe(): Promise<{ events: unknown[]; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    get(`${base}/api/v1/pin/events`, (res) => {
      const events: unknown[] = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = /^event: pin\ndata: (.*)$/m.exec(block);
          if (data) events.push(JSON.parse(data[1]!));
        }
      });
      resolve({ events, res });
    }).on('error', reject);
  });
}

describe('GET /v1/pin/events', () => {
  it('pushes created, edited, moved and hidden pins to open maps', async () => {
    const { events, res } = await subscribe();
    expect(res.headers['content-type']).toContain('text/event-stream');
    const id = (await t.call(7, 'PUT', '/api/v1/pin', { coordX: 10, coordY: 10, categoryId: 3, region: 0 })).body.result.id;
    await t.call(8, 'PATCH', `/api/v1/pin/${id}`, { coordX: 40, categoryId: 4 });
    await t.call(MODERATOR, 'POST', `/api/v1/moderation/pins/${id}/hide`, { hidden: true });
    await expect.poll(() => events.length, { timeout: 5000 }).toBe(3);
    expect(events).toEqual([
      { pinId: id, categoryIds: [3], kind: 'create' },
      { pinId: id, categoryIds: [3, 4], kind: 'edit' },
      { pinId: id, categoryIds: [4], kind: 'hide' },
    ]);
    res.destroy();
  });

  it('pushes a revert and both pins of a merge', async () => {
    const { events, res } = await subscribe();
    const id = (await t.call(7, 'PUT', '/api/v1/pin', { coordX: 20, coordY: 20, categoryId: 3, region: 0 })).body.result.id;
    await t.call(8, 'PATCH', `/api/v1/pin/${id}`, { coordX: 60, categoryId: 4 });
    const revisions = (await t.call(null, 'GET', `/api/v1/pin/${id}/revisions`)).body.result as { id: number }[];
    const first = Math.min(...revisions.map((r) => r.id));
    expect((await t.call(MODERATOR, 'POST', `/api/v1/pin/${id}/revert`, { revisionId: first })).status).toBe(200);
    const dup = (await t.call(7, 'PUT', '/api/v1/pin', { coordX: 22, coordY: 22, categoryId: 3, region: 0 })).body.result.id;
    const report = (await t.call(9, 'POST', '/api/v1/pin/report', { targetPinId: dup, duplicatePinId: id, comment: '중복' })).body.result.id;
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${report}`, { action: 'merge', keepPinId: id })).status).toBe(200);
    await expect.poll(() => events.length, { timeout: 5000 }).toBe(6);
    expect(events).toEqual([
      { pinId: id, categoryIds: [3], kind: 'create' },
      { pinId: id, categoryIds: [3, 4], kind: 'edit' },
      { pinId: id, categoryIds: [4, 3], kind: 'revert' },
      { pinId: dup, categoryIds: [3], kind: 'create' },
      { pinId: dup, categoryIds: [3], kind: 'merge' },
      { pinId: id, categoryIds: [3], kind: 'merge' },
    ]);
    res.destroy();
  });
});
