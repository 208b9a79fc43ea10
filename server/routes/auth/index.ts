import type { RouteFolder } from '../folder';
import { registerSessionRoutes } from './session';
import { registerProvidersRoute } from './providers';
import { registerEmergencyRoutes } from './emergency';

/** /v1/auth: sessions, the sign-in providers, the emergency check restore. */
export const authRoutes: RouteFolder = {
  plain: [registerSessionRoutes, registerProvidersRoute],
  strict: [registerEmergencyRoutes],
};
