import type { PinsWorkerApi } from '../../workers/pins/api';

/** The pins-worker calls the data layer uses (the Comlink proxy satisfies it). */
export type DataWorker = Pick<PinsWorkerApi, 'loadCategory' | 'loadCategoryBytes'> &
  Partial<Pick<PinsWorkerApi, 'upsertPin' | 'removePins' | 'loadSnapshot' | 'loadSnapshotBytes' | 'placesOf'>>;

let worker: DataWorker | null = null;

/** Hands the data layer the pins worker (the app does this once at start-up). */
export function setDataWorker(w: DataWorker | null): void {
  worker = w;
}

/** The pins worker set by setDataWorker. */
export function dataWorker(): DataWorker {
  if (!worker) throw new Error('pins worker not set: call setDataWorker(getPinsWorker()) at start-up');
  return worker;
}
