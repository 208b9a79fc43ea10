import type { RouteFolder } from '../folder';
import { regionsSharingTileSet } from '../../../common/regions';
import { registerPinSnapshotRoutes } from './snapshot';

/** /v1/pins: region pin snapshots. */
export const pinsRoutes: RouteFolder = {
  strict: [
    // A server that serves the app prebuilds the snapshots of the regions the map opens on (region 0's tile set).
    (scope) => registerPinSnapshotRoutes(scope, { prebuild: scope.config.serveClient ? regionsSharingTileSet(0).map((r) => r.id) : [] }),
  ],
};
