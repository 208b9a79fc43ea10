import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MapEngine } from '../engine';
import { MapView } from './MapView';
import { connectEngine, setCategories, setFloor, setHighlightedTags, setRegion, store } from '../state';
import { getPinsWorker } from '../../workers/pins/client';
import { settingsReady } from '../pages/AppProviders';
import { PinMenu, type PinMenuState } from './PinMenu';
import { SelectionFlow } from './SelectionFlow';
import { FollowButton } from './FollowButton';
import { PinsLoadNotice } from './PinsLoadNotice';
import { PinTooltip } from './PinTooltip';
import { AggregateTip } from './AggregateTip';
import { readUrlFilters, readUrlView, routeShown, writeUrlFilters, writeUrlView } from './url-state';
import { useCategoryGroups, useCheckPin } from '../data';
import { ko } from '../i18n/ko';
import { pinTitle } from '../ui/pin-title';
import { apiBaseHost } from '../api';
import { pinWithTexts } from '../data/pin-texts';

/** The map behind every map route: the engine's canvas fills the shell's main area. */
export function MapStage({ hidden, onEngine }: { hidden: boolean; onEngine: (e: MapEngine | null) => void }) {
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [menu, setMenu] = useState<PinMenuState | null>(null);
  const [announced, setAnnounced] = useState('');
  const groups = useCategoryGroups().data;
  const check = useCheckPin();
  // Read by the engine's keyboard events without re-subscribing them.
  const live = useRef({ groups, check });
  live.current = { groups, check };
  const navigate = useNavigate();
  const location = useLocation();
  const locRef = useRef(location);
  locRef.current = location;
  useEffect(() => routeShown(location.pathname), [location.pathname]);

  const disconnectRef = useRef<(() => void) | null>(null);
  const handleEngine = useCallback(
    (e: MapEngine | null) => {
      disconnectRef.current?.();
      disconnectRef.current = null;
      if (!e) {
        setEngine(null);
        onEngine(null);
        return;
      }
      disconnectRef.current = connectEngine(e, getPinsWorker());
      // Benchmarks (bench/engine/scale.bench.ts) reach the engine of a page opened with ?bench.
      if (new URLSearchParams(locRef.current.search).has('bench')) (window as unknown as { mapEngine?: MapEngine }).mapEngine = e;
      // A shared link's view wins over the stored last region, so apply it after start-up.
      void settingsReady.then(() => {
        const view = readUrlView(locRef.current.search);
        const filters = readUrlFilters(locRef.current.search);
        if (view.region != null) setRegion(view.region);
        // The receiver sees what the sender saw: categories, floor and highlighted tags too.
        if (filters.categories) setCategories(filters.categories);
        if (filters.floor !== undefined) setFloor(filters.floor);
        if (filters.tags) setHighlightedTags(filters.tags);
        if (view.camera) setTimeout(() => e.setCamera(view.camera!), 0);
        setEngine(e);
        onEngine(e);
      });
    },
    [onEngine],
  );
  useEffect(() => () => disconnectRef.current?.(), []);

  // The categories' own colours and icons go into the pin atlas (redrawn only when they change).
  useEffect(() => {
    if (!engine || !groups) return;
    const looks = groups.flatMap((g) =>
      g.categories.map((c) => ({ id: c.id, icon: c.icon ?? 0, color: c.color, iconUrl: c.iconUrl ? apiBaseHost() + c.iconUrl : null })),
    );
    void engine.setCategoryLooks(looks);
  }, [engine, groups]);

  // Pin clicks open the detail; right-click (long-press) opens the found/not-found menu.
  useEffect(() => {
    if (!engine) return;
    const offs = [
      engine.on('pinclick', (e) => navigate({ pathname: `/pin/${e.id}`, search: locRef.current.search })),
      engine.on('pincontextmenu', (e) => setMenu({ id: e.id, x: e.screenX, y: e.screenY })),
      // Keyboard mode: say which pin the arrows reached; F marks it like the pin menu does.
      engine.on('pinfocus', (e) => {
        if (e.id == null) return setAnnounced('');
        const id = e.id;
        void pinWithTexts(id).then((p) => {
          if (engine.keyFocusedPin !== id) return;
          const cid = p?.categoryId;
          const category =
            p?.categoryName ??
            live.current.groups?.flatMap((g) => g.categories).find((c) => c.id === cid)?.name ??
            ko.common.pinNumbered(id);
          setAnnounced(ko.keyboard.focused(p ? pinTitle(p, category) : category));
        });
      }),
      engine.on('pinmark', (e) => {
        live.current.check.mutate({ pinId: e.id, check: !store.checks.has(e.id) });
      }),
    ];
    const canvas = engine.canvas;
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-label', ko.keyboard.mapLabel);
    canvas.setAttribute('aria-describedby', 'map-keyboard-help');
    // The URL follows the camera once it comes to rest (never per frame of a pan), so the
    // address bar is always a share link: on the engine's settle event, and 400 ms after the last
    // camera change as a backstop (the journeys found a settle that did not come; see the session note).
    const writeUrl = (cam: { x: number; y: number; zoom: number }) => {
      // The address bar, not the last render's location: a settle right after Esc closed a pin
      // must not write the closed pin's path back (the keyboard journey caught that race).
      const loc = window.location;
      const search = writeUrlFilters(writeUrlView(loc.search, store.mapRegion, cam), {
        categories: store.homeFilters.categories,
        floor: store.floor,
        tags: store.highlightedTags,
      });
      if (search !== loc.search) navigate({ pathname: loc.pathname, search }, { replace: true, preventScrollReset: true });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    offs.push(
      engine.on('camera', (cam) => {
        setMenu(null);
        clearTimeout(timer);
        timer = setTimeout(() => writeUrl(cam), 400);
      }),
    );
    offs.push(engine.on('camerasettle', writeUrl));
    return () => {
      clearTimeout(timer);
      offs.forEach((o) => o());
    };
  }, [engine, navigate]);

  return (
    <div className="map-stage" hidden={hidden} aria-hidden={hidden || undefined}>
      <MapView onEngine={handleEngine} className="map-canvas" />
      {!engine && (
        <div className="map-placeholder" role="status">
          {ko.map.loading}
        </div>
      )}
      <p id="map-keyboard-help" className="sr-only">
        {ko.keyboard.mapHelp}
      </p>
      <p className="sr-only" role="status" aria-live="polite" data-testid="map-key-focus">
        {announced}
      </p>
      {menu && <PinMenu menu={menu} onClose={() => setMenu(null)} />}
      <SelectionFlow />
      {engine && <FollowButton />}
      {engine && <PinsLoadNotice />}
      {engine && <PinTooltip engine={engine} groups={groups} />}
      {engine && <AggregateTip engine={engine} groups={groups} />}
    </div>
  );
}
