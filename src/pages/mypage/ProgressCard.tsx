import { useRef, useState } from 'react';
import { ko } from '../../i18n/ko';
import { asApiClientError } from '../../api';
import { exportUrl, importDataOf, importProgress, useRecentActions, useUndoAction, type ImportPlan, type RecentAction } from '../../data';
import { toast } from '../../ui/toast';

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

/** Export buttons and import with a preview before anything changes. */
function Backup() {
  const file = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [pending, setPending] = useState<{ data: unknown; plan: ImportPlan } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    setError(null);
    setPending(null);
    setBusy(true);
    try {
      const data = importDataOf(await f.text());
      setPending({ data, plan: await importProgress(mode, data, true) });
    } catch (e) {
      setError(asApiClientError(e).messageTranslated || ko.importUnreadable);
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };
  const apply = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const r = await importProgress(pending.plan.mode, pending.data, false);
      toast.success(ko.importDone(r.add, r.remove));
      setPending(null);
    } catch (e) {
      setError(asApiClientError(e).messageTranslated);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="backup-h">
      <h2 id="backup-h">{ko.progressTitle}</h2>
      <div className="row">
        <a className="btn" href={exportUrl('json')} download>
          {ko.exportJson}
        </a>
        <a className="btn" href={exportUrl('csv')} download>
          {ko.exportCsv}
        </a>
      </div>
      <hr className="sep" />
      <div className="segmented" role="radiogroup" aria-label={ko.importFile}>
        {(['merge', 'replace'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => {
              setMode(m);
              setPending(null);
            }}
          >
            {m === 'merge' ? ko.importMerge : ko.importReplace}
          </button>
        ))}
      </div>
      <label className="btn" style={{ marginTop: '0.5rem' }}>
        {ko.importFile}
        <input
          ref={file}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          className="sr-only"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid="import-file"
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {pending && (
        <div className="notice" data-testid="import-preview">
          <p>
            {ko.importPreview(pending.plan.add, pending.plan.remove, pending.plan.unchanged, pending.plan.unknown, pending.plan.ignored)}
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void apply()}>
              {ko.importApply}
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
