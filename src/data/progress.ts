import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../api';
import { EXPORT_VERSION, type FilePin } from '../../common/progress-file';
import type { ImportResult, RecentAction } from '../../common/api';
import { readProgressFileOffThread } from '../../workers/progress-file/client';
import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { fetchCheckList, publishChecks, undoServerAction } from './checks';
import { localDb } from './db';
import { keys, paths } from './keys';
import { currentUserId } from './session';
import { queryClient } from './query-client';
import { UNDO_TOAST_MS, undoLast } from './undo';

/** One recent action (GET /api/v1/me/actions). */
export type { RecentAction };

/** What an import would change (preview) or changed (applied, with its action to undo). */
export type ImportPlan = ImportResult;

/** The signed-in user's recent actions, newest first. */
export function useRecentActions(enabled: boolean) {
  return useQuery({
    queryKey: keys.myActions,
    queryFn: async () => (await api.get<{ actions: RecentAction[] }>(paths.myActions, { suppressToast: true })).actions,
    enabled,
    staleTime: 0,
  });
}

/** Undoes one recent action (from any device) by its id. */
export function useUndoAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (actionId: number) => undoServerAction(currentUserId()!, actionId),
    onSuccess: () => {
      notify({ kind: 'success', message: ko.undone });
      void qc.invalidateQueries({ queryKey: keys.myActions });
      void qc.invalidateQueries({ queryKey: ['pin'] });
    },
  });
}

/**
 * Ctrl+Z (⌘Z) anywhere but in a text field undoes this device's last change: the shell listens for keys on the
 * window and hands each one here.
 */
export function undoOnShortcut(e: KeyboardEvent): void {
  if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
  const el = e.target as HTMLElement | null;
  if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
  e.preventDefault();
  void undoLast(currentUserId());
}

/** The signed-in player's export as a file (through the API client: an expired session is refreshed and retried). */
export async function fetchExport(format: 'json' | 'csv'): Promise<DownloadedFile> {
  return api.getFile(paths.exportChecks(format), { suppressToast: true });
}

/** Saves the export: the browser downloads it under the server's name. */
export async function downloadExport(format: 'json' | 'csv'): Promise<void> {
  const { blob, name } = await fetchExport(format);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? `wuwa-map-progress.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the address is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An import file read (off the main thread): what the server is sent, as the JSON export. */
export interface ImportFile {
  version: number;
  pins: FilePin[];
}

/** A chosen file that is not a progress export: its message is Korean and names the line. */
export class ImportFileError extends Error {}

/** Reads a chosen export file (JSON or CSV) in a worker; rejects with ImportFileError (naming the line). */
export async function readImportFile(file: Blob): Promise<ImportFile> {
  const read = await readProgressFileOffThread(file);
  if ('error' in read) throw new ImportFileError(read.error.message);
  return { version: EXPORT_VERSION, pins: read.pins };
}

/**
 * Previews (preview = true) or applies an import; applying refreshes the local checks and offers "실행 취소" of the
 * whole import (one action on the server).
 */
export async function importProgress(mode: 'merge' | 'replace', data: ImportFile, preview: boolean): Promise<ImportPlan> {
  const plan = await api.post<ImportPlan>(paths.importChecks, { mode, data, preview }, { suppressToast: true });
  if (!preview) {
    const userId = currentUserId();
    await fetchCheckList(localDb());
    // Possibly thousands of pins changed: the map takes the whole set again.
    if (userId != null) await publishChecks(userId, localDb(), { reset: true });
    void queryClient.invalidateQueries({ queryKey: keys.myActions });
    const actionId = plan.actionId;
    notify({
      kind: 'success',
      message: ko.importDone(plan.add, plan.remove),
      action:
        userId != null && actionId != null
          ? { label: ko.undo, run: () => void undoImport(userId, actionId), durationMs: UNDO_TOAST_MS }
          : undefined,
    });
  }
  return plan;
}

async function undoImport(userId: number, actionId: number): Promise<void> {
  try {
    await undoServerAction(userId, actionId);
    notify({ kind: 'info', message: ko.undone });
  } catch {
    // The API client has said why (a Korean toast).
  }
  void queryClient.invalidateQueries({ queryKey: keys.myActions });
  void queryClient.invalidateQueries({ queryKey: ['pin'] });
}
