// A 100,000-line export is read and checked here, not on the main thread (issue 23 item 9).
import * as Comlink from 'comlink';
import { readProgressFileText } from '../../common/progress-file';
import type { ProgressFileWorkerApi } from './api';

const api: ProgressFileWorkerApi = {
  read: async (file) => readProgressFileText(await file.text()),
};

Comlink.expose(api);
