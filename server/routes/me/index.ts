import type { RouteFolder } from '../folder';
import { registerMeRoutes } from './me';
import { registerMyCheckRoutes } from './checks';
import { registerMyPinRoutes } from './pins';
import { registerActionRoutes } from './actions';
import { registerExportImportRoutes } from './export-import';
import { registerNoteRoutes } from './notes';
import { registerPresetRoutes } from './presets';
import { registerProfileRoutes } from './profiles';
import { registerRivalImportRoutes } from './rival-import';
import { registerSavedRouteRoutes } from './routes';

/** /v1/me: the signed-in player's account, checks, pins, undo, export and import, notes, presets, profiles and saved routes. */
export const meRoutes: RouteFolder = {
  plain: [registerMeRoutes],
  strict: [
    registerMyCheckRoutes,
    registerMyPinRoutes,
    registerActionRoutes,
    registerExportImportRoutes,
    registerNoteRoutes,
    registerPresetRoutes,
    registerProfileRoutes,
    registerRivalImportRoutes,
    registerSavedRouteRoutes,
  ],
};
