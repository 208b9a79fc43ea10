// main.tsx's first import: the map's first requests leave when this module evaluates, before main.tsx's own body
// (the world's request) and before startDataLayer runs (src/data/early.ts, issue 21); only where the map is shown.
import { earlyStartOf, sendEarlyRequests } from './data/early';

const start = earlyStartOf(location.pathname, location.search);
if (start) sendEarlyRequests(start);
