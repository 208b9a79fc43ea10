import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { REGIONS, floorLabel, isKnownRegion } from '../../../common/regions';
import { ko } from '../../i18n/ko';
import { pinTitle } from '../../ui/pin-title';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { setCategories, setRegion, store, useStore } from '../../state';
import { searchPins, useCategoryGroups, useSearch } from '../../data';
import { PageLayout } from '../PageLayout';
import { loadAllCategories } from '../session';
import type { PinRecord } from '../../../workers/pins/api';

const t = ko.search;

function Highlight({ text, q }: { text: string; q: string }) {
  const i = q ? text.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark>{text.slice(i, i + q.length)}</mark>
      {text.slice(i + q.length)}
    </>
  );
}

/** /search: pins and categories by name, tag and description across all regions; a click flies the map to the pin. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const deferred = useDeferredValue(q.trim());
  const groups = useCategoryGroups();
  const snap = useStore();
  const results = useSearch(deferred);
  const navigate = useNavigate();
  // Search covers every category, not only the ones on the map.
  useEffect(() => {
    if (groups.data) void loadAllCategories(groups.data);
  }, [groups.data]);
  const loadedCount = Object.keys(snap.pins.categories).length;
  const allCount = (groups.data ?? []).reduce((n, g) => n + g.categories.length, 0);
  // Results refresh as categories finish loading, once whatever is being fetched has come: a refresh
  // started during "더 보기" would cancel that page (the click lost while categories still load).
  const { refetch, isFetching } = results;
  const searchedAt = useRef(-1);
  const version = snap.pins.version;
  useEffect(() => {
    if (!deferred || isFetching || searchedAt.current === version) return;
    searchedAt.current = version;
    void refetch();
  }, [version, deferred, refetch, isFetching]);

  const cats = useMemo(() => {
    const t = deferred.toLowerCase();
    if (!t) return [];
    return (groups.data ?? []).flatMap((g) =>
      g.categories
        .filter((c) => c.name.toLowerCase().includes(t) || g.name.toLowerCase().includes(t))
        .map((c) => ({ ...c, group: g.name })),
    );
  }, [groups.data, deferred]);
  const names = useMemo(() => new Map((groups.data ?? []).flatMap((g) => g.categories.map((c) => [c.id, c] as const))), [groups.data]);
  const pins = useMemo(() => searchPins(results.data?.pages), [results.data]);
  // The last page was ranked over the most categories.
  const total = results.data?.pages.at(-1)?.total ?? 0;

  const showCategory = (id: number) => {
    setCategories([...new Set([...store.homeFilters.categories, id])]);
    navigate('/');
  };
  const openPin = (p: PinRecord) => {
    if (p.region != null && isKnownRegion(p.region)) setRegion(p.region);
    if (p.categoryId != null && !store.homeFilters.categories.includes(p.categoryId))
      setCategories([...store.homeFilters.categories, p.categoryId]);
    navigate(`/pin/${p.id}`);
  };

  return (
    <PageLayout title={t.title(q)}>
      <h1>{ko.common.search}</h1>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="search-box">
          <Icon name="search" />
          <input
            className="input"
            type="search"
            autoFocus
            value={q}
            aria-label={t.inputLabel}
            placeholder={t.placeholder}
            onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
          />
        </div>
      </form>
      {allCount > 0 && loadedCount < allCount && <Spinner label={t.loadingCategories(loadedCount, allCount)} />}
      {!deferred && <p className="muted">{t.intro}</p>}

      {cats.length > 0 && (
        <section className="search-region" aria-labelledby="cat-results">
          <h2 id="cat-results">
            {ko.common.category} <span className="muted small">{ko.common.count(cats.length)}</span>
          </h2>
          <ul className="list-reset result-list">
            {cats.map((c) => (
              <li key={c.id}>
                <button type="button" className="result" onClick={() => showCategory(c.id)}>
                  <CategoryIcon icon={c.icon ?? 0} size={28} />
                  <span className="result-main">
                    <span className="result-title">
                      <Highlight text={c.name} q={deferred} />
                    </span>
                    <span className="result-desc">{t.categoryResult(c.group, c.pinCount ?? 0)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {deferred && results.isFetching && !results.data && <Spinner label={t.searching} />}
      {deferred && results.data && total === 0 && cats.length === 0 && <p className="empty">{t.noResults(deferred)}</p>}
      {pins.length > 0 && (
        <section className="search-region" aria-labelledby="pin-results">
          <h2 id="pin-results">
            <Icon name="pin" className="inline-icon" />
            {ko.common.pin} <span className="muted small">{t.results(pins.length, total)}</span>
          </h2>
          <ul className="list-reset result-list" aria-label={t.pinResults}>
            {pins.map((p) => {
              const cid = p.categoryId ?? p.catNum;
              const known = names.get(cid);
              const category = p.categoryName ?? known?.name ?? t.category(cid);
              const region = p.region != null && isKnownRegion(p.region) ? REGIONS[p.region]!.label : t.noRegion;
              return (
                <li key={p.id}>
                  <button type="button" className="result" onClick={() => openPin(p)} data-pin-id={p.id}>
                    <CategoryIcon icon={p.icon ?? known?.icon ?? 0} size={28} />
                    <span className="result-main">
                      <span className="result-title">
                        <Highlight text={pinTitle(p, category)} q={deferred} />
                      </span>
                      <span className="result-meta">
                        <span>{region}</span>
                        <span>{floorLabel(p.coordZ ?? null)}</span>
                        {p.checked ? (
                          <span className="found-state is-found">
                            <Icon name="check" className="inline-icon" />
                            {t.found}
                          </span>
                        ) : (
                          <span className="found-state">{t.notFound}</span>
                        )}
                      </span>
                      {p.tags.length > 0 && (
                        <span className="result-desc">
                          {p.tags.map((tag, i) => (
                            <span key={tag.id}>
                              {i > 0 && ', '}
                              <Highlight text={tag.name} q={deferred} />
                            </span>
                          ))}
                        </span>
                      )}
                    </span>
                    <Icon name="chevronRight" className="inline-icon" />
                  </button>
                </li>
              );
            })}
          </ul>
          {results.hasNextPage && (
            <button
              type="button"
              className="btn search-more"
              disabled={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
            >
              {t.more(total - pins.length)}
            </button>
          )}
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
