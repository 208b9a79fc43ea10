// Sessions and sign-in (/api/v1/auth, /api/v1/oauth): the answers the login page, the session refresh and the
// comment form's image upload read. Every provider is null when the server does not offer it.
import { Type, type Static, type TSchema } from 'typebox';
import { MeSchema } from './schemas';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** POST /api/v1/auth/refresh: true when a new pair was set; false when another tab refreshed a moment ago (nothing set). */
export const RefreshResultSchema = Type.Object({ refreshed: Type.Boolean() });
export type RefreshResult = Static<typeof RefreshResultSchema>;

/** POST /api/v1/auth/logout-all: how many sessions of the account were revoked. */
export const LogoutAllResultSchema = Type.Object({ revoked: Type.Integer() });
export type LogoutAllResult = Static<typeof LogoutAllResultSchema>;

/** What a browser needs to start a provider's sign-in (the server's /start redirect uses the same). */
const ProviderInfoSchema = Type.Object({ authorizeUrl: Type.String(), clientId: Type.String(), redirectUri: Type.String() });

/** Where images are uploaded (the built-in host is /api/v1/images) and the Client-ID the upload sends. */
export const ImageHostSchema = Type.Object({ url: Type.String(), clientId: Type.String() });
export type ImageHost = Static<typeof ImageHostSchema>;

/** GET /api/v1/auth/providers: each provider (null when not configured) and the image host. */
export const ProvidersSchema = Type.Object({
  kakao: Nullable(ProviderInfoSchema),
  google: Nullable(Type.Object({ ...ProviderInfoSchema.properties, scope: Type.String() })),
  local: Nullable(ProviderInfoSchema),
  imageHost: ImageHostSchema,
});
export type Providers = Static<typeof ProvidersSchema>;

/**
 * POST /api/v1/oauth/{provider}/login and …/register: signed in (`me`), or the provider's identity is new and the
 * nickname step follows (`email` as the provider gave it).
 */
export const LoginResultSchema = Type.Union([
  Type.Object({ registered: Type.Literal(true), me: MeSchema }),
  Type.Object({ registered: Type.Literal(false), email: Nullable(Type.String()) }),
]);
export type LoginResult = Static<typeof LoginResultSchema>;
