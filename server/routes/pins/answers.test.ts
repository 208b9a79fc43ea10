// The snapshot calls' response schemas (issue 24 item 5): the version answer drops nothing (answer-probe.ts), and the
// snapshot itself, sent as bytes, passes its declared binary schema untouched: the built bytes, protobuf, its ETag, 304.
import { describe, expect, it } from 'vitest';
import { buildRegionSnapshot } from '../../repos/pin-snapshot';
import { probedServer } from '../answer-probe';

const s = probedServer();
const probe = s.probe;

const get = (url: string, headers: Record<string, string> = {}) => s.t.as(null, { method: 'GET', url, headers });

describe('pin snapshot answers', () => {
  it('the version keeps its field, and the snapshot is the bytes built for it', async () => {
    const answer = probe.expectLossless(await get('/api/v1/pins/snapshot')) as { result: { version: number } };
    const built = await buildRegionSnapshot(s.t.db, 0);
    // src/data/snapshot.ts reads `version`.
    expect(answer.result.version).toBe(built.version);
    const r = await get(`/api/v1/pins/snapshot/0/${built.version}`, { accept: 'application/x-protobuf' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-protobuf');
    expect(r.headers.etag).toBe(`"pins-0-${built.version}"`);
    expect(Buffer.compare(r.rawPayload, Buffer.from(built.bytes))).toBe(0);
    const again = await get(`/api/v1/pins/snapshot/0/${built.version}`, {
      accept: 'application/x-protobuf',
      'if-none-match': r.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
