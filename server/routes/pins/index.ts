import type { RouteFolder } from '../folder';
import { registerPinSnapshotRoutes } from './snapshot';

/** /v1/pins: region pin snapshots. */
export const pinsRoutes: RouteFolder = { strict: [registerPinSnapshotRoutes] };
