import { parentPort } from 'node:worker_threads';
import { renderTileRgba, type TileRequest } from './render';

/** Worker thread: draws tiles' pixels off the event loop; the main thread encodes them. */
parentPort?.on('message', (msg: { id: number; req: TileRequest }) => {
  try {
    const t = renderTileRgba(msg.req);
    const buf = t.data.buffer as ArrayBuffer;
    parentPort!.postMessage({ id: msg.id, size: t.size, opaque: t.opaque, data: buf }, [buf]);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort?.postMessage({ ready: true });
