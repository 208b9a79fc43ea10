import type { ProgressFileRead } from '../../common/progress-file';

/** The progress-file worker: reads a chosen export file (JSON or CSV) off the main thread. */
export interface ProgressFileWorkerApi {
  /** The file's pins (unique, strictly checked), or its Korean error naming the line. */
  read(file: Blob): Promise<ProgressFileRead>;
}
