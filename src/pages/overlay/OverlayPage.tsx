import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { joinPins, MapEngine } from '../../engine';
import { regionsSharingTileSet } from '../../../common/regions';
import { api } from '../../api';
import { paths } from '../../data/keys';
import type { CategoryGroup } from '../../data/types';
import { TrackerStore } from '../../tracker/TrackerStore';
import { describeTracker } from '../../tracker/describe';
import { relayUrl } from '../../tracker/relay-url';
import { ko } from '../../i18n/ko';
import { createPinsWorker } from '../../../workers/pins/client';
import { CHROMA_COLOR, DARK_COLOR, engineHeading, overlayTarget, parseOverlayParams, uiScaleFor } from './overlay-params';
import './overlay.css';

type PinsApi = ReturnType<typeof createPinsWorker>['api'];

/** Category icons (pins without their own icon draw their category's); empty on failure. */
async function categoryIcons(): Promise<Map<number, number>> {
  // No toast on the stream: without the list the pins still draw, with the default icon.
  const groups = await api.get<CategoryGroup[]>(paths.categoryGroups, { suppressToast: true }).catch(() => []);
  const icons = new Map<number, number>();
  for (const g of groups) for (const c of g.categories) if (c.icon !== undefined) icons.set(c.id, c.icon);
  return icons;
}

/**
 * The streamer overlay (/overlay): a minimap that follows the tracker's player, for a browser
 * source. Everything comes from the query string (see overlay-params.ts); no UI chrome, and
 * the marker and pins grow with the window so 1080p and 4K read alike.
 */
export default function OverlayPage({ onEngine }: { onEngine?: (engine: MapEngine | null) => void } = {}) {
  const params = useMemo(() => parseOverlayParams(window.location.search), []);
  const [tracker] = useState(() => new TrackerStore());
  const snap = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot);
  const stageRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(() => window.innerHeight);
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

  useEffect(() => {
    const container = stageRef.current;
    if (!container || params.errors.length) return;
    let engine: MapEngine | null = null;
    let disposed = false;
    let worker: ReturnType<typeof createPinsWorker> | null = null;
    let region = -1;
    let floor: number | null | undefined;
    let pinsReady: Promise<PinsApi | null> = Promise.resolve(null);

    const showPins = async (regionId: number) => {
      const api = await pinsReady;
      if (!api || !engine || disposed) return;
      const parts = await Promise.all(regionsSharingTileSet(regionId).map((r) => api.getPins({ categories: params.categories, region: r.id })));
      if (!disposed && region === regionId) engine.setPins(joinPins(parts));
    };

    const offPosition = tracker.onPosition((s) => {
      if (!engine) return;
      if (s.regionId !== region) {
        region = s.regionId;
        engine.setRegion(region);
        void showPins(region);
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
      e.setPinSize('large');
      e.setCamera({ zoom: params.zoom });
      e.setFollow(true);
      if (params.categories.length) {
        worker = createPinsWorker();
        const api = worker.api;
        pinsReady = categoryIcons().then((icons) =>
          Promise.all(params.categories.map((id) => api.loadCategory(id, { icon: icons.get(id) }).catch(() => null))).then(() => api));
      }
      tracker.connect(overlayTarget(params, relayUrl()));
    });

    return () => {
      disposed = true;
      offPosition();
      tracker.disconnect();
      if (engine) onEngine?.(null);
      engine?.dispose();
      worker?.dispose();
    };
    // onEngine is a test hook, read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, tracker, scale]);

  const waiting = params.errors.length > 0 || snap.status !== 'connected' || !snap.trackerOnline;
  return (
    <div className="overlay-root" data-bg={params.background} data-status={snap.status} style={{ background }}>
      <div
        ref={stageRef}
        className="overlay-stage"
        data-testid="overlay-stage"
        style={{ width: `${100 / scale}vw`, height: `${100 / scale}vh`, transform: `scale(${scale})` }}
      />
      {waiting && (
        <p className="overlay-status" style={{ fontSize: `${1.1 * scale}rem` }} role="status">
          {params.errors.includes('code') ? ko.trackerCodeInvalid : params.errors.length ? ko.trackerUrlInvalid : describeTracker(snap)}
        </p>
      )}
    </div>
  );
}
