import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiClientError } from '../../api';
import { useProfileActions, useProfiles, type ProgressProfile } from '../../data';
import { koProfiles as t } from '../../i18n/ko-profiles';
import { notify } from '../../state/notices';
import { ConfirmDialog } from '../../ui/Dialog';
import { MAX_PROFILE_NAME } from '../../../common/profiles';

/** The Korean message of a refusal (the server's envelope), else the generic one. */
const messageOf = (e: unknown) => (e instanceof ApiClientError && e.messageTranslated) || t.failed;

/** A name the server would refuse for its length or emptiness, said before asking it. */
function nameProblem(name: string): string | null {
  const n = name.trim();
  if (!n) return t.nameEmpty;
  if ([...n].length > MAX_PROFILE_NAME) return t.nameTooLong(MAX_PROFILE_NAME);
  return null;
}

/**
 * One tap switches the progress profile (the map's panel): a radio group of the account's profiles, each with its
 * found count. Signed-in players only; with one profile it names it and links to the management on /mypage.
 */
export function ProfileSwitcher() {
  const profiles = useProfiles(true);
  const { switchTo } = useProfileActions();
  const list = profiles.data;
  if (!list) return null;
  const pick = (p: ProgressProfile) => {
    if (p.active || switchTo.isPending) return;
    switchTo.mutate(p.id, {
      onSuccess: () => notify({ kind: 'success', message: t.switched(p.name) }),
      onError: (e) => notify({ kind: 'error', message: messageOf(e) }),
    });
  };
  return (
    <section aria-labelledby="profile-switch-h" className="profile-switch">
      <div className="panel-row">
        <h2 id="profile-switch-h" className="panel-h">
          {t.switcher}
        </h2>
        <span className="spacer" />
        <Link className="btn btn-small" to="/mypage#profiles-h">
          {t.manage}
        </Link>
      </div>
      <div className="profile-chips" role="radiogroup" aria-labelledby="profile-switch-h" data-testid="profile-switcher">
        {list.profiles.map((p) => (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p.active}
            className="profile-chip"
            disabled={switchTo.isPending && !p.active}
            onClick={() => pick(p)}
          >
            <span className="profile-chip-name">{p.name}</span>
            <span className="muted small">{t.found(p.found)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** One profile's row on /mypage: use, rename in place, delete (confirmed). */
function ProfileRow({ p, only, onDelete }: { p: ProgressProfile; only: boolean; onDelete: (p: ProgressProfile) => void }) {
  const { rename, switchTo } = useProfileActions();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(p.name);
  const [error, setError] = useState<string | null>(null);
  const errId = `profile-${p.id}-err`;
  return (
    <li className="profile-row" data-profile-id={p.id} data-active={p.active}>
      {editing ? (
        <form
          className="row"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const problem = nameProblem(name);
            if (problem) return setError(problem);
            rename.mutate(
              { id: p.id, name },
              {
                onSuccess: () => {
                  setEditing(false);
                  setError(null);
                },
                onError: (err) => setError(messageOf(err)),
              },
            );
          }}
        >
          <input
            className="input"
            aria-label={t.rename}
            value={name}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              setEditing(false);
              setName(p.name);
              setError(null);
            }}
            aria-invalid={!!error}
            aria-describedby={error ? errId : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
            {t.save}
          </button>
        </form>
      ) : (
        <>
          <span className="profile-row-name">
            <strong>{p.name}</strong>
            {p.active && <span className="badge">{t.active}</span>}
            <span className="muted small">{t.found(p.found)}</span>
          </span>
          <span className="spacer" />
          {!p.active && (
            <button type="button" className="btn btn-small btn-primary" disabled={switchTo.isPending} onClick={() => switchTo.mutate(p.id)}>
              {t.use}
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={() => setEditing(true)} aria-label={`${p.name} ${t.rename}`}>
            {t.rename}
          </button>
          {!only && (
            <button
              type="button"
              className="btn btn-small btn-ghost danger-text"
              onClick={() => onDelete(p)}
              aria-label={`${p.name} ${t.delete}`}
            >
              {t.delete}
            </button>
          )}
        </>
      )}
      {error && (
        <span id={errId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}

/** /mypage: the account's progress profiles: create, rename, switch, delete with confirmation. */
export function ProfilesCard() {
  const profiles = useProfiles(true);
  const { create, remove } = useProfileActions();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [doomed, setDoomed] = useState<ProgressProfile | null>(null);
  const list = profiles.data;
  const full = list ? list.profiles.length >= list.max : false;
  const submit = (activate: boolean) => {
    const problem = nameProblem(name);
    if (problem) return setError(problem);
    setError(null);
    create.mutate(
      { name, activate },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: activate ? t.switched(name.trim()) : t.created(name.trim()) });
          setName('');
        },
        onError: (e) => setError(messageOf(e)),
      },
    );
  };
  return (
    <section className="card" aria-labelledby="profiles-h" data-testid="profiles-card">
      <h2 id="profiles-h">{t.title}</h2>
      <p className="muted small">{t.hint(list?.max ?? 10)}</p>
      <ul className="list-reset profile-list">
        {list?.profiles.map((p) => (
          <ProfileRow key={`${p.id}:${p.name}`} p={p} only={list.profiles.length === 1} onDelete={setDoomed} />
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(false);
        }}
      >
        <div className="field">
          <label htmlFor="new-profile">{t.newName}</label>
          <div className="row" style={{ flexWrap: 'wrap' }}>
            <input
              id="new-profile"
              className="input"
              value={name}
              disabled={full}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? 'new-profile-err' : undefined}
            />
            <button type="submit" className="btn" disabled={full || create.isPending}>
              {t.create}
            </button>
            <button type="button" className="btn btn-primary" disabled={full || create.isPending} onClick={() => submit(true)}>
              {t.createAndUse}
            </button>
          </div>
          {(error || full) && (
            <span id="new-profile-err" className="field-error" role="alert">
              {error ?? t.full(list?.max ?? 10)}
            </span>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={doomed != null}
        title={t.deleteTitle}
        danger
        busy={remove.isPending}
        confirmLabel={t.deleteConfirm}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSettled: () => setDoomed(null),
            onError: (e) => notify({ kind: 'error', message: messageOf(e) }),
          })
        }
        message={<p style={{ margin: 0 }}>{doomed ? t.deleteMessage(doomed.name, doomed.found) : ''}</p>}
      />
    </section>
  );
}
