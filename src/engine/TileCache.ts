// The tile source: fetches, decodes (createImageBitmap, off the main thread) and keeps tile
// textures in an LRU cache bounded by bytes. Keyed by URL path, so regions that share a tile
// set share the textures. Layers only draw what the cache holds.
import { ImageSource, Texture, type Sprite } from 'pixi.js';

export const TileState = { Idle: 0, Loading: 1, Ready: 2, Failed: 3 } as const;

/** One tile: its texture once loaded, and the sprite a layer draws it with. */
export interface TileEntry {
  readonly key: number;
  readonly url: string;
  readonly set: string;
  state: number;
  texture: Texture | null;
  /** The layer's sprite for this tile; destroyed with the entry. */
  view: Sprite | null;
  bytes: number;
  /** Frame stamp of the last time it was wanted or drawn (LRU order). */
  lastUsed: number;
  queuedAt: number;
}

export interface TileCacheOptions {
  baseUrl?: string;
  /** GPU bytes the cache may hold before evicting (default 256 MiB). */
  maxBytes?: number;
  maxConcurrent?: number;
  /** Called when a tile finishes loading (ready or failed). */
  onLoad: () => void;
}

/** Default bound: 256 MiB of RGBA texels = 64 tiles of 1024² or 256 tiles of 512². */
export const DEFAULT_TILE_CACHE_BYTES = 256 * 1024 * 1024;

export class TileCache {
  private readonly entries = new Map<number, TileEntry>();
  private readonly queue: TileEntry[] = [];
  private readonly controllers = new Map<number, AbortController>();
  private readonly maxBytes: number;
  private readonly maxConcurrent: number;
  private loading = 0;
  private bytes = 0;
  private frame = 0;
  private disposed = false;
  /** Textures destroyed so far (tests and the frame page read it). */
  destroyedTextures = 0;

  constructor(private readonly opts: TileCacheOptions) {
    this.maxBytes = opts.maxBytes ?? DEFAULT_TILE_CACHE_BYTES;
    this.maxConcurrent = opts.maxConcurrent ?? 6;
  }

  /** Starts a new update: tiles wanted from now on are stamped with this frame. */
  beginFrame(frame: number): void {
    this.frame = frame;
    this.queue.length = 0;
  }

  get(key: number): TileEntry | undefined {
    return this.entries.get(key);
  }

  /** Marks a tile as needed now, queueing its load when it is not there yet. */
  want(key: number, url: string, set: string): TileEntry {
    let e = this.entries.get(key);
    if (!e) {
      e = { key, url, set, state: TileState.Idle, texture: null, view: null, bytes: 0, lastUsed: 0, queuedAt: -1 };
      this.entries.set(key, e);
    }
    e.lastUsed = this.frame;
    if (e.state === TileState.Idle && e.queuedAt !== this.frame) {
      e.queuedAt = this.frame;
      this.queue.push(e);
    }
    return e;
  }

  /** Starts queued loads (in the order wanted) up to the concurrency limit, then evicts. */
  flush(): void {
    let i = 0;
    while (this.loading < this.maxConcurrent && i < this.queue.length) {
      const e = this.queue[i++]!;
      if (e.state === TileState.Idle) void this.load(e);
    }
    this.evict();
  }

  /** Tiles loading or queued. */
  pending(): number {
    let queued = 0;
    for (const e of this.queue) if (e.state === TileState.Idle) queued++;
    return this.loading + queued;
  }

  stats(): { textures: number; bytes: number; loading: number; destroyed: number } {
    let textures = 0;
    for (const e of this.entries.values()) if (e.texture) textures++;
    return { textures, bytes: this.bytes, loading: this.loading, destroyed: this.destroyedTextures };
  }

  /** The live textures (tests check they get destroyed). */
  textures(): Texture[] {
    const out: Texture[] = [];
    for (const e of this.entries.values()) if (e.texture) out.push(e.texture);
    return out;
  }

  /** Frees every tile of tile sets other than `keep` (a region switch to another set). */
  dropOtherSets(keep: string): void {
    for (const e of [...this.entries.values()]) if (e.set !== keep) this.remove(e);
  }

  dispose(): void {
    this.disposed = true;
    for (const c of this.controllers.values()) c.abort();
    for (const e of [...this.entries.values()]) this.remove(e);
    this.queue.length = 0;
  }

  // Least recently used first; tiles used in the current frame are on screen and stay.
  private evict(): void {
    if (this.bytes <= this.maxBytes) return;
    const ready = [...this.entries.values()].filter((e) => e.texture && e.lastUsed < this.frame);
    ready.sort((a, b) => a.lastUsed - b.lastUsed);
    for (const e of ready) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(e);
    }
  }

  private remove(e: TileEntry): void {
    this.controllers.get(e.key)?.abort();
    this.entries.delete(e.key);
    e.view?.destroy();
    e.view = null;
    if (e.texture) {
      e.texture.destroy(true);
      this.destroyedTextures++;
      this.bytes -= e.bytes;
    }
    e.texture = null;
    e.state = TileState.Failed;
  }

  private async load(e: TileEntry): Promise<void> {
    e.state = TileState.Loading;
    this.loading++;
    const ctl = new AbortController();
    this.controllers.set(e.key, ctl);
    try {
      const res = await fetch((this.opts.baseUrl ?? '') + e.url, { signal: ctl.signal });
      if (!res.ok) throw new Error(`tile ${res.status}`);
      const bitmap = await createImageBitmap(await res.blob());
      if (this.disposed || this.entries.get(e.key) !== e) {
        bitmap.close();
        return;
      }
      const source = new ImageSource({ resource: bitmap, scaleMode: 'linear', label: e.url });
      e.texture = new Texture({ source, label: e.url });
      e.bytes = bitmap.width * bitmap.height * 4;
      this.bytes += e.bytes;
      e.state = TileState.Ready;
    } catch {
      // Missing tiles (sea, outside the imagery) and aborted loads are simply not drawn.
      if (e.state === TileState.Loading) e.state = TileState.Failed;
    } finally {
      this.loading--;
      this.controllers.delete(e.key);
      if (!this.disposed) this.opts.onLoad();
    }
  }
}
