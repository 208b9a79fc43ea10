import cluster from 'node:cluster';

/**
 * `WORKERS=N` (with DATABASE_URL): the primary starts N server processes sharing one port (node:cluster hands
 * each new connection to a worker) and starts a worker again when one dies; SIGTERM is passed on for a graceful
 * stop. Migrations and the first seed are safe to race (advisory locks). Without DATABASE_URL the embedded
 * database allows one process, so N > 1 is refused. Returns true in the primary (which serves nothing itself).
 */
export function startCluster(env: NodeJS.ProcessEnv = process.env): boolean {
  const n = Number(env.WORKERS ?? 1);
  if (!cluster.isPrimary || !Number.isInteger(n) || n <= 1) return false;
  if (!env.DATABASE_URL) {
    console.error(
      '시작할 수 없습니다: WORKERS > 1 에는 DATABASE_URL(PostgreSQL)이 필요합니다. / WORKERS > 1 needs DATABASE_URL: the embedded database serves one process.',
    );
    process.exit(1);
  }
  let stopping = false;
  for (let i = 0; i < n; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(
      `작업 프로세스 ${worker.process.pid} 종료(${code}), 다시 시작합니다. / Worker ${worker.process.pid} exited (${code}); starting another.`,
    );
    setTimeout(() => cluster.fork(), 1000);
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return true;
}
