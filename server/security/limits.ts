/** Rate limits (per minute). Reads (GET/HEAD) and everything outside /api are never limited. */
export interface RateLimits {
  enabled: boolean;
  /** Per signed-in user (or per IP for visitors): every POST/PUT/PATCH/DELETE under /api. */
  writesPerMin: number;
  /** Per IP: OAuth login/register and the local provider's token exchange. */
  signInPerMin: number;
  /** Per IP: POST /api/v1/auth/refresh. */
  refreshPerMin: number;
}

function positive(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const v = Number(env[key]);
  return env[key] && Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}

/**
 * RATE_LIMIT=0 turns limits off; RATE_LIMIT_WRITES, RATE_LIMIT_SIGNIN, RATE_LIMIT_REFRESH set the
 * per-minute budgets. Defaults are generous: a player clicking checks never meets them, a script does.
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimits {
  return {
    enabled: env.RATE_LIMIT !== '0',
    writesPerMin: positive(env, 'RATE_LIMIT_WRITES', 1200),
    signInPerMin: positive(env, 'RATE_LIMIT_SIGNIN', 60),
    refreshPerMin: positive(env, 'RATE_LIMIT_REFRESH', 120),
  };
}
