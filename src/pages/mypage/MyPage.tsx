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
import { ProgressCard } from './ProgressCard';
import { usePinCounts, useSettings, useThemePreference, useLogoutAction, type Counts } from '../session';

function Meter({ label, c, icon }: { label: string; c: Counts; icon?: number }) {
  const pct = c.total ? Math.round((c.checked / c.total) * 100) : 0;
  return (
    <li className="progress-row">
      <span className="row" style={{ gap: '0.45rem' }}>{icon != null && <CategoryIcon icon={icon} size={20} />}{label}</span>
      <span className="count">{c.checked.toLocaleString('ko-KR')} / {c.total.toLocaleString('ko-KR')} ({pct}%)</span>
      <span className="meter" role="meter" aria-valuemin={0} aria-valuemax={c.total} aria-valuenow={c.checked} aria-label={`${label} 진행도`}><span style={{ width: `${pct}%` }} /></span>
    </li>
  );
}

function NicknameForm({ current }: { current: string }) {
  const update = useUpdateNickname();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  return (
    <form noValidate onSubmit={(e) => {
      e.preventDefault();
      if (!value.trim()) return setError(ko.nicknameEmpty);
      setError(null);
      update.mutate(value);
    }}>
      <div className="field">
        <label htmlFor="new-nickname">닉네임</label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <input id="new-nickname" className="input" value={value} maxLength={20} onChange={(e) => setValue(e.target.value)} aria-invalid={!!error} aria-describedby={error ? 'nick-err' : undefined} />
          <button type="submit" className="btn btn-primary" disabled={update.isPending || value.trim() === current}>변경</button>
        </div>
        {error && <span id="nick-err" className="field-error" role="alert">{error}</span>}
      </div>
    </form>
  );
}

function Settings() {
  const [s, update] = useSettings();
  const [theme, setTheme] = useThemePreference();
  const toggle = (label: string, hint: string, checked: boolean, on: (v: boolean) => void) => (
    <div className="setting-row">
      <label className="switch">
        <span><span>{label}</span><br /><span className="muted small">{hint}</span></span>
        <input type="checkbox" checked={checked} onChange={(e) => on(e.target.checked)} />
      </label>
    </div>
  );
  return (
    <section className="card" aria-labelledby="settings-h">
      <h2 id="settings-h">설정</h2>
      {toggle('찾은 핀 숨기기', '찾음으로 표시한 핀을 지도에서 감춥니다.', s.hideChecked, (v) => update({ hideChecked: v }))}
      {toggle('카테고리 검색', '지도 필터에 카테고리 이름 검색창을 보여 줍니다.', s.filterSearch, (v) => update({ filterSearch: v }))}
      {toggle('등록 후 핀 열기', '새 핀을 등록하면 바로 그 핀을 엽니다.', s.redirectOnPinRegister, (v) => update({ redirectOnPinRegister: v }))}
      {toggle('핀 크게 보기', '방송이나 큰 화면에서 핀 아이콘을 크게 그립니다.', s.pinSize === 'large', (v) => update({ pinSize: v ? 'large' : 'default' }))}
      <div className="setting-row">
        <span id="theme-label">테마</span>
        <div className="segmented" role="radiogroup" aria-labelledby="theme-label">
          {(['light', 'dark', 'system'] as ThemePreference[]).map((t) => (
            <button key={t} type="button" role="radio" aria-checked={theme === t} aria-pressed={theme === t} onClick={() => setTheme(t)}>{THEME_LABELS[t]}</button>
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
    <PageLayout title="마이페이지" wide>
      <div className="page-header"><h1>마이페이지</h1></div>
      {me.isPending && <Spinner />}
      <div className="mypage-grid">
        <section className="card" aria-labelledby="profile-h">
          <h2 id="profile-h" className="sr-only">내 정보</h2>
          <div className="profile">
            <span className="avatar" aria-hidden>{displayName(user).slice(0, 1)}</span>
            <div>
              <strong style={{ fontSize: '1.2rem' }} data-testid="my-nickname">{displayName(user)}</strong>
              <div className="muted small">{user ? (user.email ?? '로그인됨') : '로그인하지 않은 방문자'}</div>
            </div>
          </div>
          {user ? (
            <>
              <hr className="sep" />
              <NicknameForm key={user.nickname} current={user.nickname} />
              <div className="row">
                <button type="button" className="btn" onClick={logout}><Icon name="logout" />로그아웃</button>
                <button type="button" className="btn btn-ghost" onClick={() => setConfirmEverywhere(true)}>{ko.logoutEverywhere}</button>
                <span className="spacer" />
                <button type="button" className="btn btn-ghost danger-text" onClick={() => setConfirmDelete(true)}><Icon name="trash" />회원 탈퇴</button>
              </div>
            </>
          ) : (
            <>
              <p className="muted" style={{ marginTop: '1rem' }}>로그인하면 찾은 위치가 계정에 저장되어 어느 기기에서든 이어서 기록할 수 있습니다.</p>
              <Link className="btn btn-primary" to="/login?from=/mypage"><Icon name="login" />로그인</Link>
            </>
          )}
        </section>

        <Settings />

        <section className="card" aria-labelledby="region-progress-h">
          <h2 id="region-progress-h">지역별 진행도</h2>
          <p className="muted small">모든 카테고리의 핀 기준입니다.</p>
          <ul className="progress-list list-reset">
            {REGIONS.map((r) => <Meter key={r.id} label={r.label} c={counts?.byRegion[r.id] ?? { total: 0, checked: 0 }} />)}
          </ul>
        </section>

        <section className="card" aria-labelledby="cat-progress-h">
          <h2 id="cat-progress-h">카테고리별 진행도</h2>
          {catCounts.length === 0 ? <p className="muted small">지도에서 카테고리를 켜면 진행도가 표시됩니다.</p> : (
            <ul className="progress-list list-reset">
              {catCounts.map((c) => <Meter key={c.id} label={c.name} icon={c.icon ?? 0} c={counts!.byCategory[c.id]!} />)}
            </ul>
          )}
        </section>

        {user && <ProgressCard />}

        {user && (
          <section className="card" aria-labelledby="contrib-h">
            <h2 id="contrib-h">내가 등록한 핀</h2>
            {myPins.isPending && <Spinner />}
            {myPins.isError && <p className="muted small">등록한 핀 목록을 불러오지 못했습니다.</p>}
            {myPins.data && myPins.data.length === 0 && <p className="muted small">아직 등록한 핀이 없습니다. <Link to="/edit">첫 핀 등록하기</Link></p>}
            <ul className="list-reset contrib-list">
              {myPins.data?.slice(0, 50).map((p) => (
                <li key={p.id}>
                  <CategoryIcon icon={p.icon ?? categories.find((c) => c.id === p.categoryId)?.icon ?? 0} size={22} />
                  <Link to={`/pin/${p.id}`}>{p.categoryName ?? categories.find((c) => c.id === p.categoryId)?.name ?? '핀'} #{p.id}</Link>
                  <span className="muted small">{p.region != null && isKnownRegion(p.region) ? regionById(p.region).label : ''}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <ConfirmDialog open={confirmEverywhere} title={ko.logoutEverywhereTitle} busy={everywhere.isPending} confirmLabel={ko.logoutEverywhere}
        onCancel={() => setConfirmEverywhere(false)}
        onConfirm={() => everywhere.mutate(undefined, { onSettled: () => setConfirmEverywhere(false) })}
        message={<p style={{ margin: 0 }}>{ko.logoutEverywhereMessage}</p>} />
      <ConfirmDialog open={confirmDelete} title="정말 탈퇴할까요?" danger busy={del.isPending} confirmLabel="탈퇴하기"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => del.mutate(undefined, { onSuccess: () => { setConfirmDelete(false); navigate('/'); } })}
        message={<div className="notice notice-danger">
          <p><strong>탈퇴하면 되돌리기 어렵습니다.</strong></p>
          <p style={{ margin: 0 }}>닉네임, 이메일과 지금까지의 찾음 기록이 모두 삭제되며 복구하기 어렵습니다. 등록한 핀은 지도에 남고 작성자 정보만 지워집니다.</p>
        </div>} />
    </PageLayout>
  );
}
