import type { Db } from '../db';
import type { Me } from '../../common/api';

export type { Me };

/** The user's `Me`, or null when the account no longer exists. */
export async function loadMe(db: Db, userId: number): Promise<Me | null> {
  const { rows } = await db.query<{ id: number; nickname: string; email: string | null; check_time: number; role: Me['role'] }>(
    'select id, nickname, email, check_time, role from users where id = $1',
    [userId],
  );
  const r = rows[0];
  return r ? { id: r.id, nickname: r.nickname, email: r.email, checkTime: Number(r.check_time), role: r.role } : null;
}
