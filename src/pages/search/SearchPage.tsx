import { useDeferredValue, useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { REGIONS, isKnownRegion } from '../../../common/regions';
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

/** Results grouped by region, then by category. */
function group(pins: readonly PinRecord[], names: Map<number, { name: string; icon?: number }>): { region: number; categories: { id: number; name: string; icon: number; pins: PinRecord[] }[] }[] {
  const byRegion = new Map<number, Map<number, { id: number; name: string; icon: number; pins: PinRecord[] }>>();
  for (const p of pins) {
    const r = p.region != null && isKnownRegion(p.region) ? p.region : -1;
    const cats = byRegion.get(r) ?? new Map();
    byRegion.set(r, cats);
    const cid = p.categoryId ?? p.catNum;
    const known = names.get(cid);
    const entry = cats.get(cid) ?? { id: cid, name: p.categoryName ?? known?.name ?? `카테고리 ${cid}`, icon: known?.icon ?? p.icon ?? 0, pins: [] };
    entry.pins.push(p);
    cats.set(cid, entry);
  }
  return [...byRegion.entries()].sort((a, b) => a[0] - b[0]).map(([region, cats]) => ({ region, categories: [...cats.values()] }));
}

/** /search: pins and categories by name, tag and description across all regions; a click flies the map to the pin. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const deferred = useDeferredValue(q.trim());
  const groups = useCategoryGroups();
  const snap = useStore();
  const results = useSearch(deferred, 300);
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
  const grouped = useMemo(() => {
    const names = new Map((groups.data ?? []).flatMap((g) => g.categories.map((c) => [c.id, c] as const)));
    return group(results.data ?? [], names);
  }, [results.data, groups.data]);

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
      {deferred && results.data && results.data.length === 0 && cats.length === 0 && (
        <p className="empty">"{deferred}"에 대한 검색 결과가 없습니다. 다른 낱말로 찾아보세요.</p>
      )}
      {grouped.map((g) => (
        <section key={g.region} className="search-region" aria-labelledby={`sr-${g.region}`}>
          <h2 id={`sr-${g.region}`}><Icon name="pin" className="inline-icon" />{g.region >= 0 ? REGIONS[g.region]!.label : '지역 없음'}
            <span className="muted small">{g.categories.reduce((n, c) => n + c.pins.length, 0)}개</span></h2>
          {g.categories.map((c) => (
            <div key={c.id} className="search-category">
              <h3><CategoryIcon icon={c.icon} size={20} />{c.name} <span className="small">{c.pins.length}</span></h3>
              <ul className="list-reset result-list">
                {c.pins.slice(0, 30).map((p) => (
                  <li key={p.id}>
                    <button type="button" className="result" onClick={() => openPin(p)}>
                      <span className="result-main">
                        <span className="result-title">핀 #{p.id}{p.tags.length > 0 && <> · {p.tags.map((t, i) => <span key={t.id}>{i > 0 && ', '}<Highlight text={t.name} q={deferred} /></span>)}</>}</span>
                        {p.description && <span className="result-desc"><Highlight text={p.description} q={deferred} /></span>}
                      </span>
                      <Icon name="chevronRight" className="inline-icon" />
                    </button>
                  </li>
                ))}
              </ul>
              {c.pins.length > 30 && <p className="muted small">외 {c.pins.length - 30}개. 검색어를 더 자세히 입력해 보세요.</p>}
            </div>
          ))}
        </section>
      ))}
      {results.data && results.data.length >= 300 && <p className="muted small">결과가 많아 300개까지만 보여 줍니다.</p>}
      <p className="muted small" style={{ marginTop: '2rem' }}>찾는 위치가 없나요? <Link to="/edit">직접 등록</Link>해 주세요.</p>
    </PageLayout>
  );
}
