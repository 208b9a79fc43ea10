// Main-thread side of the pins worker: starts it and wraps it with Comlink.
import * as Comlink from 'comlink';
import type { PinsWorkerApi } from './api';

let shared: Comlink.Remote<PinsWorkerApi> | null = null;
let nextRequestId = 1;

/** A new pins worker (tests, benches); terminate it with `dispose()`. */
export function createPinsWorker(): { api: Comlink.Remote<PinsWorkerApi>; dispose: () => void } {
  const worker = new Worker(new URL('./pins.worker.ts', import.meta.url), { type: 'module', name: 'pins' });
  const api = Comlink.wrap<PinsWorkerApi>(worker);
  return {
    api,
    dispose: () => {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** The app's one pins worker, started on first use. */
export function getPinsWorker(): Comlink.Remote<PinsWorkerApi> {
  shared ??= createPinsWorker().api;
  return shared;
}

/** A fresh id for a cancellable call (pass it to the call, then to cancel()). */
export function newRequestId(): number {
  return nextRequestId++;
}
