import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useChanges, useRevertSince, type Revision } from '../../data';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { formatTime } from '../pin/PinHistory';
import { isMove } from '../../../common/pin-diff';

const t = ko.moderation;
const h = ko.history;

function summary(r: Revision): string {
  if (r.kind !== 'edit') return h.kind[r.kind] ?? r.kind;
  const parts = r.changes.map((c) => {
    switch (c.field) {
      case 'position':
        return h.moved(c.distance);
      case 'description':
        return h.description;
      case 'image':
        return h.image;
      case 'created':
        return h.created;
      default:
        return h.changed[c.field];
    }
  });
  return parts.join(', ') || h.noChange;
}

/** Every edit, newest first, filtered by player, with "revert every edit by this player since then". */
export function ChangesTab() {
  const [userId, setUserId] = useState<number | null>(null);
  const changes = useChanges(userId);
  const revertSince = useRevertSince();
  const onRevertSince = (r: Revision) => {
    if (r.userId == null) return;
    const name = h.by(r.nickname);
    if (!window.confirm(t.confirmRevertSince(name, formatTime(r.createdAt)))) return;
    revertSince.mutate(
      { userId: r.userId, since: r.createdAt },
      { onSuccess: (res) => toast.success(t.revertSinceDone(res.reverted.length, res.hidden.length)) },
    );
  };
  return (
    <>
      <div className="mod-filters">
        {userId !== null && (
          <button type="button" className="chip" aria-pressed onClick={() => setUserId(null)}>
            {t.allPlayers} ✕
          </button>
        )}
      </div>
      {changes.isSuccess && changes.data.length === 0 && <p className="muted">{t.noChanges}</p>}
      <ul className="list-reset card">
        {changes.data?.map((r) => (
          <li key={r.id} className="mod-row" data-testid="change">
            <time className="muted small" dateTime={r.createdAt}>
              {formatTime(r.createdAt)}
            </time>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setUserId(r.userId)} title={t.filterPlayer}>
              {h.by(r.nickname)}
            </button>
            <Link to={`/pin/${r.pinId}`}>#{r.pinId}</Link>
            <span className={isMove(r.changes) ? 'change-move' : ''}>{summary(r)}</span>
            {r.revertedAt && <span className="chip">{h.reverted}</span>}
            {r.userId != null && (r.kind === 'edit' || r.kind === 'create') && !r.revertedAt && (
              <button type="button" className="btn btn-small btn-danger" onClick={() => onRevertSince(r)} disabled={revertSince.isPending}>
                {t.revertSince(h.by(r.nickname))}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
