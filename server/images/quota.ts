import { statfs } from 'node:fs/promises';
import type { Db } from '../db';

/** Limits of the built-in image host (the README's IMAGE_* settings). Days are rolling 24 hours. */
export interface ImageQuota {
  /** Uploads one player may make per day. */
  userPerDay: number;
  /** Bytes (as stored) one player may add per day. */
  userBytesPerDay: number;
  /** Uploads all players together may make per day. */
  allPerDay: number;
  /** Bytes all players together may add per day. */
  allBytesPerDay: number;
  /** Bytes the image folder may hold in all. */
  totalBytes: number;
  /** Uploads stop while the disk under DATA_DIR has less free space than this. */
  minFreeBytes: number;
}

const MiB = 1024 * 1024;

function positive(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const v = env[key];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${key} must be a number ≥ 0, got "${v}"`);
  return n;
}

/** IMAGE_USER_PER_DAY, IMAGE_USER_MB_PER_DAY, IMAGE_ALL_PER_DAY, IMAGE_ALL_MB_PER_DAY, IMAGE_TOTAL_MB, IMAGE_MIN_FREE_MB. */
export function imageQuotaFromEnv(env: NodeJS.ProcessEnv): ImageQuota {
  return {
    userPerDay: positive(env, 'IMAGE_USER_PER_DAY', 30),
    userBytesPerDay: positive(env, 'IMAGE_USER_MB_PER_DAY', 60) * MiB,
    allPerDay: positive(env, 'IMAGE_ALL_PER_DAY', 3000),
    allBytesPerDay: positive(env, 'IMAGE_ALL_MB_PER_DAY', 3072) * MiB,
    totalBytes: positive(env, 'IMAGE_TOTAL_MB', 20_480) * MiB,
    minFreeBytes: positive(env, 'IMAGE_MIN_FREE_MB', 1024) * MiB,
  };
}

/** Korean messages of a refused upload. */
export const quotaMessages = {
  user: '오늘 올릴 수 있는 이미지 수나 용량을 넘었습니다. 내일 다시 시도해 주세요.',
  all: '오늘은 이미지 업로드가 많아 더 받을 수 없습니다. 잠시 후 다시 시도해 주세요.',
  full: '이미지 저장 공간이 부족해 지금은 올릴 수 없습니다.',
} as const;

/**
 * Takes the lock that serialises quota checks with the rows they allow (inside the caller's
 * transaction, across processes): without it concurrent uploads each see the same spent bytes and
 * together pass a quota.
 */
export async function lockQuota(tx: Db): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('images:quota'))");
}

/** Records a stored upload (inside the quota lock's transaction): it counts against the quotas from now on. */
export async function recordUpload(tx: Db, userId: number, file: string, bytes: number): Promise<void> {
  await tx.query('insert into image_uploads (user_id, file, bytes) values ($1, $2, $3)', [userId, file, bytes]);
}

/** Why an upload of `bytes` more would break a quota: [status, message], or null when it fits. */
export async function quotaRefusal(
  db: Db,
  quota: ImageQuota,
  dataDir: string,
  userId: number,
  bytes: number,
): Promise<[number, string] | null> {
  const { rows } = await db.query<{ un: number; ub: string; an: number; ab: string; tb: string }>(
    `select count(*) filter (where user_id = $1 and created_at > now() - interval '1 day')::int as un,
            coalesce(sum(bytes) filter (where user_id = $1 and created_at > now() - interval '1 day'), 0)::text as ub,
            count(*) filter (where created_at > now() - interval '1 day')::int as an,
            coalesce(sum(bytes) filter (where created_at > now() - interval '1 day'), 0)::text as ab,
            coalesce(sum(bytes), 0)::text as tb
       from image_uploads`,
    [userId],
  );
  const r = rows[0]!;
  if (r.un + 1 > quota.userPerDay || Number(r.ub) + bytes > quota.userBytesPerDay) return [429, quotaMessages.user];
  if (r.an + 1 > quota.allPerDay || Number(r.ab) + bytes > quota.allBytesPerDay) return [429, quotaMessages.all];
  if (Number(r.tb) + bytes > quota.totalBytes) return [507, quotaMessages.full];
  if ((await freeBytes(dataDir)) - bytes < quota.minFreeBytes) return [507, quotaMessages.full];
  return null;
}

async function freeBytes(dir: string): Promise<number> {
  try {
    const s = await statfs(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
