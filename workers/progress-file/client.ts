// Main-thread side of the progress-file worker: one short-lived worker per file read (imports are rare).
import * as Comlink from 'comlink';
import type { ProgressFileRead } from '../../common/progress-file';
import type { ProgressFileWorkerApi } from './api';

/** Reads an export file in a worker: its pins, or what is wrong with it (Korean, naming the line). */
export async function readProgressFileOffThread(file: Blob): Promise<ProgressFileRead> {
  const worker = new Worker(new URL('./progress-file.worker.ts', import.meta.url), { type: 'module', name: 'progress-file' });
  const api = Comlink.wrap<ProgressFileWorkerApi>(worker);
  try {
    return await api.read(file);
  } finally {
    api[Comlink.releaseProxy]();
    worker.terminate();
  }
}
