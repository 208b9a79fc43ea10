// `npm start`: build the client when needed, then run the server (API, tiles, app) on PORT.
import { buildClientIfStale } from './build-client';
import { main } from '../server/main';

await buildClientIfStale();
await main();
