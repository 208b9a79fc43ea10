// `npm start`: build the client when needed, then run the server (API, tiles, app) on PORT; with WORKERS=N and
// DATABASE_URL, N server processes on that port (node:cluster).
import cluster from 'node:cluster';
import { buildClientIfStale } from './build-client';
import { startCluster } from '../server/cluster';
import { main } from '../server/main';

if (cluster.isPrimary) await buildClientIfStale();
if (!startCluster()) await main();
