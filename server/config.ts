import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustProxyFromEnv, type TrustProxy } from './security/proxy';
import { imageQuotaFromEnv, type ImageQuota } from './images/quota';
import { connectionBudgetFromEnv, type ConnectionBudget } from './http/connections';

/** An OAuth provider's endpoints and credentials (Kakao, Google, or the built-in local one). */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** Every setting the server reads from the environment (the README's configuration table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  /** Public origin of the app, e.g. http://localhost:8080 (cookies get Secure when it is https). */
  publicUrl: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  localLogin: boolean;
  kakao: OAuthProviderConfig;
  google: OAuthProviderConfig;
  imageHostUrl: string | undefined;
  imageHostClientId: string;
  /** Quotas of the built-in image host (IMAGE_* settings). */
  imageQuota: ImageQuota;
  /** A folder of real tiles in the /map layout; tiles found there win over generated ones. */
  tilesDir: string | undefined;
  /** Pins in the demo world seeded on first start. */
  seedPins: number;
  seed: number;
  /** Serve the built client (off in API-only tests). */
  serveClient: boolean;
  /** Where the built client lies: dist/ unless CLIENT_DIR says otherwise. */
  clientDir: string;
  logLevel: string;
  /** ADMIN_EMAILS: accounts with these e-mails (lower case) become admins at sign-in. */
  adminEmails: string[];
  /** NEW_EDITOR_DAILY_EDITS: pins a new or little-proven account may create or edit per 24 hours. */
  newEditorDailyEdits: number;
  /** TRUSTED_EDITOR_EDITS: accepted (never reverted) edits after which an account older than a day is unlimited. */
  trustedEditorEdits: number;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY; none by default). */
  trustProxy: TrustProxy;
  /** A request (headers and body) must arrive within this many ms (REQUEST_TIMEOUT_S, 60). */
  requestTimeoutMs: number;
  /** METRICS_TOKEN: `Authorization: Bearer …` that opens /metrics beyond loopback (none: loopback only). */
  metricsToken: string | undefined;
  /** Open connections and event streams per address and per process (CONN_PER_IP, CONN_TOTAL, EVENTS_PER_IP, EVENTS_TOTAL). */
  connections: ConnectionBudget;
  /** OPEN_FILES_LIMIT: the open-file limit the server raises itself to at start where the OS allows (0: leave it). */
  openFilesLimit: number;
}

function num(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const v = env[key];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${key} must be a positive number, got "${v}"`);
  return n;
}

function provider(
  env: NodeJS.ProcessEnv,
  prefix: string,
  defaults: Pick<OAuthProviderConfig, 'authorizeUrl' | 'tokenUrl' | 'userinfoUrl'>,
  publicUrl: string,
  callback: string,
): OAuthProviderConfig {
  return {
    clientId: env[`${prefix}_CLIENT_ID`] ?? '',
    clientSecret: env[`${prefix}_CLIENT_SECRET`] ?? '',
    redirectUri: env[`${prefix}_REDIRECT_URI`] ?? `${publicUrl}${callback}`,
    authorizeUrl: env[`${prefix}_AUTHORIZE_URL`] ?? defaults.authorizeUrl,
    tokenUrl: env[`${prefix}_TOKEN_URL`] ?? defaults.tokenUrl,
    userinfoUrl: env[`${prefix}_USERINFO_URL`] ?? defaults.userinfoUrl,
  };
}

/** Reads the configuration; `overrides` lets tests set fields directly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = num(env, 'PORT', 8080);
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    publicUrl,
    accessTokenTtlS: num(env, 'ACCESS_TOKEN_TTL_S', 900),
    refreshTokenTtlS: num(env, 'REFRESH_TOKEN_TTL_S', 60 * 60 * 24 * 30),
    localLogin: env.LOCAL_LOGIN !== undefined ? env.LOCAL_LOGIN === '1' : !production,
    kakao: provider(
      env,
      'KAKAO',
      {
        authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
        tokenUrl: 'https://kauth.kakao.com/oauth/token',
        userinfoUrl: 'https://kapi.kakao.com/v2/user/me',
      },
      publicUrl,
      '/oauth/kakao',
    ),
    google: provider(
      env,
      'GOOGLE',
      {
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      },
      publicUrl,
      '/oauth/google',
    ),
    imageHostUrl: env.IMAGE_HOST_URL || undefined,
    imageHostClientId: env.IMAGE_HOST_CLIENT_ID ?? 'wuwa-map-local',
    imageQuota: imageQuotaFromEnv(env),
    tilesDir: env.TILES_DIR ? resolve(env.TILES_DIR) : undefined,
    // 0: an empty world (no demo catalogue, pins or players) for an operator who loads real data.
    seedPins: env.SEED_PINS?.trim() === '0' ? 0 : num(env, 'SEED_PINS', 60_000),
    seed: num(env, 'SEED', 20261121),
    serveClient: env.SERVE_CLIENT !== '0',
    clientDir: resolve(env.CLIENT_DIR ?? fileURLToPath(new URL('../dist/', import.meta.url))),
    logLevel: env.LOG_LEVEL ?? 'info',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    newEditorDailyEdits: num(env, 'NEW_EDITOR_DAILY_EDITS', 30),
    trustedEditorEdits: num(env, 'TRUSTED_EDITOR_EDITS', 10),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    requestTimeoutMs: num(env, 'REQUEST_TIMEOUT_S', 60) * 1000,
    metricsToken: env.METRICS_TOKEN || undefined,
    connections: connectionBudgetFromEnv(env, num),
    openFilesLimit: env.OPEN_FILES_LIMIT === '0' ? 0 : num(env, 'OPEN_FILES_LIMIT', 65_536),
    ...overrides,
  };
  return config;
}
