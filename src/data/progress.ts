import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBaseHost } from '../api';
import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { fetchCheckList, publishChecks, undoServerAction } from './checks';
import { localDb } from './db';
import { keys, paths } from './keys';
import { currentUserId } from './session';
import { undoLast } from './undo';

/** One recent action (GET /api/v1/me/actions). */
export interface RecentAction {
  id: number;
  kind: 'single' | 'batch' | 'import' | 'undo';
  check: boolean | null;
  count: number;
  at: number;
  device: string;
  undoneAt: number | null;
  /** false once the server dropped its undo data (the per-player cap): listed, no longer undoable. */
  undoable: boolean;
}

/** What an import would change (preview) or changed (applied). */
export interface ImportPlan {
  applied: boolean;
  mode: 'merge' | 'replace';
  add: number;
  remove: number;
  unchanged: number;
  unknown: number;
  /** Pins changed on the server after the file's time for them: left as they are. */
  ignored: number;
}

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

/** Ctrl+Z (⌘Z) anywhere but in a text field undoes this device's last change. */
export function useUndoShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      e.preventDefault();
      void undoLast(currentUserId());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The export's download address (the browser saves the file; the session cookie goes along). */
export function exportUrl(format: 'json' | 'csv'): string {
  return `${apiBaseHost()}${paths.exportChecks(format)}`;
}

/** Reads an export file: JSON files are parsed, CSV is sent as text (the server checks both). */
export function importDataOf(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    // The JSON export is the envelope's result when saved straight from the API.
    const result = (parsed as { result?: unknown } | null)?.result;
    return result && typeof result === 'object' ? result : parsed;
  } catch {
    return text;
  }
}

/** Previews (preview = true) or applies an import; applying refreshes the local checks. */
export async function importProgress(mode: 'merge' | 'replace', data: unknown, preview: boolean): Promise<ImportPlan & { actionId?: number | null }> {
  const plan = await api.post<ImportPlan & { actionId?: number | null }>(paths.importChecks, { mode, data, preview }, { suppressToast: true });
  if (!preview) {
    const userId = currentUserId();
    await fetchCheckList(localDb());
    // Possibly thousands of pins changed: the map takes the whole set again.
    if (userId != null) await publishChecks(userId, localDb(), { reset: true });
  }
  return plan;
}
