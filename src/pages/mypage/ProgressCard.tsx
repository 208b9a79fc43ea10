import { useState } from 'react';
import { FilePicker } from '../../ui/FilePicker';
import { ko } from '../../i18n/ko';
import { ApiClientError } from '../../api';
import {
  downloadExport,
  ImportFileError,
  importProgress,
  readImportFile,
  useRecentActions,
  useUndoAction,
  type ImportFile,
  type ImportPlan,
  type RecentAction,
} from '../../data';

const timeFormat = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'short', timeStyle: 'medium' });

function describe(a: RecentAction): string {
  const kind = ko.actionKind[a.kind] ?? a.kind;
  const what = a.check == null ? '' : ` · ${a.check ? ko.actionFound : ko.actionNotFound}`;
  return `${kind}${what} · ${ko.actionPins(a.count)}`;
}

/** Recent actions with undo. */
function RecentActions() {
  const actions = useRecentActions(true);
  const undo = useUndoAction();
  return (
    <section className="card" aria-labelledby="actions-h">
      <h2 id="actions-h">{ko.actionsTitle}</h2>
      {actions.data?.length === 0 && <p className="muted small">{ko.actionsEmpty}</p>}
      <ul className="list-reset contrib-list" data-testid="recent-actions">
        {actions.data?.map((a) => (
          <li key={a.id} data-action-id={a.id}>
            <span>{describe(a)}</span>
            <span className="muted small">
              {timeFormat.format(a.at)} · {a.device || ko.actionUnknownDevice}
            </span>
            <span className="spacer" />
            {a.undoneAt != null ? (
              <span className="muted small">{ko.actionUndone}</span>
            ) : a.undoable === false ? (
              <span className="muted small">{ko.actionTooOld}</span>
            ) : (
              <button type="button" className="btn btn-ghost" disabled={undo.isPending} onClick={() => undo.mutate(a.id)}>
                {ko.undo}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type ImportMode = 'merge' | 'replace';

/** The Korean message of a failure we know (the server's, the client's, a file's naming its line); null for others. */
function koreanMessage(e: unknown): string | null {
  if (e instanceof ApiClientError) return e.messageTranslated || null;
  if (e instanceof ImportFileError) return e.message;
  return null;
}

/** Export buttons and import with a preview before anything changes. */
function Backup() {
  const [mode, setMode] = useState<ImportMode>('merge');
  const [pending, setPending] = useState<{ data: ImportFile; plan: ImportPlan } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);

  const failed = (e: unknown, fallback: string) => setError(koreanMessage(e) ?? fallback);
  const preview = async (m: ImportMode, data: ImportFile) => {
    setPending({ data, plan: await importProgress(m, data, true) });
  };
  const onFile = async (f: File) => {
    setError(null);
    setPending(null);
    setBusy(true);
    try {
      await preview(mode, await readImportFile(f));
    } catch (e) {
      failed(e, ko.importUnreadable);
    } finally {
      setBusy(false);
    }
  };
  const changeMode = async (m: ImportMode) => {
    setMode(m);
    // A file already read is previewed again in the new mode, so the numbers always match the switch.
    if (!pending) return;
    setError(null);
    setBusy(true);
    try {
      await preview(m, pending.data);
    } catch (e) {
      setPending(null);
      failed(e, ko.importFailed);
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (!pending) return;
    setError(null);
    setBusy(true);
    try {
      await importProgress(pending.plan.mode, pending.data, false);
      setPending(null);
    } catch (e) {
      failed(e, ko.importFailed);
    } finally {
      setBusy(false);
    }
  };
  const exportAs = async (format: 'json' | 'csv') => {
    setError(null);
    setExporting(format);
    try {
      await downloadExport(format);
    } catch (e) {
      failed(e, ko.exportFailed);
    } finally {
      setExporting(null);
    }
  };
  const replacing = pending?.plan.mode === 'replace';

  return (
    <section className="card" aria-labelledby="backup-h">
      <h2 id="backup-h">{ko.progressTitle}</h2>
      <div className="row">
        {(['json', 'csv'] as const).map((f) => (
          <button key={f} type="button" className="btn" disabled={exporting != null} onClick={() => void exportAs(f)}>
            {exporting === f && <span className="spinner spinner-small" aria-hidden />}
            {f === 'json' ? ko.exportJson : ko.exportCsv}
          </button>
        ))}
      </div>
      <hr className="sep" />
      <fieldset className="segmented segmented-radios" data-testid="import-mode">
        <legend className="sr-only">{ko.importMode}</legend>
        {(['merge', 'replace'] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="import-mode" value={m} checked={mode === m} disabled={busy} onChange={() => void changeMode(m)} />
            {m === 'merge' ? ko.importMerge : ko.importReplace}
          </label>
        ))}
      </fieldset>
      <p className={mode === 'replace' ? 'notice notice-danger small' : 'muted small'} data-testid="import-mode-hint">
        {mode === 'replace' ? ko.importReplaceWarning : ko.importMergeHint}
      </p>
      <FilePicker
        label={ko.importFile}
        accept=".json,.csv,application/json,text/csv"
        disabled={busy}
        spinning={busy && !pending}
        onFile={(f) => void onFile(f)}
        data-testid="import-file"
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {pending && (
        <div className={replacing && pending.plan.remove > 0 ? 'notice notice-danger' : 'notice'} data-testid="import-preview">
          <p>{ko.importPreview(pending.plan.add, pending.plan.remove, pending.plan.unchanged, pending.plan.unknown)}</p>
          {replacing && pending.plan.remove > 0 && <p role="alert">{ko.importReplaceConfirm(pending.plan.remove)}</p>}
          <div className="row">
            <button type="button" className={replacing ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy} onClick={() => void apply()}>
              {replacing ? ko.importApplyReplace : ko.importApply}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setPending(null)}>
              {ko.common.cancel}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** /mypage: recent actions (undo), export and import. */
export function ProgressCard() {
  return (
    <>
      <RecentActions />
      <Backup />
    </>
  );
}
