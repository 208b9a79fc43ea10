import { api } from '../api';
import { localDb, type PinsStoreDb } from './db';
import { paths } from './keys';

/** User ids whose locally stored check records are reported once (SPEC §4, §9: empty today). */
export const FLAGGED_USER_IDS: readonly number[] = [];
/** localStorage flag set once the emergency report ran (SPEC §4). */
export const REPORTED_KEY = 'isReported';

/**
 * Once per browser (guarded by localStorage 'isReported'): sends the locally stored check
 * records of flagged users to POST /api/v1/auth/emergency, then sets the flag. The flag is
 * set only after the call succeeds (or when there is nothing to send), so a failing server
 * gets the records at a later start-up. Resolves to the number of records sent.
 */
export async function emergencyReport(flagged: readonly number[] = FLAGGED_USER_IDS, db: PinsStoreDb = localDb()): Promise<number> {
  if (localStorage.getItem(REPORTED_KEY)) return 0;
  const records = flagged.length ? await db.checks.where('userId').anyOf([...flagged]).toArray() : [];
  if (records.length) await api.post(paths.emergency, { records }, { suppressToast: true });
  localStorage.setItem(REPORTED_KEY, 'true');
  return records.length;
}
