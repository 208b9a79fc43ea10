import { useMemo } from 'react';
import { REGIONS, regionById } from '../../../common/regions';
import { filterCategoryGroups, tagNamesByCategory } from '../../../common/category-search';
import { koreanMatch } from '../../../common/search-text';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { setCategories, setHighlightedTags, setRegion, setSearchText, toggleCategory, useStore } from '../../state';
import { useCategoryGroups, useTagGroups } from '../../data';
import type { CategoryGroup, TagGroup } from '../../data/types';
import { useSessionUser, useSettings, usePinCounts } from '../session';
import { ProfileSwitcher } from '../mypage/Profiles';
import { ko } from '../../i18n/ko';
import { CategoryList, Progress } from './CategoryList';
import { FilterPresets } from './FilterPresets';

const t = ko.map;

const RECENT_MAX = 8;

/** Filters categories by the search text: koreanMatch (초성, accents, spacing) on names, own tags and group names. */
export function filterGroups(groups: readonly CategoryGroup[], text: string, tagGroups: readonly TagGroup[] = []): CategoryGroup[] {
  const tags = tagNamesByCategory(tagGroups);
  return filterCategoryGroups(groups, text, (id) => tags.get(id) ?? []);
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
  const search = snap.homeFilters.searchText;
  const searching = search.trim() !== '';
  const shown = useMemo(() => filterGroups(groups.data ?? [], search, tagGroups.data ?? []), [groups.data, search, tagGroups.data]);
  const all = useMemo(() => (groups.data ?? []).flatMap((g) => g.categories), [groups.data]);
  const visibleIds = shown.flatMap((g) => g.categories.map((c) => c.id));
  const highlighted = new Set(snap.highlightedTags);
  const tags = (tagGroups.data ?? [])
    .filter((g) => g.categoryId == null || enabled.has(g.categoryId))
    .map((g) => (searching && !koreanMatch(g.name, search) ? { ...g, tags: g.tags.filter((tag) => koreanMatch(tag.name, search)) } : g));
  // Category counts are the region's in view (the one picked above), as the server counts them; none for a
  // region with no pin at all (every category then waits in the fold), undefined only while they load.
  const inRegion = counts ? (counts.byRegionCategory[snap.mapRegion] ?? {}) : undefined;
  const collapsed = useMemo(() => new Set(settings.collapsedGroups ?? []), [settings.collapsedGroups]);
  const byId = useMemo(() => new Map(all.map((c) => [c.id, c])), [all]);
  const recent = (settings.recentCategories ?? []).map((id) => byId.get(id)).filter((c) => c !== undefined);

  /** Turns a category on or off; one turned on goes to the front of 최근. */
  const toggle = (id: number, on: boolean) => {
    toggleCategory(id, on);
    if (on) updateSettings({ recentCategories: [id, ...(settings.recentCategories ?? []).filter((x) => x !== id)].slice(0, RECENT_MAX) });
  };
  const setMany = (ids: readonly number[], on: boolean) => {
    const drop = new Set(ids);
    setCategories(on ? [...snap.homeFilters.categories, ...ids] : snap.homeFilters.categories.filter((id) => !drop.has(id)));
  };
  const collapse = (groupId: number, fold: boolean) => {
    const rest = (settings.collapsedGroups ?? []).filter((id) => id !== groupId);
    updateSettings({ collapsedGroups: fold ? [...rest, groupId] : rest });
  };

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

      <FilterPresets />

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
        <div className="search-box compact cat-search">
          <Icon name="search" />
          <input
            className="input"
            type="search"
            placeholder={t.categorySearchPlaceholder}
            aria-label={t.categorySearch}
            value={search}
            onChange={(e) => {
              setSearchText(e.target.value);
              // The box goes to the top of the panel (where it sticks), so what it finds is in view below it.
              e.currentTarget.closest('.cat-search')?.scrollIntoView({ block: 'start', inline: 'nearest' });
            }}
          />
        </div>
        <p className="muted small panel-note" data-testid="category-counts-region">
          {t.countsInRegion(regionById(snap.mapRegion).label)}
        </p>
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
        {!searching && recent.length > 0 && (
          <div className="cat-recent" role="group" aria-label={t.recent}>
            <span className="muted small">{t.recent}</span>
            <div className="chips">
              {recent.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  className="chip"
                  aria-pressed={enabled.has(c.id)}
                  onClick={() => toggle(c.id, !enabled.has(c.id))}
                >
                  {c.name}
                  <Progress c={inRegion?.[c.id]} label={c.name} />
                </button>
              ))}
            </div>
          </div>
        )}
        <CategoryList
          groups={shown}
          enabled={enabled}
          inRegion={inRegion}
          searching={searching}
          collapsed={collapsed}
          onCollapse={collapse}
          onToggle={toggle}
          onSet={setMany}
        />
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
