// main.tsx's first import: the map's first requests leave when this module evaluates, before main.tsx's own body
// (the world's request) and before startDataLayer runs (src/data/early.ts, issue 21).
import { sendEarlyRequests, startOptionsOf } from './data/early';

sendEarlyRequests(startOptionsOf(location.search));
