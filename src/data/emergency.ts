import { api, ApiClientError, AUTH_ERR } from '../api';
import { localDb, type PinsStoreDb } from './db';
import { paths } from './keys';

/** User ids whose locally stored check records are reported once (SPEC §4, §9: empty today). */
export const FLAGGED_USER_IDS: readonly number[] = [];
/** localStorage flag set once the emergency report ran (SPEC §4). */
export const REPORTED_KEY = 'isReported';

/**
 * Once per browser (guarded by localStorage 'isReported'): sends the locally stored check
 * records of flagged users to POST /api/v1/auth/emergency, then sets the flag. The flag is
 * set once the server took them (or when there is nothing to send); while the server is
 * unreachable or nobody is signed in, the records wait for a later start-up. Resolves to the number of records sent.
 */
export async function emergencyReport(flagged: readonly number[] = FLAGGED_USER_IDS, db: PinsStoreDb = localDb()): Promise<number> {
  if (localStorage.getItem(REPORTED_KEY)) return 0;
  const records = flagged.length ? await db.checks.where('userId').anyOf([...flagged]).toArray() : [];
  if (records.length) {
    try {
      // The body is the list of records itself, in the local table's shape (issue 3).
      await api.post(paths.emergency, records, { suppressToast: true });
    } catch (e) {
      // Unreachable, or no session (the server merges only the caller's own records): try at a later start-up.
      if (!(e instanceof ApiClientError) || e.unreachable || e.errClazz === AUTH_ERR.requiresLogin || e.errClazz === AUTH_ERR.accessTokenInvalid) throw e;
      // Any other refusal is final: reported all the same, never retried.
    }
  }
  localStorage.setItem(REPORTED_KEY, 'true');
  return records.length;
}
