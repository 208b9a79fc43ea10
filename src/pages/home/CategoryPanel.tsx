import { useMemo } from 'react';
import { REGIONS, regionById } from '../../../common/regions';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { setCategories, setHighlightedTags, setRegion, setSearchText, toggleCategory, useStore } from '../../state';
import { useCategoryGroups, useTagGroups } from '../../data';
import type { CategoryGroup } from '../../data/types';
import { useSessionUser, useSettings, usePinCounts, type Counts } from '../session';
import { ProfileSwitcher } from '../mypage/Profiles';
import { ko } from '../../i18n/ko';

const t = ko.map;

function Progress({ c, label }: { c: Counts | undefined; label: string }) {
  if (!c || c.total === 0)
    return (
      <span className="count muted" aria-label={t.noProgress(label)}>
        –
      </span>
    );
  return (
    <span className="count" aria-label={t.progress(label, c.total, c.checked)}>
      {c.checked.toLocaleString('ko-KR')}/{c.total.toLocaleString('ko-KR')}
    </span>
  );
}

/** Filters categories by the search text (names, case-insensitive). */
export function filterGroups(groups: readonly CategoryGroup[], text: string): CategoryGroup[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...groups];
  return groups
    .map((g) => ({
      ...g,
      categories: g.name.toLowerCase().includes(q) ? g.categories : g.categories.filter((c) => c.name.toLowerCase().includes(q)),
    }))
    .filter((g) => g.categories.length > 0);
}

/** The home page's filter panel: region, categories by group with progress, hide found, tags. */
export function CategoryPanel({ onRegionPicked }: { onRegionPicked?: () => void } = {}) {
  const snap = useStore();
  const groups = useCategoryGroups();
  const tagGroups = useTagGroups();
  const [settings, updateSettings] = useSettings();
  const counts = usePinCounts();
  const signedIn = !!useSessionUser();
  const enabled = useMemo(() => new Set(snap.homeFilters.categories), [snap.homeFilters.categories]);
  const search = settings.filterSearch ? snap.homeFilters.searchText : '';
  const shown = useMemo(() => filterGroups(groups.data ?? [], search), [groups.data, search]);
  const all = (groups.data ?? []).flatMap((g) => g.categories.map((c) => c.id));
  const visibleIds = shown.flatMap((g) => g.categories.map((c) => c.id));
  const highlighted = new Set(snap.highlightedTags);
  const tags = (tagGroups.data ?? []).filter((g) => g.categoryId == null || enabled.has(g.categoryId));
  // Category counts are the region's in view (the one picked above), as the server counts them.
  const inRegion = counts?.byRegionCategory[snap.mapRegion];

  return (
    <div className="category-panel">
      {signedIn && <ProfileSwitcher />}
      <section aria-labelledby="region-h">
        <h2 id="region-h" className="panel-h">
          {ko.common.region}
        </h2>
        <div className="region-grid" role="radiogroup" aria-labelledby="region-h">
          {REGIONS.map((r) => (
            <button
              key={r.id}
              type="button"
              role="radio"
              aria-checked={snap.mapRegion === r.id}
              className="region-btn"
              onClick={() => {
                setRegion(r.id);
                updateSettings({ lastRegion: r.id });
                onRegionPicked?.();
              }}
            >
              <span>{r.label}</span>
              <Progress c={counts?.byRegion[r.id]} label={r.label} />
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="cat-h">
        <div className="panel-row">
          <h2 id="cat-h" className="panel-h">
            {ko.common.category}
          </h2>
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setCategories([...new Set([...snap.homeFilters.categories, ...visibleIds])])}
          >
            {t.selectAll}
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setCategories(snap.homeFilters.categories.filter((id) => !visibleIds.includes(id)))}
          >
            {t.selectNone}
          </button>
        </div>
        <p className="muted small panel-note" data-testid="category-counts-region">
          {t.countsInRegion(regionById(snap.mapRegion).label)}
        </p>
        {settings.filterSearch && (
          <div className="search-box compact">
            <Icon name="search" />
            <input
              className="input"
              type="search"
              placeholder={t.categorySearchPlaceholder}
              aria-label={t.categorySearch}
              value={snap.homeFilters.searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        )}
        <label className="switch">
          <input
            type="checkbox"
            checked={snap.homeFilters.hideChecked}
            onChange={(e) => updateSettings({ hideChecked: e.target.checked })}
          />
          <span>{ko.settings.hideChecked}</span>
        </label>
        {!snap.homeFilters.hideChecked && (
          <label className="switch">
            <input type="checkbox" checked={snap.foundFaint} onChange={(e) => updateSettings({ foundFaint: e.target.checked })} />
            <span>{ko.settings.foundFaint}</span>
          </label>
        )}
        {groups.isPending && <Spinner label={t.categoriesLoading} />}
        {groups.isError && <p className="notice notice-danger">{t.categoriesFailed}</p>}
        {shown.length === 0 && groups.isSuccess && <p className="muted small">{t.noCategoryMatch}</p>}
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
                    <Progress c={inRegion?.[c.id]} label={c.name} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        {all.length > 0 && <p className="muted small">{t.categoriesShown(snap.homeFilters.categories.length, all.length)}</p>}
      </section>

      {tags.some((g) => g.tags.length > 0) && (
        <section aria-labelledby="tag-h">
          <div className="panel-row">
            <h2 id="tag-h" className="panel-h">
              {t.highlightTags}
            </h2>
            <span className="spacer" />
            {highlighted.size > 0 && (
              <button type="button" className="btn btn-small btn-ghost" onClick={() => setHighlightedTags([])}>
                {t.clearHighlight}
              </button>
            )}
          </div>
          {tags
            .filter((g) => g.tags.length > 0)
            .map((g) => (
              <div key={g.id} className="tag-group" role="group" aria-label={g.name}>
                <span className="muted small">{g.name}</span>
                <div className="chips">
                  {g.tags.map((tag) => (
                    <button
                      key={tag.id}
                      type="button"
                      className="chip"
                      aria-pressed={highlighted.has(tag.id)}
                      onClick={() =>
                        setHighlightedTags(
                          highlighted.has(tag.id) ? snap.highlightedTags.filter((x) => x !== tag.id) : [...snap.highlightedTags, tag.id],
                        )
                      }
                    >
                      {tag.name}
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
