import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MapEngine } from '../../engine';
import { connectEngine, setRegion, store } from '../../state';
import { getPinsWorker } from '../../../workers/pins/client';
import { dataReady } from '../AppProviders';
import { PinMenu, type PinMenuState } from './PinMenu';
import { SelectionFlow } from './SelectionFlow';
import { readUrlView, writeUrlView } from './url-state';

/** The map behind every map route: the engine's canvas fills the shell's main area. */
export function MapStage({ hidden, onEngine }: { hidden: boolean; onEngine: (e: MapEngine | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [menu, setMenu] = useState<PinMenuState | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const locRef = useRef(location);
  locRef.current = location;

  useEffect(() => {
    let disposed = false;
    let made: MapEngine | null = null;
    let disconnect: (() => void) | null = null;
    MapEngine.create({ container: box.current!, preference: 'webgl' })
      .then(async (e) => {
        if (disposed) return e.dispose();
        made = e;
        disconnect = connectEngine(e, getPinsWorker());
        // A shared link's view wins over the stored last region, so apply it after start-up.
        await dataReady;
        const view = readUrlView(locRef.current.search);
        if (view.region != null) setRegion(view.region);
        if (view.camera) setTimeout(() => !disposed && e.setCamera(view.camera!), 0);
        setEngine(e);
        onEngine(e);
      })
      .catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
    return () => {
      disposed = true;
      disconnect?.();
      made?.dispose();
      onEngine(null);
    };
  }, [onEngine]);

  // Pin clicks open the detail; right-click (long-press) opens the found/not-found menu.
  useEffect(() => {
    if (!engine) return;
    const offs = [
      engine.on('pinclick', (e) => navigate({ pathname: `/pin/${e.id}`, search: locRef.current.search })),
      engine.on('pincontextmenu', (e) => setMenu({ id: e.id, x: e.screenX, y: e.screenY })),
    ];
    let timer: ReturnType<typeof setTimeout> | undefined;
    offs.push(engine.on('camera', (cam) => {
      clearTimeout(timer);
      setMenu(null);
      // The URL follows the camera (debounced) so the address bar is always a share link.
      timer = setTimeout(() => {
        const loc = locRef.current;
        const search = writeUrlView(loc.search, store.mapRegion, cam);
        if (search !== loc.search) navigate({ pathname: loc.pathname, search }, { replace: true, preventScrollReset: true });
      }, 400);
    }));
    return () => {
      clearTimeout(timer);
      offs.forEach((o) => o());
    };
  }, [engine, navigate]);

  return (
    <div className="map-stage" hidden={hidden} aria-hidden={hidden || undefined}>
      <div ref={box} className="map-canvas" aria-label="지도" role="application" tabIndex={0} />
      {!engine && !failed && <div className="map-placeholder" role="status">지도를 불러오는 중…</div>}
      {failed && <div className="map-placeholder notice notice-danger" role="alert">지도를 표시할 수 없습니다: {failed}</div>}
      {menu && <PinMenu menu={menu} onClose={() => setMenu(null)} />}
      <SelectionFlow />
    </div>
  );
}
