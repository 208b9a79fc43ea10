import { useEffect, useRef, useState } from 'react';
import { useKeydown } from '../../ui/use-keydown';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiClientError } from '../../api';
import { ko } from '../../i18n/ko';
import { regionById, isKnownRegion, pinFloorLabel } from '../../../common/regions';
import { CategoryIcon } from '../../ui/CategoryIcon';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { currentTool, mapBox, markOpenedPin, setFloor, setOpenedPin, setRegion, showOnMap, useStore } from '../../state';
import { useCategoryGroups, useCheckPin, useFound, useMe, usePin, usePinNote } from '../../data';
import { useDocumentTitle } from '../PageLayout';
import { useMapSnapshot } from '../../map/use-engine-snapshot';
import { copyShareLink } from '../../map/share-link';
import { openedSearch, readUrlView } from '../../map/url-state';
import { uncoveredCenter } from '../../map/uncovered';
import { Comments } from './Comments';
import { ReportDialog } from './ReportDialog';
import { PinHistory } from './PinHistory';
import { PinNote } from './PinNote';
import { wantsFlyTo } from './fly-state';

const t = ko.pin;

/** /pin/{hpid}: the pin's detail beside (or under, on phones) the map, which flies to it. */
export default function PinPage() {
  const { hpid } = useParams();
  const id = Number(hpid);
  const valid = Number.isInteger(id) && id > 0;
  const pin = usePin(valid ? id : null);
  const me = useMe().data;
  const check = useCheckPin();
  const snap = useStore();
  // Whether the map runs (its requests go through map-commands).
  const mapOn = useMapSnapshot((s) => s !== null);
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const groups = useCategoryGroups();
  const [reportOpen, setReportOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const p = pin.data;
  const hasNote = usePinNote(valid ? id : 0).data != null;
  const category = groups.data?.flatMap((g) => g.categories).find((c) => c.id === p?.categoryId);
  // The pin's glyph, in its category's own look unless the pin carries another glyph of its own (as the map draws it).
  const pinLook = (icon: number) =>
    category && icon === (category.icon ?? 0) ? { icon, color: category.color, iconUrl: category.iconUrl } : { icon };
  const title = p?.categoryName ?? category?.name ?? (p ? ko.common.pinNumbered(p.id) : ko.common.pin);
  useDocumentTitle(title);

  const flyTo = (animate: boolean) => {
    if (!p || !mapOn) return;
    if (p.region != null && isKnownRegion(p.region) && p.region !== snap.mapRegion) setRegion(p.region);
    setFloor(p.coordZ ?? null);
    // After the region switch reaches the engine (the bridge applies store changes in a microtask).
    setTimeout(() => {
      const box = mapBox();
      if (!box) return;
      const at = uncoveredCenter(box, panel.current?.getBoundingClientRect());
      showOnMap({ x: p.coordX, y: p.coordY }, { minZoom: 1, at, animate });
    }, 0);
  };
  // The opened pin stands out on the map while its panel is open, drawn even when its category is off
  // or it is found and found pins are hidden (a bare link: issue 25 item 6).
  const pinId = p?.id;
  const pinCategory = p?.categoryId;
  useEffect(() => {
    if (!mapOn || pinId === undefined) return;
    markOpenedPin(pinId);
    return () => markOpenedPin(null);
  }, [mapOn, pinId]);
  useEffect(() => {
    if (pinId === undefined || pinCategory === undefined) return;
    setOpenedPin({ id: pinId, categoryId: pinCategory });
    return () => setOpenedPin(null);
  }, [pinId, pinCategory]);
  // Opening a pin flies the map to it, unless the link itself carries a camera (a shared view, or the
  // map's own camera when the pin was opened on it); a page that asks for it (a saved edit) always flies.
  // (Kept for the pin it was asked for: the map's camera writer replaces the location, and its state, on settle.)
  const flyRequest = useRef<number | null>(null);
  if (wantsFlyTo(state)) flyRequest.current = id;
  // Whether the link carried a camera is read as it was opened: by the time the pin's data comes, the map's own camera
  // writer may have put one in the address bar (a resize, the map's first settle), and the pin was then never flown to.
  const openedWithCamera = useRef<{ id: number; camera: boolean } | null>(null);
  if (openedWithCamera.current?.id !== id) openedWithCamera.current = { id, camera: !!readUrlView(openedSearch(pathname, search)).camera };
  useEffect(() => {
    if (p && mapOn && (flyRequest.current === p.id || !openedWithCamera.current?.camera)) flyTo(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p?.id, mapOn]);

  const close = () => navigate({ pathname: '/', search });
  // Esc closes the panel, unless something on top of it (a dialog, a menu, a selection mode, a field) takes it.
  useKeydown((e) => {
    if (e.key !== 'Escape' || e.defaultPrevented || currentTool() !== 'pan') return;
    const t = e.target as HTMLElement | null;
    if (t?.closest('input, textarea, select, [role="menu"]') || document.querySelector('dialog[open]')) return;
    close();
  });
  // The store owns found state; the detail's own flag only until the store holds this player's (a
  // visitor's marks are kept on this device, under VISITOR_ID).
  const found = useFound();
  const isChecked = p ? found(p.id, p.isChecked) : false;
  const toggleFound = () => {
    if (!p) return;
    check.mutate({ pinId: p.id, check: !isChecked });
  };

  return (
    <section ref={panel} className="detail-panel" aria-labelledby="pin-title">
      <div className="detail-head">
        <h1 id="pin-title">
          {p && (
            <CategoryIcon {...pinLook(p.icon ?? (typeof p.categoryIcon === 'number' ? p.categoryIcon : category?.icon) ?? 0)} size={28} />
          )}
          <span>{title}</span>
          {p && hasNote && (
            <span className="badge note-badge" title={ko.notes.badgeLabel} data-testid="note-badge">
              <Icon name="doc" className="inline-icon" />
              {ko.notes.badge}
              <span className="sr-only">: {ko.notes.badgeLabel}</span>
            </span>
          )}
        </h1>
        <button
          type="button"
          className="icon-btn"
          onClick={() => void copyShareLink()}
          aria-label={ko.common.shareLink}
          title={ko.common.shareLink}
        >
          <Icon name="share" />
        </button>
        <button type="button" className="icon-btn" onClick={close} aria-label={ko.common.close} title={ko.common.close}>
          <Icon name="close" />
        </button>
      </div>
      <div className="detail-body">
        {!valid && <p className="notice notice-danger">{t.invalidAddress}</p>}
        {pin.isPending && valid && <Spinner label={ko.common.pinLoading} />}
        {pin.isError &&
          (pin.error instanceof ApiClientError && pin.error.unreachable ? (
            <p className="notice">{ko.pinUnreachable}</p>
          ) : (
            <p className="notice notice-danger">{t.notFound}</p>
          ))}
        {p && (
          <>
            {p.image && <img className="detail-image" src={p.image} alt={t.photoAlt(title)} loading="lazy" />}
            {p.tags.length > 0 && (
              <ul className="chips list-reset" aria-label={ko.common.tags}>
                {p.tags.map((tag) => (
                  <li key={tag.id} className="chip">
                    #{tag.name}
                  </li>
                ))}
              </ul>
            )}
            {p.description ? <p className="description">{p.description}</p> : <p className="muted">{t.noDescription}</p>}
            <div className="detail-actions">
              <button
                type="button"
                className={`btn ${isChecked ? '' : 'btn-primary'}`}
                onClick={toggleFound}
                aria-pressed={isChecked}
                disabled={check.isPending}
              >
                <Icon name={isChecked ? 'close' : 'checkCircle'} />
                {isChecked ? ko.markNotFound : ko.markFound}
              </button>
              <button type="button" className="btn" onClick={() => flyTo(true)}>
                <Icon name="crosshair" />
                {t.showOnMap}
              </button>
            </div>
            {!me && (
              <p className="muted small">
                {t.loginHint(
                  <Link key="login" to={`/login?from=${encodeURIComponent(`/pin/${p.id}`)}`}>
                    {ko.common.login}
                  </Link>,
                )}
              </p>
            )}
            {/* A hidden pin takes no notes (the server answers 404 for it, as for a missing pin). */}
            {!p.hidden && <PinNote pinId={p.id} />}
            <dl className="detail-meta">
              <dt>{ko.common.region}</dt>
              <dd>{p.region != null && isKnownRegion(p.region) ? regionById(p.region).label : '–'}</dd>
              <dt>{ko.common.floor}</dt>
              <dd data-testid="pin-floor">{pinFloorLabel(p.region, p.coordZ ?? null, p.coordX, p.coordY, p.floorAreaId)}</dd>
              <dt>{ko.common.coordinates}</dt>
              <dd>
                X {p.coordX.toFixed(1)}, Y {p.coordY.toFixed(1)}
              </dd>
              <dt>{t.foundBy}</dt>
              <dd data-testid="total-checks">{t.people(p.totalChecks ?? 0)}</dd>
              <dt>{t.number}</dt>
              <dd>{p.id}</dd>
            </dl>
            <div className="detail-actions">
              <Link className="btn btn-small" to={{ pathname: `/pin/${p.id}/edit`, search }}>
                <Icon name="edit" />
                {ko.common.edit}
              </Link>
              <button type="button" className="btn btn-small" onClick={() => (me ? setReportOpen(true) : toast.error(ko.loginRequired))}>
                <Icon name="flag" />
                {ko.common.report}
              </button>
            </div>
            {p.hidden && (
              <p className="notice notice-danger">
                {ko.moderation.hidden}
                {p.mergedInto ? ` → ${ko.moderation.mergedInto(p.mergedInto)}` : ''}
              </p>
            )}
            <Comments pinId={p.id} />
            <PinHistory pinId={p.id} />
            <ReportDialog open={reportOpen} pinId={p.id} onClose={() => setReportOpen(false)} />
          </>
        )}
      </div>
    </section>
  );
}
