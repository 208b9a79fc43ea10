import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { notify } from '../../state/notices';
import { routeShareUrl, useDeleteRoute, useMe, useSavedRoutes, useSaveRoute, type RouteContent, type SavedRoute } from '../../data';
import { useRouteState } from '../../state';
import { routeState } from './route-state';

const t = ko.route;

/** Copies a route's link (or shows it when the clipboard is refused, as the map's share link does). */
async function copyRouteLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify({ kind: 'success', message: t.linkCopied });
  } catch {
    window.prompt(t.shareLink, url);
  }
}

/** The share link of the route on the map, once saved: read-only for whoever opens it. */
function ShareLink({ url }: { url: string }) {
  const id = useId();
  return (
    <div className="route-share">
      <label htmlFor={id} className="small">
        {t.shareLink}
      </label>
      <div className="route-share-row">
        <input id={id} readOnly value={url} data-testid="route-share-link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn" onClick={() => void copyRouteLink(url)}>
          {t.copyLink}
        </button>
      </div>
    </div>
  );
}

/**
 * Saving the route on the map to the account (signed-in players; a visitor is told why not), then its share link.
 * A shared route the viewer did not save can be saved as their own copy.
 */
export function RouteSave() {
  const route = useRouteState();
  const me = useMe().data;
  const save = useSaveRoute();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const inputId = useId();
  const plan = route.plan;
  if (!plan || plan.ids.length === 0 || route.shared?.mine) return null;
  if (route.saved) {
    return (
      <>
        <p className="small" data-testid="route-saved">
          {t.savedAs(route.saved.name)}
        </p>
        <ShareLink url={routeShareUrl(route.saved)} />
      </>
    );
  }
  if (me == null) return route.shared ? null : <p className="muted small">{t.saveLogin}</p>;
  const submit = () => {
    const p = routeState.plan;
    if (!p) return;
    const body: RouteContent = {
      name,
      pinIds: [...p.ids],
      start: { x: p.start.x, y: p.start.y, floor: p.start.floor },
      categories: [...p.categories],
      area: p.area,
      region: p.region,
    };
    save.mutate(body, {
      onSuccess: (routes) => {
        const r = routes.find((x) => x.name === name.trim().replace(/\s+/g, ' ') && x.pinIds.length === body.pinIds.length) ?? routes[0]!;
        routeState.saved = { id: r.id, name: r.name, shareToken: r.shareToken, region: r.region, categories: r.categories };
        setNaming(false);
        notify({ kind: 'success', message: t.saved(r.name) });
      },
    });
  };
  if (!naming)
    return (
      <button
        type="button"
        className="btn"
        onClick={() => {
          setName(route.shared ? route.shared.name : t.saveNameDefault(plan.ids.length));
          setNaming(true);
        }}
      >
        {route.shared ? t.saveCopy : t.save}
      </button>
    );
  return (
    <form
      className="route-save"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="small">
        {t.saveName}
      </label>
      <div className="route-share-row">
        <input id={inputId} value={name} maxLength={60} autoFocus onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t.saveConfirm}
        </button>
        <button type="button" className="btn" onClick={() => setNaming(false)}>
          {t.cancel}
        </button>
      </div>
      {save.error && (
        <p className="notice notice-danger" role="alert">
          {save.error.message}
        </p>
      )}
    </form>
  );
}

/** The player's saved routes (in the planner's form): open one (its link's view), copy its link, delete it (undoable). */
export function SavedRouteList() {
  const routes = useSavedRoutes().data;
  const del = useDeleteRoute();
  const save = useSaveRoute();
  const navigate = useNavigate();
  if (!routes?.length) return null;
  const open = (r: SavedRoute) => {
    const url = new URL(routeShareUrl(r));
    void navigate(`/${url.search}`);
  };
  const remove = (r: SavedRoute) =>
    del.mutate(r.id, {
      onSuccess: () =>
        notify({
          kind: 'success',
          message: t.deleted(r.name),
          action: {
            label: ko.undo,
            durationMs: 10_000,
            // Saved again with what it held; a link is never reused, so the old one stays dead.
            run: () =>
              save.mutate(
                { name: r.name, pinIds: r.pinIds, start: r.start, categories: r.categories, area: r.area, region: r.region },
                { onSuccess: () => notify({ kind: 'info', message: t.restored(r.name) }) },
              ),
          },
        }),
    });
  return (
    <section aria-label={t.savedList} className="route-saved-list">
      <h3 className="small">{t.savedList}</h3>
      <ul>
        {routes.map((r) => (
          <li key={r.id}>
            <span className="route-saved-name">
              {r.name} <span className="muted">· {t.savedStops(r.pinIds.length)}</span>
            </span>
            <span className="route-saved-actions">
              <button type="button" className="btn btn-small" aria-label={`${r.name} ${t.openSaved}`} onClick={() => open(r)}>
                {t.openSaved}
              </button>
              <button
                type="button"
                className="btn btn-small"
                aria-label={`${r.name} ${t.copyLink}`}
                onClick={() => void copyRouteLink(routeShareUrl(r))}
              >
                {t.copyLink}
              </button>
              <button type="button" className="btn btn-small" aria-label={`${r.name} ${t.deleteSaved}`} onClick={() => remove(r)}>
                {t.deleteSaved}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
