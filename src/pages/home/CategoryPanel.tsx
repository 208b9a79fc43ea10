import { useMemo } from 'react';
import { REGIONS } from '../../../common/regions';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { setCategories, setHighlightedTags, setRegion, setSearchText, toggleCategory, useStore } from '../../state';
import { useCategoryGroups, useTagGroups } from '../../data';
import type { CategoryGroup } from '../../data/types';
import { useSettings, usePinCounts, type Counts } from '../session';

function Progress({ c, label }: { c: Counts | undefined; label: string }) {
  if (!c || c.total === 0) return <span className="count muted" aria-label={`${label} 진행도 없음`}>–</span>;
  return <span className="count" aria-label={`${label} ${c.total}개 중 ${c.checked}개 찾음`}>{c.checked.toLocaleString('ko-KR')}/{c.total.toLocaleString('ko-KR')}</span>;
}

/** Filters categories by the search text (names, case-insensitive). */
export function filterGroups(groups: readonly CategoryGroup[], text: string): CategoryGroup[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...groups];
  return groups
    .map((g) => ({ ...g, categories: g.name.toLowerCase().includes(q) ? g.categories : g.categories.filter((c) => c.name.toLowerCase().includes(q)) }))
    .filter((g) => g.categories.length > 0);
}

/** The home page's filter panel: region, categories by group with progress, hide found, tags. */
export function CategoryPanel() {
  const snap = useStore();
  const groups = useCategoryGroups();
  const tagGroups = useTagGroups();
  const [settings, updateSettings] = useSettings();
  const counts = usePinCounts();
  const enabled = useMemo(() => new Set(snap.homeFilters.categories), [snap.homeFilters.categories]);
  const search = settings.filterSearch ? snap.homeFilters.searchText : '';
  const shown = useMemo(() => filterGroups(groups.data ?? [], search), [groups.data, search]);
  const all = (groups.data ?? []).flatMap((g) => g.categories.map((c) => c.id));
  const visibleIds = shown.flatMap((g) => g.categories.map((c) => c.id));
  const highlighted = new Set(snap.highlightedTags);
  const tags = (tagGroups.data ?? []).filter((g) => g.categoryId == null || enabled.has(g.categoryId));

  return (
    <div className="category-panel">
      <section aria-labelledby="region-h">
        <h2 id="region-h" className="panel-h">지역</h2>
        <div className="region-grid" role="radiogroup" aria-labelledby="region-h">
          {REGIONS.map((r) => (
            <button key={r.id} type="button" role="radio" aria-checked={snap.mapRegion === r.id} className="region-btn"
              onClick={() => {
                setRegion(r.id);
                updateSettings({ lastRegion: r.id });
              }}>
              <span>{r.label}</span>
              <Progress c={counts?.byRegion[r.id]} label={r.label} />
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="cat-h">
        <div className="panel-row">
          <h2 id="cat-h" className="panel-h">카테고리</h2>
          <span className="spacer" />
          <button type="button" className="btn btn-small" onClick={() => setCategories([...new Set([...snap.homeFilters.categories, ...visibleIds])])}>전체 선택</button>
          <button type="button" className="btn btn-small" onClick={() => setCategories(snap.homeFilters.categories.filter((id) => !visibleIds.includes(id)))}>전체 해제</button>
        </div>
        {settings.filterSearch && (
          <div className="search-box compact">
            <Icon name="search" />
            <input className="input" type="search" placeholder="카테고리 이름으로 찾기" aria-label="카테고리 검색"
              value={snap.homeFilters.searchText} onChange={(e) => setSearchText(e.target.value)} />
          </div>
        )}
        <label className="switch">
          <input type="checkbox" checked={snap.homeFilters.hideChecked} onChange={(e) => updateSettings({ hideChecked: e.target.checked })} />
          <span>찾은 핀 숨기기</span>
        </label>
        {groups.isPending && <Spinner label="카테고리를 불러오는 중…" />}
        {groups.isError && <p className="notice notice-danger">카테고리를 불러오지 못했습니다.</p>}
        {shown.length === 0 && groups.isSuccess && <p className="muted small">검색과 일치하는 카테고리가 없습니다.</p>}
        {shown.map((g) => (
          <fieldset key={g.id} className="cat-group">
            <legend>{g.name}</legend>
            <ul className="list-reset cat-list">
              {g.categories.map((c) => (
                <li key={c.id}>
                  <label className="cat-item" data-on={enabled.has(c.id)}>
                    <input type="checkbox" checked={enabled.has(c.id)} onChange={(e) => toggleCategory(c.id, e.target.checked)} />
                    <CategoryIcon icon={c.icon ?? 0} size={26} />
                    <span className="cat-name">{c.name}</span>
                    <Progress c={counts?.byCategory[c.id] ?? (c.pinCount ? { total: c.pinCount, checked: 0 } : undefined)} label={c.name} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        {all.length > 0 && <p className="muted small">카테고리 {snap.homeFilters.categories.length}/{all.length}개 표시 중</p>}
      </section>

      {tags.some((g) => g.tags.length > 0) && (
        <section aria-labelledby="tag-h">
          <div className="panel-row">
            <h2 id="tag-h" className="panel-h">태그 강조</h2>
            <span className="spacer" />
            {highlighted.size > 0 && <button type="button" className="btn btn-small btn-ghost" onClick={() => setHighlightedTags([])}>강조 해제</button>}
          </div>
          {tags.filter((g) => g.tags.length > 0).map((g) => (
            <div key={g.id} className="tag-group" role="group" aria-label={g.name}>
              <span className="muted small">{g.name}</span>
              <div className="chips">
                {g.tags.map((t) => (
                  <button key={t.id} type="button" className="chip" aria-pressed={highlighted.has(t.id)}
                    onClick={() => setHighlightedTags(highlighted.has(t.id) ? snap.highlightedTags.filter((x) => x !== t.id) : [...snap.highlightedTags, t.id])}>
                    {t.name}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
