import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { CHECKS_CHANNEL, inUserTurn, lockProgress, type CheckNotice } from './checks';
import { withRetry } from './tx';
import { MAX_PROFILES, MAX_PROFILE_NAME, type ProfileList, type ProgressProfile } from '../../common/profiles';

/*
 * Progress profiles (issue 22 item 4, migration 020): an account holds several progress sets, one per game account.
 * One is active; every check, mark, undo, export, import and count is the active profile's (checks.ts reads it under
 * the user's row lock). A switch is a change of the shown checks: it bumps the account's checkTime and announces a
 * `full` notice, so every device of the account fetches the new profile's list (live sync follows the active profile).
 */

export { MAX_PROFILES, MAX_PROFILE_NAME };

/** Korean messages of the profile routes. */
export const ProfileMessages = {
  nameEmpty: '프로필 이름을 입력해 주세요.',
  nameTooLong: `프로필 이름은 ${MAX_PROFILE_NAME}자 이하로 입력해 주세요.`,
  nameTaken: '같은 이름의 프로필이 이미 있습니다.',
  tooMany: `프로필은 최대 ${MAX_PROFILES}개까지 만들 수 있습니다.`,
  notFound: '프로필을 찾을 수 없습니다.',
  lastOne: '마지막 프로필은 삭제할 수 없습니다.',
} as const;

export type { ProfileList, ProgressProfile } from '../../common/profiles';

/** A profile name trimmed, or a Korean refusal. */
export function profileName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) throw ApiError.badRequest(ProfileMessages.nameEmpty, 'profile name empty');
  if ([...name].length > MAX_PROFILE_NAME) throw ApiError.badRequest(ProfileMessages.nameTooLong, 'profile name too long');
  return name;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** The account's profiles with their found counts. */
export async function listProfiles(db: Db, userId: number): Promise<ProfileList> {
  await db.userIdle?.(userId);
  const { rows } = await db.query<{ id: number; name: string; created_at: number; found: number; active: number; check_time: number }>(
    `select f.id, f.name, f.created_at, u.active_profile as active, u.check_time,
            (select count(*)::int from profile_checks c join pins p on p.id = c.pin_id and not p.hidden where c.profile_id = f.id) as found
       from progress_profiles f join users u on u.id = f.user_id
      where f.user_id = $1 order by f.id`,
    [userId],
  );
  if (!rows[0]) throw ApiError.requiresLogin();
  return {
    active: rows[0].active,
    max: MAX_PROFILES,
    checkTime: Number(rows[0].check_time),
    profiles: rows.map((r) => ({ id: r.id, name: r.name, found: r.found, createdAt: Number(r.created_at), active: r.id === r.active })),
  };
}

/** Runs `fn` with the user's row locked, after the user's earlier changes (a switch never splits a change). */
function inTurn<T>(db: Db, userId: number, fn: (tx: Db, last: number, active: number) => Promise<T>): Promise<T> {
  return inUserTurn(db, userId, () =>
    withRetry(db, async (tx) => {
      const { last, profile } = await lockProgress(tx, userId);
      return fn(tx, last, profile);
    }),
  );
}

async function ownProfile(tx: Db, userId: number, id: number): Promise<void> {
  const { rows } = await tx.query('select 1 from progress_profiles where id = $1 and user_id = $2', [id, userId]);
  if (!rows[0]) throw ApiError.notFound(ProfileMessages.notFound, `no profile ${id}`);
}

/** Makes `id` the active profile: the account's checkTime moves and every device fetches the new list. */
async function activate(tx: Db, userId: number, last: number, id: number, now: number): Promise<void> {
  const checkTime = Math.max(now, last + 1);
  const notice: CheckNotice = { userId, checkTime, lastCheckTime: last, on: [], off: [], full: true };
  await tx.query('update users set active_profile = $2, check_time = $3 where id = $1', [userId, id, checkTime]);
  await tx.query('select pg_notify($1, $2)', [CHECKS_CHANNEL, JSON.stringify(notice)]);
}

/** Creates a profile (empty); `activate`: it becomes the active one at once. */
export async function createProfile(db: Db, userId: number, rawName: string, now: number, makeActive = false): Promise<ProgressProfile> {
  const name = profileName(rawName);
  const id = await inTurn(db, userId, async (tx, last) => {
    const n = await tx.query<{ n: number }>('select count(*)::int as n from progress_profiles where user_id = $1', [userId]);
    if ((n.rows[0]?.n ?? 0) >= MAX_PROFILES) throw ApiError.conflict(ProfileMessages.tooMany, 'too many profiles');
    const taken = await tx.query('select 1 from progress_profiles where user_id = $1 and lower(name) = lower($2)', [userId, name]);
    if (taken.rows[0]) throw ApiError.conflict(ProfileMessages.nameTaken, 'profile name taken');
    const { rows } = await tx.query<{ id: number }>(
      'insert into progress_profiles (user_id, name, created_at) values ($1, $2, $3) returning id',
      [userId, name, now],
    );
    const created = rows[0]!.id;
    if (makeActive) await activate(tx, userId, last, created, now);
    return created;
  }).catch((e: unknown) => {
    if (isUniqueViolation(e)) throw ApiError.conflict(ProfileMessages.nameTaken, 'profile name taken');
    throw e;
  });
  return { id, name, found: 0, createdAt: now, active: makeActive };
}

/** Renames one of the account's profiles. */
export async function renameProfile(db: Db, userId: number, id: number, rawName: string): Promise<void> {
  const name = profileName(rawName);
  await inTurn(db, userId, async (tx) => {
    await ownProfile(tx, userId, id);
    const taken = await tx.query('select 1 from progress_profiles where user_id = $1 and lower(name) = lower($2) and id <> $3', [
      userId,
      name,
      id,
    ]);
    if (taken.rows[0]) throw ApiError.conflict(ProfileMessages.nameTaken, 'profile name taken');
    await tx.query('update progress_profiles set name = $2 where id = $1', [id, name]);
  }).catch((e: unknown) => {
    if (isUniqueViolation(e)) throw ApiError.conflict(ProfileMessages.nameTaken, 'profile name taken');
    throw e;
  });
}

/** Makes one of the account's profiles the active one (nothing changes when it already is). */
export async function switchProfile(db: Db, userId: number, id: number, now: number): Promise<void> {
  await inTurn(db, userId, async (tx, last, active) => {
    await ownProfile(tx, userId, id);
    if (active !== id) await activate(tx, userId, last, id, now);
  });
}

/**
 * Deletes one of the account's profiles with its checks, marks and undo history (the pins' found-counts drop by its
 * checks). The last profile stays; deleting the active one makes the oldest remaining one active.
 */
export async function deleteProfile(db: Db, userId: number, id: number, now: number): Promise<void> {
  await inTurn(db, userId, async (tx, last, active) => {
    await ownProfile(tx, userId, id);
    const others = await tx.query<{ id: number }>('select id from progress_profiles where user_id = $1 and id <> $2 order by id limit 1', [
      userId,
      id,
    ]);
    const next = others.rows[0]?.id;
    if (next === undefined) throw ApiError.conflict(ProfileMessages.lastOne, 'last profile');
    if (active === id) await activate(tx, userId, last, next, now);
    await tx.query(
      `update pins p set total_checks = p.total_checks - 1
         where p.id in (select c.pin_id from profile_checks c where c.profile_id = $1 order by c.pin_id)`,
      [id],
    );
    await tx.query('delete from progress_profiles where id = $1', [id]);
  });
}
