// The implementation behind PinsWorkerApi: network, envelope, cancellation and transfer around
// a PinStore. Plain TypeScript so node tests drive it directly; pins.worker.ts only exposes it.
import * as Comlink from 'comlink';
import { Envelope, PIN_LIST_TYPE_URL, PROTOBUF_MEDIA_TYPE } from '../../proto';
import {
  CANCELLED_ERROR_NAME,
  type LoadOptions,
  type PinFilter,
  type PinsWorkerApi,
  type SnapshotLoadOptions,
  type SnapshotLoadResult,
  type SnapshotProgressCallback,
} from './api';
import { type PinBuffers } from '../../common/pin-buffers';
import { SnapshotStreamReader } from '../../common/pin-snapshot';
import { PinStore } from './PinStore';
import type { Checkpoint } from './spatial-queries';
import { layoutTransferList } from './pin-layout';
import { nearestUnfound, planRoute } from './route-query';
import { errors } from '../../src/i18n/errors';

/** Korean message for a pin list that could not be loaded. */
export const LOAD_FAILED_MESSAGE = errors.pinsLoadFailed;
/** Korean message of a cancelled call. */
export const CANCELLED_MESSAGE = errors.cancelled;

// Long calls give the event loop a turn this often, so a cancel message can arrive.
const YIELD_EVERY_MS = 8;
/** A streaming snapshot load reports its progress at most this often (after the first block, at once). */
export const PROGRESS_EVERY_MS = 120;

function cancelled(): Error {
  const e = new Error(CANCELLED_MESSAGE);
  e.name = CANCELLED_ERROR_NAME;
  return e;
}

function loadError(message: string | null | undefined, errClazz?: string | null): Error {
  const e = new Error(message || LOAD_FAILED_MESSAGE);
  e.name = errClazz || 'load_failed';
  return e;
}

/** Buffers of a PinBuffers, for Comlink.transfer. */
export function pinBuffersTransferList(b: PinBuffers): ArrayBuffer[] {
  const columns = [b.ids, b.x, b.y, b.z, b.icon, b.category, b.region, b.flags].map((a) => a.buffer as ArrayBuffer);
  if (b.order) columns.push(b.order.buffer);
  if (b.index) columns.push(b.index.keys.buffer, b.index.vals.buffer);
  return columns;
}

/** Reads the PinList bytes out of a pins-proto response (binary envelope, or a JSON error envelope). */
async function pinListBytes(res: Response): Promise<Uint8Array> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes(PROTOBUF_MEDIA_TYPE)) {
    const body = (await res.json().catch(() => null)) as {
      error?: { messageTranslated?: string; message?: string; errClazz?: string };
    } | null;
    throw loadError(body?.error?.messageTranslated ?? body?.error?.message, body?.error?.errClazz);
  }
  const env = Envelope.decode(new Uint8Array(await res.arrayBuffer()));
  if (env.status !== 200 || env.error || !env.result)
    throw loadError(env.error?.messageTranslated ?? env.error?.message, env.error?.errClazz);
  if (env.result.type_url !== PIN_LIST_TYPE_URL) throw loadError(LOAD_FAILED_MESSAGE);
  return env.result.value ?? new Uint8Array(0);
}

/** A snapshot body that sends nothing for this long has stalled: the load fails (and is tried again). */
export const SNAPSHOT_STALL_MS = 15_000;

/** A response body as chunks, as they arrive; a body silent for `stallMs` is cancelled and throws. */
async function* streamOf(res: Response, stallMs = Infinity): AsyncIterable<Uint8Array> {
  if (!res.body) {
    yield new Uint8Array(await res.arrayBuffer());
    return;
  }
  const reader = res.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      const silent = new Promise<never>((_, reject) => {
        if (stallMs !== Infinity) timer = setTimeout(() => reject(new Error(`no bytes for ${stallMs / 1000} s`)), stallMs);
      });
      const { done, value } = await Promise.race([reader.read(), silent]);
      clearTimeout(timer);
      if (done) return;
      yield value;
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw e;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/** Pieces with a turn of the event loop between them (progress messages and cancels get through). */
async function* yielding(pieces: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const p of pieces) {
    yield p;
    await new Promise((r) => setTimeout(r, 0));
  }
}

/**
 * A mark of the worker's snapshot reads for the scale bench's timeline (`--timeline`), replacing the one of the same
 * name (a region's last read), so a long session's retries keep one of each.
 */
function mark(name: string, detail?: unknown): void {
  performance.clearMarks(name);
  performance.mark(name, { detail });
}

/** Loads bytes into the store; malformed bytes become a Korean 'decode_failed' error. */
function loadInto(store: PinStore, categoryId: number, bytes: Uint8Array, icon: number) {
  try {
    return store.load(categoryId, bytes, icon);
  } catch (e) {
    throw loadError(`${LOAD_FAILED_MESSAGE} (${(e as Error).message})`, 'decode_failed');
  }
}

/** Creates the worker's API object over a store; `fetchImpl` is the global fetch unless given. */
export function createPinsService(store = new PinStore(), fetchImpl: typeof fetch = (...a) => fetch(...a)): PinsWorkerApi {
  const running = new Map<number, AbortController>();
  // Snapshots being read from kept bytes (a warm start): every byte is here, and the whole read takes a few hundred
  // ms even at a million pins. A pin set asked for meanwhile waits for them: built before they end, it would be built
  // again once they do (0.4–0.8 s each at 690,000 pins; a warm start of three regions built four).
  const readingKept = new Map<Promise<unknown>, number>();
  /** Whether a filter shows a region's pins (every region's, where it names none). */
  const shows = (f: PinFilter, region: number) =>
    f.region === region || (f.regions?.includes(region) ?? false) || ((f.region === undefined || f.region < 0) && !f.regions);
  /** The kept reads a pin set of these filters waits for: those of the regions they show. */
  const keptReadsFor = (filters: PinFilter[]) =>
    [...readingKept].filter(([, region]) => filters.some((f) => shows(f, region))).map(([read]) => read);

  function begin(requestId: number | undefined): { signal: AbortSignal | undefined; checkpoint: Checkpoint | undefined; end: () => void } {
    if (requestId === undefined) return { signal: undefined, checkpoint: undefined, end: () => {} };
    const ctl = new AbortController();
    running.set(requestId, ctl);
    let last = performance.now();
    const checkpoint: Checkpoint = async () => {
      if (performance.now() - last >= YIELD_EVERY_MS) {
        await new Promise((r) => setTimeout(r, 0));
        last = performance.now();
      }
      if (ctl.signal.aborted) throw cancelled();
    };
    return { signal: ctl.signal, checkpoint, end: () => running.delete(requestId) };
  }

  /** Reads a region snapshot from a stream of chunks into the store, reporting progress; the raw chunks for the cache. */
  async function readSnapshot(
    region: number,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    opts: SnapshotLoadOptions | undefined,
    onProgress: SnapshotProgressCallback | undefined,
    signal: AbortSignal | undefined,
    keep: boolean,
    expectedPins?: number,
  ): Promise<SnapshotLoadResult> {
    const icons = new Map(Object.entries(opts?.icons ?? {}).map(([k, v]) => [Number(k), v]));
    const reader = new SnapshotStreamReader();
    const kept: Uint8Array[] = [];
    const seen = new Set<number>();
    const counts: Record<number, number> = {};
    let pins = 0;
    let begun = false;
    let reported = -Infinity;
    const progress = (done: boolean) => ({ region, version: reader.header.version, categories: [...seen], pins, done });
    try {
      for await (const chunk of chunks) {
        if (signal?.aborted) throw cancelled();
        if (keep) kept.push(chunk);
        const blocks = reader.push(chunk);
        if (!blocks.length) continue;
        if (!begun) {
          mark(`pins:snapshot-first-block r${region}`);
          begun = true;
          store.beginSnapshot(region, reader.header.version);
        }
        for (const b of blocks) {
          for (const c of store.addSnapshotBlock(region, b, icons)) seen.add(c);
          for (let i = 0; i < b.count; i++) counts[b.category[i]!] = (counts[b.category[i]!] ?? 0) + 1;
          pins += b.count;
        }
        if (onProgress && performance.now() - reported >= PROGRESS_EVERY_MS) {
          reported = performance.now();
          void Promise.resolve(onProgress(progress(false))).catch(() => undefined);
        }
      }
      reader.finish();
      mark(`pins:snapshot-read r${region}`, { pins });
    } catch (e) {
      if (signal?.aborted || (e as Error).name === CANCELLED_ERROR_NAME) throw cancelled();
      if (e instanceof RangeError) throw loadError(`${LOAD_FAILED_MESSAGE} (${e.message})`, 'decode_failed');
      throw loadError(`${LOAD_FAILED_MESSAGE} (${(e as Error).message})`, 'network');
    }
    // A body cut between two blocks reads as a whole snapshot: the pin count the server sent says it is not.
    if (expectedPins !== undefined && pins !== expectedPins) {
      throw loadError(`${LOAD_FAILED_MESSAGE} (truncated pin snapshot: ${pins} of ${expectedPins} pins)`, 'network');
    }
    if (!begun) store.beginSnapshot(region, reader.header.version);
    const result: SnapshotLoadResult = { ...progress(true), counts };
    if (keep) result.bytes = new Blob(kept as Uint8Array<ArrayBuffer>[]);
    return result;
  }

  const api: PinsWorkerApi = {
    async loadSnapshot(region, version, opts, onProgress) {
      const { signal, end } = begin(opts?.requestId);
      try {
        const url = `${opts?.apiBase ?? ''}/api/v1/pins/snapshot/${region}/${version}`;
        mark(`pins:snapshot-fetch r${region}`);
        let res: Response;
        try {
          res = await fetchImpl(url, { headers: { Accept: PROTOBUF_MEDIA_TYPE }, credentials: 'include', signal });
        } catch (e) {
          if (signal?.aborted) throw cancelled();
          throw loadError(`${LOAD_FAILED_MESSAGE} (${(e as Error).message})`, 'network');
        }
        if (!res.ok || !(res.headers.get('content-type') ?? '').includes(PROTOBUF_MEDIA_TYPE)) {
          const body = (await res.json().catch(() => null)) as { error?: { messageTranslated?: string; errClazz?: string } } | null;
          throw loadError(body?.error?.messageTranslated, body?.error?.errClazz);
        }
        const count = Number(res.headers.get('x-pin-count') ?? NaN);
        const expected = Number.isInteger(count) ? count : undefined;
        return await readSnapshot(region, streamOf(res, SNAPSHOT_STALL_MS), opts, onProgress, signal, true, expected);
      } finally {
        end();
      }
    },
    async loadSnapshotBytes(region, bytes, opts, onProgress) {
      mark(`pins:snapshot-kept r${region}`);
      const { signal, end } = begin(opts?.requestId);
      const read = (async () => {
        const buf = new Uint8Array(bytes instanceof Blob ? await bytes.arrayBuffer() : bytes);
        // In pieces, with a turn between them, so progress and a cancel get through.
        const pieces: Uint8Array[] = [];
        for (let at = 0; at < buf.length; at += 1 << 16) pieces.push(buf.subarray(at, at + (1 << 16)));
        return readSnapshot(region, yielding(pieces), opts, onProgress, signal, false);
      })();
      readingKept.set(read, region);
      try {
        return await read;
      } finally {
        readingKept.delete(read);
        end();
      }
    },
    async loadCategory(categoryId: number, opts?: LoadOptions) {
      const { signal, end } = begin(opts?.requestId);
      try {
        const url = `${opts?.apiBase ?? ''}/api/v1/category/${categoryId}/pins-proto`;
        let res: Response;
        try {
          res = await fetchImpl(url, { headers: { Accept: PROTOBUF_MEDIA_TYPE }, credentials: 'include', signal });
        } catch (e) {
          if (signal?.aborted) throw cancelled();
          throw loadError(`${LOAD_FAILED_MESSAGE} (${(e as Error).message})`, 'network');
        }
        const bytes = await pinListBytes(res);
        if (signal?.aborted) throw cancelled();
        const c = loadInto(store, categoryId, bytes, opts?.icon ?? 0);
        // The store keeps `bytes` for lazy records; the cache gets a Blob of its own (a copy made here, off the main thread).
        return { categoryId, lastEdited: c.lastEdited, count: c.count, bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]) };
      } finally {
        end();
      }
    },
    async loadCategoryBytes(categoryId, bytes, opts) {
      const c = loadInto(store, categoryId, new Uint8Array(bytes instanceof Blob ? await bytes.arrayBuffer() : bytes), opts?.icon ?? 0);
      return { count: c.count, lastEdited: c.lastEdited };
    },
    async upsertPin(pin) {
      store.upsertPin(pin);
    },
    async removePins(ids) {
      store.removePins(ids);
    },
    async setChecked(ids) {
      store.setChecked(ids);
    },
    async updateChecked(ids, checked) {
      store.updateChecked(ids, checked);
    },
    async setHighlightedTags(tagIds, filters) {
      store.setHighlightedTags(tagIds);
      const ids = store.highlightedIn(filters ?? []);
      return Comlink.transfer(ids, [ids.buffer as ArrayBuffer]);
    },
    async getPins(filter) {
      const b = store.getPins(filter);
      return Comlink.transfer(b, pinBuffersTransferList(b));
    },
    async layout(filters, opts) {
      const l = store.layout(filters, opts);
      return Comlink.transfer(l, layoutTransferList(l));
    },
    async pinsWithLayout(filters, opts, unless) {
      for (let reads = keptReadsFor(filters); reads.length; reads = keptReadsFor(filters)) await Promise.allSettled(reads);
      if (unless !== undefined && unless === store.version) return null;
      const t0 = performance.now();
      const r = store.pinsWithLayout(filters, opts);
      // The last pin set built, for the scale bench's timeline (one entry, replaced each time).
      performance.clearMeasures('pins:pin-set');
      performance.measure('pins:pin-set', { start: t0, end: performance.now(), detail: { pins: r.pins.ids.length } });
      return Comlink.transfer(r, [...pinBuffersTransferList(r.pins), ...layoutTransferList(r.layout)]);
    },
    async changesSince(since, filters, opts) {
      const c = store.changesSince(since, filters, opts);
      return (
        c &&
        Comlink.transfer(c, [
          c.removed.buffer as ArrayBuffer,
          c.at.buffer as ArrayBuffer,
          ...pinBuffersTransferList(c.pins),
          ...layoutTransferList(c.layout),
        ])
      );
    },
    async queryPoint(x, y, radius, filter) {
      return store.queryPoint(x, y, radius, filter);
    },
    async queryRect(minX, minY, maxX, maxY, filter, requestId) {
      const { checkpoint, end } = begin(requestId);
      try {
        const ids = await store.queryRect(minX, minY, maxX, maxY, filter, checkpoint);
        return Comlink.transfer(ids, [ids.buffer as ArrayBuffer]);
      } finally {
        end();
      }
    },
    async queryLasso(polygon, filter, requestId) {
      const { checkpoint, end } = begin(requestId);
      try {
        const ids = await store.queryLasso(polygon, filter, checkpoint);
        return Comlink.transfer(ids, [ids.buffer as ArrayBuffer]);
      } finally {
        end();
      }
    },
    async queryRoute(polyline, width, filter, requestId) {
      const { checkpoint, end } = begin(requestId);
      try {
        const ids = await store.queryRoute(polyline, width, filter, checkpoint);
        return Comlink.transfer(ids, [ids.buffer as ArrayBuffer]);
      } finally {
        end();
      }
    },
    async getPin(id) {
      return store.getPin(id);
    },
    async placesOf(ids) {
      const out = store.placesOf(ids);
      return Comlink.transfer(out, [out.buffer as ArrayBuffer]);
    },
    async planRoute(req) {
      const r = planRoute((f) => store.getPins(f), req);
      return Comlink.transfer(
        r,
        [r.ids, r.x, r.y, r.z, r.category].map((a) => a.buffer as ArrayBuffer),
      );
    },
    async nearestUnfound(x, y, floor, filter, exclude) {
      return nearestUnfound((f) => store.getPins(f), x, y, floor, filter, exclude);
    },
    cancel(requestId) {
      running.get(requestId)?.abort();
    },
  };
  return api;
}
