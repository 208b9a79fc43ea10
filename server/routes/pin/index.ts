import type { RouteFolder } from '../folder';
import { registerPinRoutes } from './pin';
import { registerCheckRoutes } from './check';
import { registerPinCommentRoutes } from './comments';
import { registerRevisionRoutes } from './revisions';
import { registerRegionProgressRoutes } from './progress';

/** /v1/pin: one pin (detail, create, edit, report), checks, its comments and revisions, and progress. */
export const pinRoutes: RouteFolder = {
  strict: [registerPinRoutes, registerCheckRoutes, registerPinCommentRoutes, registerRevisionRoutes, registerRegionProgressRoutes],
};
