import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { requireUser } from '../auth/guard';
import { ApiError } from '../http/errors';
import { formatKst } from '../../common/kst';

export type Role = 'user' | 'moderator' | 'admin';

/** Korean messages of moderation. */
export const ModerationMessages = {
  moderatorOnly: '운영진만 할 수 있습니다.',
  adminOnly: '관리자만 할 수 있습니다.',
  suspended: (until: Date, reason: string | null) =>
    `계정이 ${formatKst(until)}까지 이용 정지되었습니다${reason ? ` (사유: ${reason})` : ''}. 정지 기간에는 읽기만 할 수 있습니다.`,
  untilPast: '정지 종료 시각은 지금보다 뒤여야 합니다.',
  reasonEmpty: '정지 사유를 입력해 주세요.',
  userNotFound: '사용자를 찾을 수 없습니다.',
  cannotTargetStaff: '운영진이나 관리자는 정지할 수 없습니다.',
  cannotChangeAdmin: '관리자의 역할은 ADMIN_EMAILS로만 바꿀 수 있습니다.',
  reportNotFound: '신고를 찾을 수 없습니다.',
  reportClosed: '이미 처리된 신고입니다.',
  noDuplicate: '중복 핀이 지정되지 않은 신고입니다.',
  keepNotInReport: '남길 핀은 신고된 두 핀 중 하나여야 합니다.',
  revisionNotFound: '이 핀의 수정 기록을 찾을 수 없습니다.',
  sinceInvalid: '시각 형식이 올바르지 않습니다.',
  imageNotOurs: '핀 이미지는 이 사이트의 이미지 호스팅에 올린 것만 쓸 수 있습니다.',
  editLimit: (n: number) =>
    `새 계정은 하루에 ${n.toLocaleString('ko-KR')}번까지 핀을 등록하거나 수정할 수 있습니다. 내일 다시 시도해 주세요.`,
  groupNotFound: '카테고리 그룹을 찾을 수 없습니다.',
  nameEmpty: '이름을 입력해 주세요.',
} as const;

/** The user's role, or null when the account no longer exists. */
export async function roleOf(db: Db, userId: number): Promise<Role | null> {
  const { rows } = await db.query<{ role: Role }>('select role from users where id = $1', [userId]);
  return rows[0]?.role ?? null;
}

/** The caller's id when they are a moderator or an admin; else requires_login (visitor) or 403. */
export async function requireModerator(db: Db, request: FastifyRequest): Promise<{ userId: number; role: Role }> {
  const userId = requireUser(request);
  const role = await roleOf(db, userId);
  if (role === null) throw ApiError.requiresLogin();
  if (role !== 'moderator' && role !== 'admin') throw ApiError.forbidden(ModerationMessages.moderatorOnly, 'moderator or admin only');
  return { userId, role };
}

/** The caller's id when they are an admin; else requires_login (visitor) or 403. */
export async function requireAdmin(db: Db, request: FastifyRequest): Promise<number> {
  const userId = requireUser(request);
  const role = await roleOf(db, userId);
  if (role === null) throw ApiError.requiresLogin();
  if (role !== 'admin') throw ApiError.forbidden(ModerationMessages.adminOnly, 'admin only');
  return userId;
}

/** Makes the account an admin when its e-mail is in ADMIN_EMAILS (called at every sign-in). */
export async function promoteAdmin(db: Db, userId: number, adminEmails: readonly string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db.query(
    `update users u set role = 'admin'
      where u.id = $1 and u.role <> 'admin'
        and (lower(u.email) = any($2::text[])
             or exists (select 1 from provider_accounts p where p.user_id = u.id and lower(p.email) = any($2::text[])))`,
    [userId, adminEmails.map((e) => e.toLowerCase())],
  );
}
