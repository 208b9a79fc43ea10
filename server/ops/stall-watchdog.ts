import { Worker } from 'node:worker_threads';

// Runs on its own thread, so it still runs when the main thread is stuck (a storage failure once left the embedded
// database spinning at 100 % CPU with every request hanging): no beat for `ms` kills the process, which a
// supervisor then restarts.
const WORKER = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { writeSync } = process.getBuiltinModule('node:fs');
let last = Date.now();
parentPort.on('message', () => { last = Date.now(); });
setInterval(() => {
  if (Date.now() - last < workerData.ms) return;
  // Straight to fd 2: a worker's process.stderr goes through the stuck main thread.
  writeSync(2, '서버가 ' + Math.round((Date.now() - last) / 1000) + '초 동안 응답하지 않아 종료합니다. / The event loop stalled; exiting so a supervisor restarts the server.\\n');
  process.kill(process.pid, 'SIGKILL');
}, Math.min(1000, workerData.ms / 4));
`;

/** Starts the watchdog: the main thread beats every second; `stallMs` without a beat ends the process. */
export function startStallWatchdog(stallMs: number): () => void {
  const worker = new Worker(WORKER, { eval: true, workerData: { ms: stallMs } });
  worker.unref();
  const beat = setInterval(() => worker.postMessage(0), Math.min(1000, stallMs / 4));
  beat.unref();
  return () => {
    clearInterval(beat);
    void worker.terminate();
  };
}
