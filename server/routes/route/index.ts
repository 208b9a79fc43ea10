import type { RouteFolder } from '../folder';
import { registerSharedRouteRoutes } from './shared';

/** /v1/route/:token: a saved route opened read-only through its share link (anyone, visitors too). */
export const routeRoutes: RouteFolder = { strict: [registerSharedRouteRoutes] };
