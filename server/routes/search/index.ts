import type { RouteFolder } from '../folder';
import { registerSearchRoutes } from './search';

/** /v1/search. */
export const searchRoutes: RouteFolder = { strict: [registerSearchRoutes] };
