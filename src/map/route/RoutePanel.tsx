import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { Dialog } from '../../ui/Dialog';
import { useBatchCheck, useCategoryGroups, useCheckPin, useMe } from '../../data';
import {
  endTool,
  mapViewBounds,
  onRangeDrawn,
  setSelectionIds,
  setTracking,
  showRoute,
  store,
  useFoundSet,
  useRouteState,
  useStore,
  whenMapRuns,
} from '../../state';
import { useMapSnapshot } from '../use-engine-snapshot';
import {
  ARRIVAL_RADIUS,
  clearRoute,
  floorChanges,
  flyTo,
  lengthFrom,
  nextStop,
  openSharedRoute,
  planRoute,
  routeState,
  type AreaChoice,
  type StartChoice,
} from './route-state';
import { RouteSave, SavedRouteList } from './SavedRoutes';
import './route.css';

const t = ko.route;

/**
 * The route planner (issue 22): choose the area and start, plan in the worker, then follow the numbered line:
 * length and remaining stops, the next stop, and the arrival prompt when the tracked player reaches it.
 */
export function RoutePanel({ onLasso }: { onLasso: () => void }) {
  const route = useRouteState();
  // The map's requests go through map-commands; whether a map runs is read from its snapshot.
  const mapOn = useMapSnapshot((s) => s !== null);
  const snap = useStore();
  const groups = useCategoryGroups().data;
  const check = useCheckPin();
  const batch = useBatchCheck();
  const signedIn = useMe().data != null;
  const [askRest, setAskRest] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('route');
  const plan = route.plan;
  const { found, seq: foundSeq } = useFoundSet();
  const next = plan ? nextStop(plan, found) : 0;
  const tracked = !!snap.tracking.position;

  // The line on the map follows the plan and the marks.
  useEffect(() => {
    if (!mapOn) return;
    const p = routeState.plan;
    if (!p) return showRoute(null);
    showRoute({ x: p.x, y: p.y, floor: p.z, next, done: p.ids.map((id) => found.has(id)) });
  }, [mapOn, plan, next, found, foundSeq]);
  useEffect(() => () => showRoute(null), [mapOn]);

  // A share link (?route=<token>) opens its route read-only.
  useEffect(() => {
    if (mapOn && token && routeState.shared?.token !== token) void openSharedRoute(token);
  }, [mapOn, token]);
  // Closing a shared route takes its token out of the address (a reload would open it again).
  const close = () => {
    clearRoute();
    if (!token) return;
    const p = new URLSearchParams(location.search);
    p.delete('route');
    void navigate({ search: `?${p.toString()}` }, { replace: true });
  };

  // The lasso the player draws for the route's area: plan over it; the selection flow's dialog stays shut.
  useEffect(
    () =>
      onRangeDrawn((e) => {
        if (!routeState.lassoPending || e.shape !== 'lasso') return;
        endTool();
        void planRoute({ kind: 'lasso', polygon: Array.from(e.polygon) }).finally(() => {
          // The bridge's query for the same lasso answered before ours (the worker answers in order).
          setSelectionIds([]);
          routeState.lassoPending = false;
        });
      }),
    [],
  );

  // Arrival: the tracked player within a few metres of the next stop, on its floor, is asked (never marked unasked).
  const pos = snap.tracking.position;
  useEffect(() => {
    const p = routeState.plan;
    if (!p || !pos) return;
    const k = nextStop(p, store.checks);
    for (const id of routeState.declined) {
      const j = p.ids.indexOf(id);
      if (j >= 0 && Math.hypot(p.x[j]! - pos.x, p.y[j]! - pos.y) > ARRIVAL_RADIUS * 3) routeState.declined.delete(id);
    }
    // A stop just confirmed counts as found while its mark is on its way to the store.
    let at = k;
    while (at < p.ids.length && (store.checks.has(p.ids[at]!) || routeState.confirmed.has(p.ids[at]!))) at++;
    if (at !== k) return;
    if (k >= p.ids.length || routeState.asking !== null) return;
    const z = p.z[k]!;
    const sameFloor = (z === z ? z : null) === (pos.floor ?? null);
    if (sameFloor && Math.hypot(p.x[k]! - pos.x, p.y[k]! - pos.y) <= ARRIVAL_RADIUS && !routeState.declined.has(p.ids[k]!))
      routeState.asking = p.ids[k]!;
  }, [pos, next]);

  const nameOf = (k: number) => {
    const cid = plan?.category[k];
    return groups?.flatMap((g) => g.categories).find((c) => c.id === cid)?.name ?? ko.common.pinNumbered(plan?.ids[k] ?? 0);
  };

  const plan_ = async (area: AreaChoice) => {
    // Chosen while the map's renderer still starts (right after the page opened), wait for it.
    routeState.planning = true;
    const runs = await whenMapRuns();
    routeState.planning = false;
    const bounds = runs ? mapViewBounds() : null;
    if (!bounds) return;
    routeState.area = area;
    if (area === 'lasso') {
      routeState.lassoPending = true;
      onLasso();
      return;
    }
    void planRoute(area === 'view' ? { kind: 'rect', bounds } : { kind: 'all' });
  };
  const showStop = (k: number) => {
    if (!mapOn || !plan) return;
    if (store.tracking.follow) setTracking({ follow: false });
    const z = plan.z[k]!;
    flyTo({ x: plan.x[k]!, y: plan.y[k]!, floor: z === z ? z : null });
  };
  const answer = (yes: boolean) => {
    const id = routeState.asking;
    routeState.asking = null;
    if (id === null) return;
    if (yes) {
      routeState.confirmed.add(id);
      check.mutate({ pinId: id, check: true }, { onSettled: () => routeState.confirmed.delete(id) });
    } else routeState.declined.add(id);
  };

  if (!route.open && !plan) return null;
  const asking = route.asking;
  const askingIndex = plan && asking !== null ? plan.ids.indexOf(asking) : -1;
  const done = plan ? plan.ids.length - plan.ids.filter((id) => !found.has(id)).length : 0;

  return (
    <section className="route-panel" aria-label={t.panel} data-testid="route-panel">
      <header className="route-head">
        <h2>{route.shared ? t.sharedTitle(route.shared.name) : t.panel}</h2>
        {route.shared && <span className="badge">{t.readOnly}</span>}
        <button
          type="button"
          className="btn btn-icon"
          aria-label={t.close}
          onClick={() => {
            routeState.open = false;
            close();
          }}
        >
          ×
        </button>
      </header>
      {!plan && (
        <div className="route-form">
          <p className="muted small">
            {snap.homeFilters.categories.length ? t.categoriesNote(snap.homeFilters.categories.length) : t.noCategories}
          </p>
          <fieldset>
            <legend>{t.start}</legend>
            <div className="segmented" role="radiogroup" aria-label={t.start}>
              {(['player', 'centre'] as StartChoice[]).map((s) => (
                <button
                  key={s}
                  type="button"
                  role="radio"
                  aria-checked={(route.start === 'player' && tracked ? 'player' : 'centre') === s}
                  disabled={s === 'player' && !tracked}
                  onClick={() => (routeState.start = s)}
                >
                  {s === 'player' ? t.startPlayer : t.startCentre}
                </button>
              ))}
            </div>
            {(route.start === 'centre' || !tracked) && <p className="muted small">{t.startCentreHint}</p>}
          </fieldset>
          <fieldset>
            <legend>{t.area}</legend>
            <div className="route-areas">
              {(['view', 'lasso', 'all'] as AreaChoice[]).map((a) => (
                <button
                  key={a}
                  type="button"
                  className={a === 'view' ? 'btn btn-primary' : 'btn'}
                  disabled={route.planning || route.lassoPending || !snap.homeFilters.categories.length}
                  onClick={() => void plan_(a)}
                >
                  {a === 'view' ? t.areaView : a === 'lasso' ? t.areaLasso : t.areaAll}
                </button>
              ))}
            </div>
          </fieldset>
          {route.lassoPending && <p className="notice">{t.lassoPrompt}</p>}
          {signedIn && <SavedRouteList />}
          {route.planning && (
            <p role="status" className="muted">
              <span className="spinner spinner-small" aria-hidden /> {t.planning}
            </p>
          )}
          {route.error && (
            <p className="notice notice-danger" role="alert">
              {route.error}
            </p>
          )}
        </div>
      )}
      {plan && plan.ids.length === 0 && <p className="notice">{t.empty}</p>}
      {plan && route.shared && (
        <p className="muted small" data-testid="route-read-only">
          {t.readOnlyHint}
          {route.shared.missing > 0 && ` ${t.sharedMissing(route.shared.missing)}`}
        </p>
      )}
      {plan && plan.ids.length > 0 && (
        <div className="route-follow">
          <p className="small" data-testid="route-summary">
            {t.summary(plan.ids.length, t.length(plan.length))}
            {floorChanges(plan) > 0 && ` · ${t.floorChanges(floorChanges(plan))}`}
          </p>
          <progress className="route-progress" max={plan.ids.length} value={done} aria-label={t.progressLabel} />
          <p data-testid="route-remaining" role="status">
            {t.remaining(plan.ids.length - done, plan.ids.length, t.length(next < plan.ids.length ? lengthFrom(plan, next) : 0))}
          </p>
          {next < plan.ids.length ? (
            <p
              className="route-next"
              data-testid="route-next"
              data-pin-id={plan.ids[next]}
              data-distance={pos ? Math.round(Math.hypot(plan.x[next]! - pos.x, plan.y[next]! - pos.y)) : undefined}
            >
              {t.next(next + 1, nameOf(next))}
              {pos && <span className="muted"> · {t.away(t.length(Math.hypot(plan.x[next]! - pos.x, plan.y[next]! - pos.y)))}</span>}
            </p>
          ) : (
            <p className="notice notice-success">{t.finished}</p>
          )}
          <div className="route-actions">
            {next < plan.ids.length && (
              <>
                <button type="button" className="btn" onClick={() => showStop(next)}>
                  {t.showNext}
                </button>
                <button type="button" className="btn btn-primary" onClick={() => check.mutate({ pinId: plan.ids[next]!, check: true })}>
                  {t.markNext}
                </button>
                {signedIn && plan.ids.length - done > 1 && (
                  <button type="button" className="btn" onClick={() => setAskRest(true)}>
                    {t.markRest(plan.ids.length - done)}
                  </button>
                )}
              </>
            )}
            <button type="button" className="btn" onClick={close}>
              {route.shared ? t.clear : t.replan}
            </button>
          </div>
          <RouteSave />
        </div>
      )}
      {plan && (
        <Dialog
          open={askRest}
          title={t.markRestTitle}
          onClose={() => setAskRest(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setAskRest(false)}>
                {t.cancel}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setAskRest(false);
                  // One batch: one toast with 실행 취소, one entry in 최근 작업, one Ctrl+Z.
                  batch.mutate({ pinIds: plan.ids.filter((id) => !store.checks.has(id)), check: true });
                }}
              >
                {t.markRestYes}
              </button>
            </>
          }
        >
          <p>{t.markRestBody(plan.ids.length - done)}</p>
        </Dialog>
      )}
      {plan && (
        <Dialog
          open={asking !== null && askingIndex >= 0}
          title={t.arrivedTitle}
          onClose={() => answer(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => answer(false)}>
                {t.arrivedNo}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => answer(true)}>
                {t.arrivedYes}
              </button>
            </>
          }
        >
          <p>{askingIndex >= 0 && t.arrivedBody(askingIndex + 1, nameOf(askingIndex))}</p>
        </Dialog>
      )}
    </section>
  );
}

/** Opens the planner (the toolbar's button). */
export function openRoutePlanner(): void {
  routeState.open = true;
}

/** Whether a lasso drawn now belongs to the route planner (the selection flow then asks nothing). */
export function useRouteLassoPending(): boolean {
  return useRouteState().lassoPending;
}
