import { useAudit } from '../../data';
import { ko } from '../../i18n/ko';
import { formatTime } from '../pin/PinHistory';

const t = ko.moderation;

/** Every moderator action, newest first. */
export function AuditTab() {
  const audit = useAudit();
  return (
    <>
      {audit.isSuccess && audit.data.length === 0 && <p className="muted">{t.noAudit}</p>}
      <ul className="list-reset card">
        {audit.data?.map((a) => (
          <li key={a.id} className="mod-row" data-testid="audit">
            <time className="muted small" dateTime={a.createdAt}>
              {formatTime(a.createdAt)}
            </time>
            <strong>{a.actorNickname ?? ko.history.by(null)}</strong>
            <span>{t.auditAction[a.action] ?? a.action}</span>
            <span className="muted">
              {t.targetType[a.targetType] ?? a.targetType} {a.targetId ?? ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
