import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useCategoryGroups,
  useReportAction,
  useReports,
  useHidePin,
  type ModerationReport,
  type ReportFilter,
  type ReportPin,
} from '../../data';
import { REGIONS } from '../../../common/regions';
import type { ReportAction } from '../../../common/pin-model';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { formatTime } from '../pin/PinHistory';
import { ReportScene } from './ReportScene';

const t = ko.moderation;

function PinLine({ label, p }: { label: string; p: ReportPin }) {
  return (
    <p>
      <span className="muted small">{label}</span>{' '}
      <Link to={`/pin/${p.id}`}>
        #{p.id} {p.categoryName}
      </Link>{' '}
      <span className="muted small">
        {t.checks(p.totalChecks)}
        {p.hidden ? ` · ${t.hidden}` : ''}
      </span>
      {p.description && (
        <>
          <br />
          <span className="small">{p.description}</span>
        </>
      )}
    </p>
  );
}

function ReportItem({
  r,
  selected,
  onSelect,
  onReporter,
}: {
  r: ModerationReport;
  selected: boolean;
  onSelect: () => void;
  onReporter: (id: number, name: string) => void;
}) {
  const act = useReportAction();
  const hide = useHidePin();
  const open = r.status === 'open';
  const run = (action: ReportAction, keepPinId?: number) =>
    act.mutate({ id: r.id, action, keepPinId }, { onSuccess: () => toast.success(t.actionDone) });
  const [keep, dup] = r.duplicate ? (r.duplicate.id < r.target.id ? [r.duplicate, r.target] : [r.target, r.duplicate]) : [null, null];
  return (
    <li className={`card mod-item${selected ? ' selected' : ''}`} data-testid="report">
      <div>
        <p>
          <strong>{r.comment}</strong>
        </p>
        <p className="muted small">
          {t.reporter}:{' '}
          {r.reporterId != null ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              title={t.filterReporter}
              onClick={() => onReporter(r.reporterId!, r.reporterNickname ?? ko.history.by(null))}
            >
              {r.reporterNickname ?? ko.history.by(null)}
            </button>
          ) : (
            ko.history.by(null)
          )}
          {' · '}
          {formatTime(r.createdAt)}
          {r.resolution ? ` · ${r.resolution}` : ''}
        </p>
        <PinLine label={t.target} p={r.target} />
        {r.duplicate && <PinLine label={t.duplicate} p={r.duplicate} />}
        <button type="button" className="chip" aria-pressed={selected} onClick={onSelect}>
          {t.showOnMap}
        </button>
        {open && (
          <div className="actions">
            <button type="button" className="btn btn-small" onClick={() => run('dismiss')} disabled={act.isPending}>
              {t.dismiss}
            </button>
            <Link className="btn btn-small" to={`/pin/${r.target.id}/edit`}>
              {t.edit}
            </Link>
            <button type="button" className="btn btn-small" onClick={() => run('resolve')} disabled={act.isPending} title={t.resolveHint}>
              {t.resolve}
            </button>
            <button type="button" className="btn btn-small" onClick={() => run('hide')} disabled={act.isPending}>
              {t.hide}
            </button>
            {keep && dup && (
              <>
                {/* The older pin is kept by default; the newer one may be the better (e.g. the right place). */}
                <MergeButton keep={keep.id} dup={dup.id} primary busy={act.isPending} run={run} />
                <MergeButton keep={dup.id} dup={keep.id} busy={act.isPending} run={run} />
              </>
            )}
          </div>
        )}
        {!open && r.target.hidden && (
          <div className="actions">
            <button type="button" className="btn btn-small" onClick={() => hide.mutate({ pinId: r.target.id, hidden: false })}>
              {t.unhide}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** Merges report pin `dup` into `keep`, after a confirmation. */
function MergeButton(props: {
  keep: number;
  dup: number;
  primary?: boolean;
  busy: boolean;
  run: (action: 'merge', keepPinId: number) => void;
}) {
  const { keep, dup, primary, busy, run } = props;
  return (
    <button
      type="button"
      className={primary ? 'btn btn-small btn-primary' : 'btn btn-small'}
      disabled={busy}
      onClick={() => window.confirm(t.confirmMerge(keep, dup)) && run('merge', keep)}
    >
      {t.merge(keep, dup)}
    </button>
  );
}

/** The report queue: open or resolved, newest first, filtered by kind, category, region and reporter. */
export function ReportsTab() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [filter, setFilter] = useState<ReportFilter>({});
  const [reporterName, setReporterName] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const reports = useReports(status, filter);
  const groups = useCategoryGroups();
  const categories = groups.data?.flatMap((g) => g.categories) ?? [];
  const patch = (p: Partial<ReportFilter>) => setFilter((f) => ({ ...f, ...p }));
  const num = (v: string) => (v === '' ? undefined : Number(v));
  // One map for the chosen report (the newest until one is chosen).
  const selected = reports.data?.find((r) => r.id === selectedId) ?? reports.data?.[0] ?? null;
  return (
    <>
      <div className="mod-filters" role="group">
        <button type="button" className="chip" aria-pressed={status === 'open'} onClick={() => setStatus('open')}>
          {t.open}
        </button>
        <button type="button" className="chip" aria-pressed={status === 'resolved'} onClick={() => setStatus('resolved')}>
          {t.resolved}
        </button>
        <select
          className="input"
          aria-label={t.kindAll}
          value={filter.kind ?? ''}
          onChange={(e) => patch({ kind: (e.target.value || undefined) as ReportFilter['kind'] })}
        >
          <option value="">{t.kindAll}</option>
          <option value="duplicate">{t.kindDuplicate}</option>
          <option value="wrong">{t.kindWrong}</option>
        </select>
        <select
          className="input"
          aria-label={t.allCategories}
          value={filter.categoryId ?? ''}
          onChange={(e) => patch({ categoryId: num(e.target.value) })}
        >
          <option value="">{t.allCategories}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <select
          className="input"
          aria-label={t.allRegions}
          value={filter.region ?? ''}
          onChange={(e) => patch({ region: num(e.target.value) })}
        >
          <option value="">{t.allRegions}</option>
          {REGIONS.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
        {filter.reporterId !== undefined && (
          <button type="button" className="chip" aria-pressed="true" onClick={() => patch({ reporterId: undefined })}>
            {t.reporterFilter(reporterName)}
          </button>
        )}
      </div>
      {reports.isSuccess && reports.data.length === 0 && <p className="muted">{t.noReports}</p>}
      <div className="mod-reports">
        {selected && (
          <aside className="mod-reports-map">
            <ReportScene target={selected.target} duplicate={selected.duplicate} />
          </aside>
        )}
        <ul className="list-reset mod-list">
          {reports.data?.map((r) => (
            <ReportItem
              key={r.id}
              r={r}
              selected={r === selected}
              onSelect={() => setSelectedId(r.id)}
              onReporter={(id, name) => {
                setReporterName(name);
                patch({ reporterId: id });
              }}
            />
          ))}
        </ul>
      </div>
    </>
  );
}
