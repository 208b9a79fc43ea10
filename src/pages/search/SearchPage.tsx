import { useDeferredValue, useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { REGIONS, floorLabel, isKnownRegion } from '../../../common/regions';
import { ko } from '../../i18n/ko';
import { pinTitle } from '../../ui/pin-title';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { setCategories, setRegion, store, useStore } from '../../state';
import { useCategoryGroups, useSearch } from '../../data';
import { PageLayout } from '../PageLayout';
import { loadAllCategories } from '../session';
import type { PinRecord } from '../../../workers/pins/api';

function Highlight({ text, q }: { text: string; q: string }) {
  const i = q ? text.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (i < 0) return <>{text}</>;
  return <>{text.slice(0, i)}<mark>{text.slice(i, i + q.length)}</mark>{text.slice(i + q.length)}</>;
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
  // Results refresh as categories finish loading.
  const { refetch } = results;
  useEffect(() => {
    if (deferred) void refetch();
  }, [snap.pins.version, deferred, refetch]);

  const cats = useMemo(() => {
    const t = deferred.toLowerCase();
    if (!t) return [];
    return (groups.data ?? []).flatMap((g) => g.categories.filter((c) => c.name.toLowerCase().includes(t) || g.name.toLowerCase().includes(t)).map((c) => ({ ...c, group: g.name })));
  }, [groups.data, deferred]);
  const names = useMemo(() => new Map((groups.data ?? []).flatMap((g) => g.categories.map((c) => [c.id, c] as const))), [groups.data]);
  const pins = useMemo(() => results.data?.pages.flatMap((p) => p.pins) ?? [], [results.data]);
  const total = results.data?.pages[0]?.total ?? 0;

  const showCategory = (id: number) => {
    setCategories([...new Set([...store.homeFilters.categories, id])]);
    navigate('/');
  };
  const openPin = (p: PinRecord) => {
    if (p.region != null && isKnownRegion(p.region)) setRegion(p.region);
    if (p.categoryId != null && !store.homeFilters.categories.includes(p.categoryId)) setCategories([...store.homeFilters.categories, p.categoryId]);
    navigate(`/pin/${p.id}`);
  };

  return (
    <PageLayout title={q ? `"${q}" 검색` : '검색'}>
      <h1>검색</h1>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="search-box">
          <Icon name="search" />
          <input className="input" type="search" autoFocus value={q} aria-label="핀과 카테고리 검색"
            placeholder="카테고리, 태그, 설명으로 검색 (예: 보물상자, 동굴)"
            onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })} />
        </div>
      </form>
      {allCount > 0 && loadedCount < allCount && <Spinner label={`모든 카테고리를 불러오는 중… (${loadedCount}/${allCount})`} />}
      {!deferred && <p className="muted">모든 지역의 핀을 카테고리 이름, 태그, 설명으로 찾을 수 있습니다. 결과를 누르면 지도가 그 위치로 이동합니다.</p>}

      {cats.length > 0 && (
        <section className="search-region" aria-labelledby="cat-results">
          <h2 id="cat-results">카테고리 <span className="muted small">{cats.length}개</span></h2>
          <ul className="list-reset result-list">
            {cats.map((c) => (
              <li key={c.id}>
                <button type="button" className="result" onClick={() => showCategory(c.id)}>
                  <CategoryIcon icon={c.icon ?? 0} size={28} />
                  <span className="result-main">
                    <span className="result-title"><Highlight text={c.name} q={deferred} /></span>
                    <span className="result-desc">{c.group} · 핀 {(c.pinCount ?? 0).toLocaleString('ko-KR')}개 · 지도에 표시</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {deferred && results.isFetching && !results.data && <Spinner label="검색 중…" />}
      {deferred && results.data && total === 0 && cats.length === 0 && (
        <p className="empty">"{deferred}"에 대한 검색 결과가 없습니다. 다른 낱말로 찾아보세요.</p>
      )}
      {pins.length > 0 && (
        <section className="search-region" aria-labelledby="pin-results">
          <h2 id="pin-results"><Icon name="pin" className="inline-icon" />핀 <span className="muted small">{ko.search.results(pins.length, total)}</span></h2>
          <ul className="list-reset result-list" aria-label="핀 검색 결과">
            {pins.map((p) => {
              const cid = p.categoryId ?? p.catNum;
              const known = names.get(cid);
              const category = p.categoryName ?? known?.name ?? ko.search.category(cid);
              const region = p.region != null && isKnownRegion(p.region) ? REGIONS[p.region]!.label : ko.search.noRegion;
              return (
                <li key={p.id}>
                  <button type="button" className="result" onClick={() => openPin(p)} data-pin-id={p.id}>
                    <CategoryIcon icon={p.icon ?? known?.icon ?? 0} size={28} />
                    <span className="result-main">
                      <span className="result-title"><Highlight text={pinTitle(p, category)} q={deferred} /></span>
                      <span className="result-meta">
                        <span>{region}</span><span>{floorLabel(p.coordZ ?? null)}</span>
                        {p.checked
                          ? <span className="found-state is-found"><Icon name="check" className="inline-icon" />{ko.search.found}</span>
                          : <span className="found-state">{ko.search.notFound}</span>}
                      </span>
                      {p.tags.length > 0 && <span className="result-desc">{p.tags.map((t, i) => <span key={t.id}>{i > 0 && ', '}<Highlight text={t.name} q={deferred} /></span>)}</span>}
                    </span>
                    <Icon name="chevronRight" className="inline-icon" />
                  </button>
                </li>
              );
            })}
          </ul>
          {results.hasNextPage && (
            <button type="button" className="btn search-more" disabled={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
              {ko.search.more(total - pins.length)}
            </button>
          )}
        </section>
      )}
      <p className="muted small" style={{ marginTop: '2rem' }}>찾는 위치가 없나요? <Link to="/edit">직접 등록</Link>해 주세요.</p>
    </PageLayout>
  );
}
