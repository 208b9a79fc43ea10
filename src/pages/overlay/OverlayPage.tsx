import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { joinPins, MapEngine, PinFlag, type PinBuffers } from '../../engine';
import { regionsSharingTileSet } from '../../../common/regions';
import { api } from '../../api';
import { paths } from '../../data/keys';
import { FIRST_RUN_CATEGORIES } from '../../data/categories';
import type { CategoryGroup } from '../../data/types';
import { checkRevision, checksSince, store, subscribeStore } from '../../state';
import { TrackerStore } from '../../tracker/TrackerStore';
import { describeTracker } from '../../tracker/describe';
import { relayUrl } from '../../tracker/relay-url';
import { ko } from '../../i18n/ko';
import { getPinsWorker } from '../../../workers/pins/client';
import {
  CHROMA_COLOR,
  DARK_COLOR,
  engineHeading,
  overlayTarget,
  parseOverlayParams,
  shownCategories,
  uiScaleFor,
  type OverlayStatusMessage,
} from './overlay-params';
import './overlay.css';

/** Category icons (pins without their own icon draw their category's); empty on failure. */
async function categoryIcons(): Promise<Map<number, number>> {
  // No toast on the stream: without the list the pins still draw, with the default icon.
  const groups = await api.get<CategoryGroup[]>(paths.categoryGroups, { suppressToast: true }).catch(() => []);
  const icons = new Map<number, number>();
  for (const g of groups) for (const c of g.categories) if (c.icon !== undefined) icons.set(c.id, c.icon);
  return icons;
}

/** How many of the drawn pins the player has found. */
function foundAmong(pins: PinBuffers | null, checks: ReadonlySet<number>): number {
  let n = 0;
  if (pins) for (const id of pins.ids) if (checks.has(id)) n++;
  return n;
}

interface OverlayPageProps {
  /** Test hook: the engine once made, null when gone. */
  onEngine?: (engine: MapEngine | null) => void;
  /** Where the status goes; by default to the page that frames the overlay (the setup page's preview). */
  onStatus?: (status: OverlayStatusMessage) => void;
}

function postToFrame(status: OverlayStatusMessage): void {
  if (window.parent !== window) window.parent.postMessage(status, window.location.origin);
}

/**
 * The streamer overlay (/overlay): a minimap that follows the tracker's player, for a browser
 * source. Everything comes from the query string (see overlay-params.ts; /overlay/setup builds
 * it); nothing but the map is drawn: the connection state goes to the framing page (the setup
 * page's preview) and the tab title. The default categories draw when none are asked for; a
 * signed-in streamer's found pins show, live as they are marked on any device (the data layer's
 * live checks fill the store). The marker and pins grow with the window so 1080p and 4K read alike.
 */
export default function OverlayPage({ onEngine, onStatus = postToFrame }: OverlayPageProps = {}) {
  const params = useMemo(() => parseOverlayParams(window.location.search), []);
  const [tracker] = useState(() => new TrackerStore());
  const snap = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot);
  const stageRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(() => window.innerHeight);
  const [drawn, setDrawn] = useState({ region: -1, pins: 0, found: 0 });
  const scale = params.scale ?? uiScaleFor(height);
  const background = params.background === 'chroma' ? CHROMA_COLOR : params.background === 'dark' ? DARK_COLOR : 'transparent';

  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    // The page itself must be see-through for the streaming program (base.css paints the body).
    const html = document.documentElement;
    const before = [html.style.background, document.body.style.background];
    html.style.background = document.body.style.background = 'transparent';
    html.dataset.overlay = params.background;
    return () => {
      window.removeEventListener('resize', onResize);
      [html.style.background, document.body.style.background] = before as [string, string];
      delete html.dataset.overlay;
    };
  }, [params.background]);

  // The state stays off the picture: the framing page shows it, the tab title carries it.
  const statusText = params.errors.includes('code')
    ? ko.trackerCodeInvalid
    : params.errors.length
      ? ko.trackerUrlInvalid
      : describeTracker(snap);
  const status = params.errors.length ? 'error' : snap.status;
  useEffect(() => {
    document.title = `${ko.overlaySetupTitle} · ${statusText}`;
    onStatus({ type: 'overlay-status', status, trackerOnline: snap.trackerOnline, text: statusText });
    // onStatus is a test hook, read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, snap.trackerOnline, statusText]);

  useEffect(() => {
    const container = stageRef.current;
    if (!container || params.errors.length) return;
    const categories = shownCategories(params, FIRST_RUN_CATEGORIES);
    let engine: MapEngine | null = null;
    let disposed = false;
    let offBusy = () => {};
    let region = -1;
    let floor: number | null | undefined;
    let pins: PinBuffers | null = null;
    // The check-log revision the engine shows (-1: none yet, or new pins: take the whole set).
    let checksAt = -1;
    let drawnIds = new Set<number>();
    let found = 0;
    // The page's one pins worker (the data layer loads no pins here: src/data/early.ts), holding only what is shown.
    const pinsApi = getPinsWorker();
    const pinsReady = categoryIcons().then((icons) =>
      disposed ? [] : Promise.all(categories.map((id) => pinsApi.loadCategory(id, { icon: icons.get(id) }).catch(() => null))),
    );

    // Found pins: the store's checks (kept live by the data layer) drawn on the pins shown, as the
    // pins that changed (check-log.ts); the whole set only for new pins or a reset.
    const showChecks = () => {
      const e = engine;
      if (!e) return;
      const since = checksAt;
      checksAt = checkRevision();
      checksSince(since, (ids, on) => {
        if (!ids) {
          e.setCheckedSet(store.checks);
          found = foundAmong(pins, store.checks);
          return;
        }
        for (const id of ids) if (drawnIds.has(id) && ((e.pinFlags(id) & PinFlag.Checked) !== 0) !== on) found += on ? 1 : -1;
        e.setPinFlags(ids, PinFlag.Checked, on);
      });
      setDrawn({ region, pins: pins?.ids.length ?? 0, found });
    };
    const offChecks = subscribeStore(() => {
      if (checkRevision() !== checksAt) showChecks();
    });

    const showPins = async (regionId: number) => {
      await pinsReady;
      if (!engine || disposed) return;
      const parts = await Promise.all(regionsSharingTileSet(regionId).map((r) => pinsApi.getPins({ categories, region: r.id })));
      if (disposed || region !== regionId) return;
      pins = joinPins(parts);
      drawnIds = new Set(pins.ids);
      engine.setPins(pins);
      checksAt = -1;
      showChecks();
    };

    const offPosition = tracker.onPosition((s) => {
      if (!engine) return;
      if (s.regionId !== region) {
        region = s.regionId;
        engine.setRegion(region);
        // A page closed mid-load has nothing left to draw into.
        showPins(region).catch(() => undefined);
      }
      if (s.floor !== floor) {
        floor = s.floor;
        engine.setFloor(s.floor);
      }
      engine.setPlayer({ x: s.x, y: s.y, heading: engineHeading(s.heading) });
      // Nobody pans a browser source; keep following even if something turned it off.
      if (!engine.getFollow()) engine.setFollow(true);
    });

    void MapEngine.create({ container, background: 'transparent', resolution: (window.devicePixelRatio || 1) * scale }).then((e) => {
      if (disposed) {
        e.dispose();
        return;
      }
      engine = e;
      onEngine?.(e);
      // Busy while map tiles load (a browser source follows a moving player, so the camera rarely rests).
      const busy = () => {
        const value = String(e.getSnapshot().tilesLoading > 0);
        if (container.getAttribute('aria-busy') !== value) container.setAttribute('aria-busy', value);
      };
      busy();
      offBusy = e.subscribe(busy);
      e.setPinSize('large');
      e.setCamera({ zoom: params.zoom });
      e.setFollow(true);
      tracker.connect(overlayTarget(params, relayUrl()));
    });

    return () => {
      disposed = true;
      offBusy();
      offPosition();
      offChecks();
      tracker.disconnect();
      if (engine) onEngine?.(null);
      engine?.dispose();
    };
    // onEngine is a test hook, read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, tracker, scale]);

  return (
    <div
      className="overlay-root"
      data-bg={params.background}
      data-status={status}
      data-region={drawn.region}
      data-pins={drawn.pins}
      data-found={drawn.found}
      style={{ background }}
    >
      <div
        ref={stageRef}
        className="overlay-stage"
        data-testid="overlay-stage"
        style={{ width: `${100 / scale}vw`, height: `${100 / scale}vh`, transform: `scale(${scale})` }}
      />
    </div>
  );
}
