import type { Db } from '../db';
import type { PinNote } from '../../common/api';

/*
 * Private notes (issue 22 item 3): one per player per pin, read and written only by its author. Every
 * committed change is announced on NOTES_CHANNEL inside its transaction; the event stream passes it to
 * the author's own streams only (routes/events.ts), so another device of theirs shows it at once.
 */

/** The channel on which every committed note change is announced (to every server process). */
export const NOTES_CHANNEL = 'pin_notes';

/** A committed change of one player's note, as announced on NOTES_CHANNEL (the text is not in it). */
export interface NoteNotice {
  userId: number;
  pinId: number;
  /** The note was deleted (else written). */
  deleted: boolean;
  updatedAt: number;
}

interface NoteRow {
  pin_id: number;
  body: string;
  updated_at: number;
}

const toNote = (r: NoteRow): PinNote => ({ pinId: r.pin_id, body: r.body, updatedAt: Number(r.updated_at) });

/** The player's note on a pin, or null. */
export async function noteOf(db: Db, userId: number, pinId: number): Promise<PinNote | null> {
  const { rows } = await db.query<NoteRow>('select pin_id, body, updated_at from pin_notes where user_id = $1 and pin_id = $2', [
    userId,
    pinId,
  ]);
  return rows[0] ? toNote(rows[0]) : null;
}

/** Writes (creates or replaces) the player's note on a pin, announcing it in the same transaction. */
export async function putNote(db: Db, userId: number, pinId: number, body: string, now: number): Promise<PinNote> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<NoteRow>(
      `insert into pin_notes (user_id, pin_id, body, updated_at) values ($1, $2, $3, $4)
       on conflict (user_id, pin_id) do update set body = excluded.body, updated_at = excluded.updated_at
       returning pin_id, body, updated_at`,
      [userId, pinId, body, now],
    );
    const notice: NoteNotice = { userId, pinId, deleted: false, updatedAt: now };
    await tx.query('select pg_notify($1, $2)', [NOTES_CHANNEL, JSON.stringify(notice)]);
    return toNote(rows[0]!);
  });
}

/** Deletes the player's note on a pin; false when there was none (nothing is announced then). */
export async function deleteNote(db: Db, userId: number, pinId: number, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query('delete from pin_notes where user_id = $1 and pin_id = $2', [userId, pinId]);
    if (rowCount === 0) return false;
    const notice: NoteNotice = { userId, pinId, deleted: true, updatedAt: now };
    await tx.query('select pg_notify($1, $2)', [NOTES_CHANNEL, JSON.stringify(notice)]);
    return true;
  });
}
