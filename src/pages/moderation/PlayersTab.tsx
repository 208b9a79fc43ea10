import { useState } from 'react';
import { usePlayers, useSetRole, useSuspend, type Player } from '../../data';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { formatKst } from '../../../common/kst';

const t = ko.moderation;

function PlayerRow({ p, admin }: { p: Player; admin: boolean }) {
  const suspend = useSuspend();
  const setRole = useSetRole();
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const doSuspend = () => {
    const until = new Date(Date.now() + Number(days) * 86_400_000).toISOString();
    suspend.mutate({ userId: p.id, until, reason }, { onSuccess: () => toast.success(t.suspendDone) });
  };
  return (
    <li className="mod-row" data-testid="player">
      <strong>{p.nickname}</strong>
      <span className="chip">{t.role[p.role]}</span>
      <span className="muted small">
        #{p.id} · {t.edits(p.edits)}
      </span>
      {p.suspendedUntil && <span className="chip">{t.suspendedUntil(formatKst(new Date(p.suspendedUntil)))}</span>}
      {p.role !== 'admin' &&
        (p.suspendedUntil ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => suspend.mutate({ userId: p.id, until: null }, { onSuccess: () => toast.success(t.liftDone) })}
          >
            {t.lift}
          </button>
        ) : (
          <span className="mod-filters">
            <input
              className="input"
              style={{ width: '4.5rem' }}
              type="number"
              min={1}
              max={3650}
              aria-label={t.suspendDays}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            <input
              className="input"
              aria-label={t.suspendReason}
              placeholder={t.suspendReason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <button type="button" className="btn btn-small btn-danger" onClick={doSuspend} disabled={suspend.isPending}>
              {t.suspend}
            </button>
          </span>
        ))}
      {admin && p.role === 'user' && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setRole.mutate({ userId: p.id, role: 'moderator' }, { onSuccess: () => toast.success(t.roleDone) })}
        >
          {t.appoint}
        </button>
      )}
      {admin && p.role === 'moderator' && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setRole.mutate({ userId: p.id, role: 'user' }, { onSuccess: () => toast.success(t.roleDone) })}
        >
          {t.removeModerator}
        </button>
      )}
    </li>
  );
}

/** Players: search, suspend for a period with a reason, lift; admins appoint and remove moderators. */
export function PlayersTab({ admin }: { admin: boolean }) {
  const [q, setQ] = useState('');
  const players = usePlayers(q.trim());
  return (
    <>
      <div className="mod-filters">
        <input
          className="input"
          type="search"
          aria-label={t.searchPlayers}
          placeholder={t.searchPlayers}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <ul className="list-reset card">
        {players.data?.map((p) => (
          <PlayerRow key={p.id} p={p} admin={admin} />
        ))}
      </ul>
    </>
  );
}
