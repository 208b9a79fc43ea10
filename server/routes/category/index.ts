import type { RouteFolder } from '../folder';
import { registerCategoryRoutes } from './groups';
import { registerCategoryIconRoute } from './icon';
import { registerPinListRoutes } from './pins-proto';

/** /v1/category: the category and tag groups, category icons and a category's pin list. */
export const categoryRoutes: RouteFolder = { strict: [registerCategoryRoutes, registerCategoryIconRoute, registerPinListRoutes] };
