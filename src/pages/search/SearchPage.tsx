import { useDeferredValue, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { REGIONS, floorLabel, isKnownRegion } from '../../../common/regions';
import { matchRange } from '../../../common/search-text';
import { filterCategoryGroups, tagNamesByCategory } from '../../../common/category-search';
import { ko } from '../../i18n/ko';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { VirtualList } from '../../ui/VirtualList';
import { setCategories, setRegion, store } from '../../state';
import { useCategoryGroups, useFound, useMe, useProgress, useSearch, useTagGroups, type PinHit, type SearchFilters } from '../../data';
import type { SearchResult } from '../../data/types';
import { PageLayout } from '../PageLayout';

const t = ko.search;
const tn = ko.notes;

/** One pin result's height in CSS pixels: the list draws only the rows in view. */
const ROW = 84;

/** `text` with the part that matches `q` (case-, accent- and spacing-insensitive, as the server matches) marked. */
function Highlight({ text, q }: { text: string; q: string }) {
  const at = q ? matchRange(text, q) : null;
  if (!at) return <>{text}</>;
  return (
    <>
      {text.slice(0, at[0])}
      <mark>{text.slice(at[0], at[1])}</mark>
      {text.slice(at[1])}
    </>
  );
}

/** A whole number from the address, or undefined. */
function intParam(v: string | null): number | undefined {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  return Number(v);
}

/**
 * /search: the server's search over every region (category names, tags, descriptions, pin numbers;
 * case-, accent- and spacing-insensitive), narrowed by region, category and "not found yet". The
 * address holds the query and the filters. Pins come a page at a time as the list scrolls; a click
 * flies the map to the pin. The "내 메모" tab (`tab=notes`) searches the player's private notes instead
 * (an empty query lists them all); a pin with a note wears the note badge in either tab.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const deferred = useDeferredValue(q.trim());
  const me = useMe().data;
  const region = intParam(params.get('region'));
  const category = intParam(params.get('category'));
  const unfound = params.get('unfound') === '1' && me != null;
  const notesTab = params.get('tab') === 'notes';
  const notes = notesTab && me != null;
  const filters: SearchFilters = useMemo(
    () => ({
      ...(region !== undefined ? { region } : {}),
      ...(category !== undefined ? { category } : {}),
      ...(unfound ? { unfound } : {}),
      ...(notes ? { notes } : {}),
    }),
    [region, category, unfound, notes],
  );
  const groups = useCategoryGroups();
  // A visitor on the notes tab asks for nothing (the tab says why).
  const results = useSearch(notesTab && !notes ? '' : deferred, filters);
  const asked = deferred !== '' || notes;
  const navigate = useNavigate();

  // From the address itself, not this render's copy: two quick changes (a tab, then typing) both stay.
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(window.location.search);
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const first = results.data?.pages[0];
  const pins = useMemo(() => (results.data?.pages ?? []).flatMap((p) => p.pins), [results.data]);
  const total = first?.total ?? 0;
  const tagGroups = useTagGroups();
  const progress = useProgress().data;
  // The server's category hits, then those only the panel's matcher finds (초성 `ㅂㅅ`, a half-typed syllable),
  // from the catalogue this device holds: one notion of a category match on the map and here.
  const cats = useMemo((): SearchResult['categories'] => {
    const server = first?.categories ?? [];
    if (notesTab || !first) return server;
    const tags = tagNamesByCategory(tagGroups.data ?? []);
    const known = new Set(server.map((c) => c.id));
    const local = filterCategoryGroups(groups.data ?? [], deferred, (id) => tags.get(id) ?? []).flatMap((g) =>
      g.categories
        .filter((c) => !known.has(c.id))
        .map((c) => ({
          id: c.id,
          name: c.name,
          icon: c.icon ?? 0,
          groupName: g.name,
          pinCount: region === undefined ? (c.pinCount ?? 0) : (progress?.byRegionCategory[region]?.[c.id]?.total ?? 0),
        })),
    );
    return [...server, ...local].slice(0, 50);
  }, [first, notesTab, tagGroups.data, groups.data, deferred, region, progress]);
  // The store knows this player's marks before the server does (offline, or just made); a visitor's are only there.
  const found = useFound();
  const isFound = (p: PinHit) => found(p.id, p.checked);
  const loading = asked && (results.isPending || (results.isFetching && !results.isFetchingNextPage && !results.isRefetching));

  const showCategory = (id: number) => {
    setCategories([...new Set([...store.homeFilters.categories, id])]);
    navigate('/');
  };
  const openPin = (p: PinHit) => {
    if (isKnownRegion(p.region)) setRegion(p.region);
    navigate(`/pin/${p.id}`);
  };

  return (
    <PageLayout title={t.title(q)}>
      <h1>{ko.common.search}</h1>
      <div className="search-tabs" role="group" aria-label={tn.tabsLabel}>
        <button type="button" className="chip" aria-pressed={!notesTab} onClick={() => setParam('tab', null)}>
          <Icon name="search" className="inline-icon" />
          {tn.tabAll}
        </button>
        <button type="button" className="chip" aria-pressed={notesTab} onClick={() => setParam('tab', 'notes')}>
          <Icon name="doc" className="inline-icon" />
          {tn.tabNotes}
        </button>
      </div>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="search-box">
          <Icon name="search" />
          <input
            className="input"
            type="search"
            autoFocus
            value={q}
            aria-label={notesTab ? tn.tabNotes : t.inputLabel}
            placeholder={notesTab ? tn.notesPlaceholder : t.placeholder}
            onChange={(e) => setParam('q', e.target.value)}
          />
        </div>
        <div className="search-filters">
          <select className="input" value={region ?? ''} aria-label={t.regionFilter} onChange={(e) => setParam('region', e.target.value)}>
            <option value="">{t.allRegions}</option>
            {REGIONS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
          <select
            className="input"
            value={category ?? ''}
            aria-label={t.categoryFilter}
            onChange={(e) => setParam('category', e.target.value)}
          >
            <option value="">{t.allCategories}</option>
            {(groups.data ?? []).map((g) => (
              <optgroup key={g.id} label={g.name}>
                {g.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <label className={`check-row ${me ? '' : 'is-disabled'}`} title={me ? undefined : t.unfoundNeedsLogin}>
            <input type="checkbox" checked={unfound} disabled={!me} onChange={(e) => setParam('unfound', e.target.checked ? '1' : null)} />
            {t.unfoundOnly}
          </label>
        </div>
      </form>
      {notesTab && !me && me !== undefined && (
        <p className="notice">
          {tn.notesNeedLogin} <Link to={`/login?from=${encodeURIComponent('/search?tab=notes')}`}>{ko.common.login}</Link>
        </p>
      )}
      {!deferred && <p className="muted">{notesTab ? tn.notesIntro : t.intro}</p>}
      {loading && <Spinner label={ko.common.loading} />}
      {results.isError && !loading && (
        <p className="field-error" role="alert">
          {t.failed}
        </p>
      )}

      {!loading && cats.length > 0 && (
        <section className="search-region" aria-labelledby="cat-results">
          <h2 id="cat-results">
            {ko.common.category} <span className="muted small">{ko.common.count(cats.length)}</span>
          </h2>
          <ul className="list-reset result-list">
            {cats.map((c) => (
              <li key={c.id}>
                <button type="button" className="result" onClick={() => showCategory(c.id)}>
                  <CategoryIcon icon={c.icon} size={28} />
                  <span className="result-main">
                    <span className="result-title">
                      <Highlight text={c.name} q={deferred} />
                    </span>
                    <span className="result-desc">{t.categoryResult(c.groupName, c.pinCount)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {asked && !loading && results.isSuccess && total === 0 && cats.length === 0 && (
        <p className="empty">{notes ? (deferred ? tn.noNoteResults(deferred) : tn.noNotes) : t.noResults(deferred)}</p>
      )}
      {!loading && pins.length > 0 && (
        <section className="search-region" aria-labelledby="pin-results">
          <h2 id="pin-results">
            <Icon name="pin" className="inline-icon" />
            {ko.common.pin} <span className="muted small">{t.results(pins.length, total)}</span>
          </h2>
          <VirtualList
            items={pins}
            rowHeight={ROW}
            setSize={total}
            label={t.pinResults}
            keyOf={(p) => p.id}
            onNearEnd={() => {
              if (results.hasNextPage && !results.isFetchingNextPage && !results.isError) void results.fetchNextPage();
            }}
            render={(p) => {
              const text = p.snippet || (p.tags ?? []).join(', ');
              return (
                <button type="button" className="result search-hit" onClick={() => openPin(p)} data-pin-id={p.id}>
                  <CategoryIcon icon={p.icon} size={28} />
                  <span className="result-main">
                    <span className="result-title">
                      <Highlight text={text ? `${p.categoryName} · ${text}` : p.categoryName} q={deferred} />
                    </span>
                    <span className="result-meta">
                      <span>{isKnownRegion(p.region) ? REGIONS[p.region]!.label : t.noRegion}</span>
                      <span>{floorLabel(p.coordZ)}</span>
                      <span>{ko.common.pinNumbered(p.id)}</span>
                      {p.note !== undefined && (
                        <span className="badge note-badge" title={tn.badgeLabel} data-testid="note-badge">
                          <Icon name="doc" className="inline-icon" />
                          {tn.badge}
                          <span className="sr-only">: {tn.badgeLabel}</span>
                        </span>
                      )}
                      {isFound(p) ? (
                        <span className="found-state is-found">
                          <Icon name="check" className="inline-icon" />
                          {t.found}
                        </span>
                      ) : (
                        <span className="found-state">{t.notFound}</span>
                      )}
                    </span>
                    {(p.tags ?? []).length > 0 && (
                      <span className="result-tags">
                        {(p.tags ?? []).map((tag, i) => (
                          <span key={tag}>
                            {i > 0 && ', '}
                            <Highlight text={tag} q={deferred} />
                          </span>
                        ))}
                      </span>
                    )}
                  </span>
                  <Icon name="chevronRight" className="inline-icon" />
                </button>
              );
            }}
          />
          {results.isFetchingNextPage && <Spinner label={ko.common.loading} />}
        </section>
      )}
      <p className="muted small" style={{ marginTop: '2rem' }}>
        {t.missing(
          <Link key="edit" to="/edit">
            {t.addYourself}
          </Link>,
        )}
      </p>
    </PageLayout>
  );
}
