import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useReportAction, useReports, useHidePin, type ModerationReport, type ReportPin } from '../../data';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { formatTime } from '../pin/PinHistory';
import { ReportMap } from './ReportMap';

const t = ko.moderation;

function PinLine({ label, p }: { label: string; p: ReportPin }) {
  return (
    <p>
      <span className="muted small">{label}</span>{' '}
      <Link to={`/pin/${p.id}`}>#{p.id} {p.categoryName}</Link>{' '}
      <span className="muted small">{t.checks(p.totalChecks)}{p.hidden ? ` · ${t.hidden}` : ''}</span>
      {p.description && <><br /><span className="small">{p.description}</span></>}
    </p>
  );
}

function ReportItem({ r }: { r: ModerationReport }) {
  const act = useReportAction();
  const hide = useHidePin();
  const open = r.status === 'open';
  const run = (action: 'dismiss' | 'hide' | 'merge', keepPinId?: number) =>
    act.mutate({ id: r.id, action, keepPinId }, { onSuccess: () => toast.success(t.actionDone) });
  const [keep, dup] = r.duplicate ? (r.duplicate.id < r.target.id ? [r.duplicate, r.target] : [r.target, r.duplicate]) : [null, null];
  return (
    <li className="card mod-item" data-testid="report">
      <ReportMap target={r.target} duplicate={r.duplicate} />
      <div>
        <p><strong>{r.comment}</strong></p>
        <p className="muted small">{t.reporter}: {r.reporterNickname ?? ko.history.by(null)} · {formatTime(r.createdAt)}{r.resolution ? ` · ${r.resolution}` : ''}</p>
        <PinLine label={t.target} p={r.target} />
        {r.duplicate && <PinLine label={t.duplicate} p={r.duplicate} />}
        {open && (
          <div className="actions">
            <button type="button" className="btn btn-small" onClick={() => run('dismiss')} disabled={act.isPending}>{t.dismiss}</button>
            <Link className="btn btn-small" to={`/pin/${r.target.id}/edit`}>{t.edit}</Link>
            <button type="button" className="btn btn-small" onClick={() => run('hide')} disabled={act.isPending}>{t.hide}</button>
            {keep && dup && (
              <button type="button" className="btn btn-small btn-primary" disabled={act.isPending}
                onClick={() => window.confirm(t.confirmMerge(keep.id, dup.id)) && run('merge', keep.id)}>{t.merge(keep.id, dup.id)}</button>
            )}
          </div>
        )}
        {!open && r.target.hidden && (
          <div className="actions">
            <button type="button" className="btn btn-small" onClick={() => hide.mutate({ pinId: r.target.id, hidden: false })}>{t.unhide}</button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The report queue: open or resolved, newest first. */
export function ReportsTab() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useReports(status);
  return (
    <>
      <div className="mod-filters" role="group">
        <button type="button" className="chip" aria-pressed={status === 'open'} onClick={() => setStatus('open')}>{t.open}</button>
        <button type="button" className="chip" aria-pressed={status === 'resolved'} onClick={() => setStatus('resolved')}>{t.resolved}</button>
      </div>
      {reports.isSuccess && reports.data.length === 0 && <p className="muted">{t.noReports}</p>}
      <ul className="list-reset mod-list">{reports.data?.map((r) => <ReportItem key={r.id} r={r} />)}</ul>
    </>
  );
}
