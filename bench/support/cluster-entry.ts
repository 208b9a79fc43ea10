// `npm start`'s entry without its client build: WORKERS=N (with DATABASE_URL) starts N server processes on one
// port, else one. For benches that start the real supervisor (tests/support/server.ts `script`).
import { startCluster } from '../../server/cluster';
import { main } from '../../server/main';

if (!startCluster()) await main();
