import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { Type } from 'typebox';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Envelope, PinList, PIN_LIST_TYPE_URL, PROTOBUF_MEDIA_TYPE } from '../../../proto';
import { ok, fail } from '../../http/envelope';
import { ErrClazz } from '../../http/errors';
import { CategoryPinListSchema, EnvelopeSchema, type CategoryPinList } from '../../../common/api';
import { categoryMeta, categoryPins } from '../../repos/categories';
import { Binary, DataMessages, ErrorEnvelope, IdParams, wantsProto } from '../common';

/** Encoded pin lists kept in memory, at most this many bytes in all (least recently used go first). */
const CACHE_BYTES = 96 * 1024 * 1024;

/** One representation of a pin list and its compressed forms, made once per lastEdited. */
interface Variants {
  identity: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}
interface Encoded {
  proto: Variants;
  json?: Variants;
  bytes: number;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const ENCODINGS = ['br', 'gzip'];

/**
 * The body for the client's Accept-Encoding. Pin lists are large (about 100 bytes a pin) and
 * compress about 4.5×; compressing once per list and keeping the result costs nothing per request.
 */
async function compressed(v: Variants, request: FastifyRequest): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  const want = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as 'br' | 'gzip' | null;
  if (want === 'br') {
    v.br ??= brotli(v.identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: v.identity.length } });
    return { body: await v.br, encoding: 'br' };
  }
  if (want === 'gzip') {
    v.gzip ??= gz(v.identity, { level: 6 });
    return { body: await v.gzip, encoding: 'gzip' };
  }
  return { body: v.identity };
}

/** A small LRU of encoded pin lists keyed by (category, lastEdited): a stale key is never asked for again. */
class PinListCache {
  private map = new Map<string, Encoded>();
  private total = 0;

  get(key: string): Encoded | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, v: Encoded): void {
    this.evict(key);
    this.map.set(key, v);
    this.total += v.bytes;
    for (const [k] of this.map) {
      if (this.total <= CACHE_BYTES) break;
      this.evict(k);
    }
  }

  private evict(key: string): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.bytes;
      this.map.delete(key);
    }
  }
}

/**
 * The answer in both representations. Both are sent as encoded bytes from the cache (a Buffer, which Fastify sends
 * as it is): the JSON schema documents the JSON form, it never re-serializes it.
 */
const PinListAnswer = {
  200: {
    content: {
      'application/json': { schema: EnvelopeSchema(CategoryPinListSchema) },
      [PROTOBUF_MEDIA_TYPE]: { schema: Binary('An Envelope (proto/wire.proto) whose result is a PinList.') },
    },
  },
  304: Type.Null(),
  /** An unknown category: the envelope, as JSON or (asked for protobuf) as an Envelope message. */
  404: ErrorEnvelope,
};

function etagOf(id: number, lastEdited: number, proto: boolean): string {
  // The representation is part of the tag so a cached JSON body never answers a protobuf request.
  return `W/"cat-${id}-${lastEdited}-${proto ? 'pb' : 'json'}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((s) => s.trim())
    .some((t) => t === '*' || t === etag || `W/${t}` === etag);
}

function sendProto(reply: FastifyReply, status: number, bytes: Uint8Array) {
  return reply
    .status(status)
    .header('content-type', PROTOBUF_MEDIA_TYPE)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** GET /v1/category/:id/pins-proto: a category's pins, protobuf or JSON, cached encoded and compressed per lastEdited. */
export async function registerPinListRoutes(app: FastifyInstance): Promise<void> {
  const cache = new PinListCache();

  app.get('/v1/category/:id/pins-proto', { schema: { params: IdParams, response: PinListAnswer } }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const proto = wantsProto(request);
    reply.header('cache-control', 'no-cache').header('vary', 'Accept, Accept-Encoding');
    const meta = await categoryMeta(app.db, id);
    if (!meta) {
      const body = fail(404, ErrClazz.notFound, DataMessages.categoryNotFound, `no category ${id}`);
      if (!proto) return reply.status(404).send(body);
      return sendProto(reply, 404, Envelope.encode({ status: 404, error: body.error! }).finish());
    }
    let etag = etagOf(id, meta.lastEdited, proto);
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).header('etag', etag).send();
    const key = `${id}:${meta.lastEdited}`;
    let entry = cache.get(key);
    if (!entry || (!proto && entry.json === undefined)) {
      const list = await categoryPins(app.db, id);
      if (!list) return reply.status(404).send(fail(404, ErrClazz.notFound, DataMessages.categoryNotFound));
      const value = PinList.encode({ categoryId: id, lastEdited: list.lastEdited, pins: list.pins }).finish();
      const envelope = Envelope.encode({ status: 200, result: { type_url: PIN_LIST_TYPE_URL, value } }).finish();
      // Sizes count ×1.5: the compressed forms made later are kept beside the plain body.
      const fresh: Encoded = {
        proto: { identity: Buffer.from(envelope.buffer, envelope.byteOffset, envelope.byteLength) },
        bytes: envelope.byteLength * 1.5,
      };
      if (!proto) {
        const result: CategoryPinList = { categoryId: id, lastEdited: list.lastEdited, pins: list.pins };
        fresh.json = { identity: Buffer.from(JSON.stringify(ok(result))) };
        fresh.bytes += fresh.json.identity.length * 1.5;
      }
      if (list.lastEdited === meta.lastEdited && entry) fresh.proto = entry.proto;
      entry = fresh;
      cache.set(`${id}:${list.lastEdited}`, entry);
      // An edit may have landed between the two reads: the tag follows the list actually sent.
      etag = etagOf(id, list.lastEdited, proto);
    }
    reply.header('etag', etag);
    const { body, encoding } = await compressed(proto ? entry.proto : entry.json!, request);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(200)
      .header('content-type', proto ? PROTOBUF_MEDIA_TYPE : 'application/json; charset=utf-8')
      .send(body);
  });
}
