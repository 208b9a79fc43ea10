import { api } from '../api';
import { rivalMessages, type RivalPlan } from '../../common/rival-backup';
import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { fetchCheckList, publishChecks, undoServerAction } from './checks';
import { localDb } from './db';
import { keys } from './keys';
import { queryClient } from './query-client';
import { currentUserId } from './session';
import { forgetUndo, UNDO_TOAST_MS } from './undo';

export type { RivalPlan, RivalProfileMatch } from '../../common/rival-backup';

/** A chosen file that is not JSON at all (the server says what else is wrong with it). */
export class RivalFileError extends Error {}

/** Reads a chosen backup file as JSON. */
export async function readRivalFile(file: Blob): Promise<unknown> {
  try {
    return JSON.parse((await file.text()).replace(/^\uFEFF/, ''));
  } catch {
    throw new RivalFileError(rivalMessages.notJson);
  }
}

/**
 * Previews or applies the import of one backup profile (into the active profile, or a new one named as it). Applying
 * shows the new checks at once and offers "실행 취소" of the whole import.
 */
export async function importRival(data: unknown, profile: number, target: 'active' | 'new', preview: boolean): Promise<RivalPlan> {
  const plan = await api.post<RivalPlan>('/api/v1/me/import/rival', { data, profile, target, preview }, { suppressToast: true });
  if (preview) return plan;
  const userId = currentUserId();
  if (target === 'new') forgetUndo();
  await fetchCheckList(localDb());
  if (userId != null) await publishChecks(userId, localDb(), { reset: true });
  for (const queryKey of [keys.myActions, keys.profiles, keys.progressAll, ['pin']]) void queryClient.invalidateQueries({ queryKey });
  const actionId = plan.actionId;
  notify({
    kind: 'success',
    message: ko.importDone(plan.add, 0),
    action:
      userId != null && actionId != null
        ? {
            label: ko.undo,
            run: () =>
              void undoServerAction(userId, actionId)
                .then(() => notify({ kind: 'info', message: ko.undone }))
                .catch(() => undefined)
                .finally(() => {
                  for (const queryKey of [keys.myActions, keys.profiles, ['pin']]) void queryClient.invalidateQueries({ queryKey });
                }),
            durationMs: UNDO_TOAST_MS,
          }
        : undefined,
  });
  return plan;
}
