import type { RouteFolder } from '../folder';
import { registerOAuthRoutes } from './oauth';

/** /v1/oauth: sign-in and sign-up through a provider. */
export const oauthRoutes: RouteFolder = { plain: [registerOAuthRoutes] };
