import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { REGIONS, regionById, isKnownRegion } from '../../../common/regions';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { ConfirmDialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { THEME_LABELS, type ThemePreference } from '../../ui/theme';
import { displayName, useCategoryGroups, useDeleteAccount, useLogoutEverywhere, useMe, useMyPins, useUpdateNickname } from '../../data';
import { PageLayout } from '../PageLayout';
import { nicknameMessages, nicknameProblem } from '../../../common/nickname';
import { ProgressCard } from './ProgressCard';
import { ProfilesCard } from './Profiles';
import { RivalImportCard } from './RivalImport';
import { CompletionTable } from './CompletionTable';
import { usePinCounts, useSettings, useThemePreference, useLogoutAction, type Counts } from '../session';

const t = ko.mypage;

function Meter({ label, c, icon }: { label: string; c: Counts; icon?: number }) {
  const pct = c.total ? Math.round((c.checked / c.total) * 100) : 0;
  return (
    <li className="progress-row">
      <span className="row" style={{ gap: '0.45rem' }}>
        {icon != null && <CategoryIcon icon={icon} size={20} />}
        {label}
      </span>
      <span className="count">
        {c.checked.toLocaleString('ko-KR')} / {c.total.toLocaleString('ko-KR')} ({pct}%)
      </span>
      <span
        className="meter"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={c.total}
        aria-valuenow={c.checked}
        aria-label={t.progressOf(label)}
      >
        <span style={{ width: `${pct}%` }} />
      </span>
    </li>
  );
}

function NicknameForm({ current }: { current: string }) {
  const update = useUpdateNickname();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = nicknameProblem(value);
        if (problem) return setError(nicknameMessages[problem]);
        setError(null);
        update.mutate(value);
      }}
    >
      <div className="field">
        <label htmlFor="new-nickname">{ko.common.nickname}</label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <input
            id="new-nickname"
            className="input"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'nick-err' : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={update.isPending || value.trim() === current}>
            {t.changeNickname}
          </button>
        </div>
        {error && (
          <span id="nick-err" className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

function Settings() {
  const [s, update] = useSettings();
  const st = ko.settings;
  const [theme, setTheme] = useThemePreference();
  const toggle = (label: string, hint: string, checked: boolean, on: (v: boolean) => void) => (
    <div className="setting-row">
      <label className="switch">
        <span>
          <span>{label}</span>
          <br />
          <span className="muted small">{hint}</span>
        </span>
        <input type="checkbox" checked={checked} onChange={(e) => on(e.target.checked)} />
      </label>
    </div>
  );
  return (
    <section className="card" aria-labelledby="settings-h">
      <h2 id="settings-h">{st.title}</h2>
      {toggle(st.hideChecked, st.hideCheckedHint, s.hideChecked, (v) => update({ hideChecked: v }))}
      {toggle(st.foundFaint, st.foundFaintHint, s.foundFaint ?? false, (v) => update({ foundFaint: v }))}
      {toggle(st.openAfterRegister, st.openAfterRegisterHint, s.redirectOnPinRegister, (v) => update({ redirectOnPinRegister: v }))}
      {toggle(st.largePins, st.largePinsHint, s.pinSize === 'large', (v) => update({ pinSize: v ? 'large' : 'default' }))}
      <div className="setting-row">
        <span id="theme-label">{ko.common.theme}</span>
        <div className="segmented" role="radiogroup" aria-labelledby="theme-label">
          {(['light', 'dark', 'system'] as ThemePreference[]).map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={theme === choice}
              aria-pressed={theme === choice}
              onClick={() => setTheme(choice)}
            >
              {THEME_LABELS[choice]}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

/** /mypage: profile, nickname, logout, account deletion, progress, contributions and settings. */
export default function MyPage() {
  const me = useMe();
  const counts = usePinCounts();
  const groups = useCategoryGroups();
  const myPins = useMyPins();
  const logout = useLogoutAction();
  const del = useDeleteAccount();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const everywhere = useLogoutEverywhere();
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const user = me.data;
  const categories = (groups.data ?? []).flatMap((g) => g.categories);
  const catCounts = categories.filter((c) => counts?.byCategory[c.id]?.total);

  return (
    <PageLayout title={ko.common.mypage} wide>
      <div className="page-header">
        <h1>{ko.common.mypage}</h1>
      </div>
      {me.isPending && <Spinner />}
      <div className="mypage-grid">
        <section className="card" aria-labelledby="profile-h">
          <h2 id="profile-h" className="sr-only">
            {t.profile}
          </h2>
          <div className="profile">
            <span className="avatar" aria-hidden>
              {displayName(user).slice(0, 1)}
            </span>
            <div>
              <strong style={{ fontSize: '1.2rem' }} data-testid="my-nickname">
                {displayName(user)}
              </strong>
              <div className="muted small">{user ? (user.email ?? t.signedIn) : t.visitor}</div>
            </div>
          </div>
          {user ? (
            <>
              <hr className="sep" />
              <NicknameForm key={user.nickname} current={user.nickname} />
              <div className="row">
                <button type="button" className="btn" onClick={logout}>
                  <Icon name="logout" />
                  {ko.common.logout}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setConfirmEverywhere(true)}>
                  {ko.logoutEverywhere}
                </button>
                <span className="spacer" />
                <button type="button" className="btn btn-ghost danger-text" onClick={() => setConfirmDelete(true)}>
                  <Icon name="trash" />
                  {t.deleteAccount}
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="muted" style={{ marginTop: '1rem' }}>
                {t.loginBenefit}
              </p>
              <Link className="btn btn-primary" to="/login?from=/mypage">
                <Icon name="login" />
                {ko.common.login}
              </Link>
            </>
          )}
        </section>

        <Settings />

        <section className="card" aria-labelledby="region-progress-h">
          <h2 id="region-progress-h">{t.byRegion}</h2>
          <p className="muted small">{t.byRegionHint}</p>
          <ul className="progress-list list-reset">
            {REGIONS.map((r) => (
              <Meter key={r.id} label={r.label} c={counts?.byRegion[r.id] ?? { total: 0, checked: 0 }} />
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="cat-progress-h">
          <h2 id="cat-progress-h">{t.byCategory}</h2>
          {catCounts.length === 0 ? (
            <p className="muted small">{t.byCategoryEmpty}</p>
          ) : (
            <ul className="progress-list list-reset">
              {catCounts.map((c) => (
                <Meter key={c.id} label={c.name} icon={c.icon ?? 0} c={counts!.byCategory[c.id]!} />
              ))}
            </ul>
          )}
        </section>

        <CompletionTable counts={counts} groups={groups.data ?? []} />

        {user && <ProfilesCard />}

        {user && <ProgressCard />}

        {user && <RivalImportCard />}

        {user && (
          <section className="card" aria-labelledby="contrib-h">
            <h2 id="contrib-h">{t.myPins}</h2>
            {myPins.isPending && <Spinner />}
            {myPins.isError && <p className="muted small">{t.myPinsFailed}</p>}
            {myPins.data && myPins.data.length === 0 && (
              <p className="muted small">
                {t.noPins} <Link to="/edit">{t.firstPin}</Link>
              </p>
            )}
            <ul className="list-reset contrib-list">
              {myPins.data?.slice(0, 50).map((p) => (
                <li key={p.id}>
                  <CategoryIcon icon={p.icon ?? categories.find((c) => c.id === p.categoryId)?.icon ?? 0} size={22} />
                  <Link to={`/pin/${p.id}`}>
                    {p.categoryName ?? categories.find((c) => c.id === p.categoryId)?.name ?? ko.common.pin} #{p.id}
                  </Link>
                  <span className="muted small">{p.region != null && isKnownRegion(p.region) ? regionById(p.region).label : ''}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <ConfirmDialog
        open={confirmEverywhere}
        title={ko.logoutEverywhereTitle}
        busy={everywhere.isPending}
        confirmLabel={ko.logoutEverywhere}
        onCancel={() => setConfirmEverywhere(false)}
        onConfirm={() => everywhere.mutate(undefined, { onSettled: () => setConfirmEverywhere(false) })}
        message={<p style={{ margin: 0 }}>{ko.logoutEverywhereMessage}</p>}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t.deleteTitle}
        danger
        busy={del.isPending}
        confirmLabel={t.deleteConfirm}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          del.mutate(undefined, {
            onSuccess: () => {
              setConfirmDelete(false);
              navigate('/');
            },
          })
        }
        message={
          <div className="notice notice-danger">
            <p>
              <strong>{t.deleteWarning}</strong>
            </p>
            <p style={{ margin: 0 }}>{t.deleteDetails}</p>
          </div>
        }
      />
    </PageLayout>
  );
}
