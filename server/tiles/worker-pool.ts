import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderTileRgba, type RgbaTile, type TileRequest } from './render';

interface Job {
  id: number;
  req: TileRequest;
  resolve: (t: RgbaTile) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

type Reply = { id: number; size: number; opaque: boolean; data: ArrayBuffer } | { id: number; error: string };

/**
 * A small pool of worker threads that draw tile pixels. Workers are TypeScript run through
 * tsx's loader, which works under `tsx server/main.ts` and under vitest; when a worker cannot
 * start, tiles are drawn on the calling thread instead.
 */
export class TileWorkerPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private fallback = false;
  /** How many tiles were drawn (in workers or in-thread): tests use it to prove cache hits. */
  renders = 0;

  private constructor() {}

  /** Starts `size` workers (0: draw in-thread); resolves once they answer or fall back. */
  static async start(size = 2, timeoutMs = 15_000): Promise<TileWorkerPool> {
    const pool = new TileWorkerPool();
    if (size <= 0) {
      pool.fallback = true;
      return pool;
    }
    try {
      await Promise.all(Array.from({ length: size }, () => pool.spawn(timeoutMs)));
    } catch {
      await pool.close();
      pool.fallback = true;
    }
    return pool;
  }

  /** True when tiles are drawn on worker threads. */
  get threaded(): boolean {
    return !this.fallback;
  }

  private spawn(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      // `execArgv: ['--import', 'tsx']` does not reach a worker's entry module on Node 20, so a tiny
      // eval'd bootstrap registers tsx's loader inside the worker and then imports the TS entry.
      const entry = JSON.stringify(new URL('./tile-worker.ts', import.meta.url).href);
      // Resolved here so the worker finds tsx whatever the process's working directory is.
      // (require.resolve gives the CommonJS build; its ES build sits beside it as index.mjs.)
      const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
      const tsxApi = JSON.stringify(pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href);
      const boot = `import(${tsxApi}).then(({ register }) => { register(); return import(${entry}); })`;
      const worker = new Worker(boot, { eval: true });
      const timer = setTimeout(() => reject(new Error('tile worker did not start')), timeoutMs);
      worker.unref();
      const slot: Slot = { worker, job: null };
      worker.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      worker.on('message', (msg: { ready: true } | Reply) => {
        if ('ready' in msg) {
          clearTimeout(timer);
          this.slots.push(slot);
          worker.on('error', (e) => this.onCrash(slot, e));
          this.pump();
          resolve();
          return;
        }
        const job = slot.job;
        slot.job = null;
        if (job) {
          if ('error' in msg) job.reject(new Error(msg.error));
          else job.resolve({ size: msg.size, opaque: msg.opaque, data: new Uint8ClampedArray(msg.data) });
        }
        this.pump();
      });
    });
  }

  private onCrash(slot: Slot, e: Error): void {
    this.slots = this.slots.filter((s) => s !== slot);
    slot.job?.reject(e);
    if (this.slots.length === 0) this.fallback = true;
    this.pump();
  }

  /** Draws one tile's pixels. */
  draw(req: TileRequest): Promise<RgbaTile> {
    this.renders++;
    if (this.fallback) {
      return new Promise((resolve, reject) => {
        // Yield first so a burst of requests still interleaves with I/O.
        setImmediate(() => {
          try {
            resolve(renderTileRgba(req));
          } catch (e) {
            reject(e as Error);
          }
        });
      });
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, req, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, req: job.req });
    }
    if (this.fallback && this.queue.length > 0) {
      const jobs = this.queue.splice(0);
      for (const j of jobs) {
        this.renders--;
        this.draw(j.req).then(j.resolve, j.reject);
      }
    }
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
