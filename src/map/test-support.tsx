// Helpers for the map's React browser tests: a real engine on a fixed 800×600 container, connected to the store with
// a real pins worker, and the component under test rendered beside it (inside the app's query client and a router);
// everything is taken down by unmountMaps (afterEach).
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { MapEngine } from '../engine';
import { createPinsWorker } from '../../workers/pins/client';
import { connectEngine, resetStore } from '../state';
import { QueryClientProvider, queryClient } from '../data';
import { EngineContext } from './engine-context';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => void | Promise<void>)[] = [];

/** Takes down what mountMap and onUnmount set up, last first (afterEach). */
export async function unmountMaps(): Promise<void> {
  for (const f of cleanups.splice(0).reverse()) await f();
}

/** Runs `f` when the test's maps are taken down (after them in reverse order of registration). */
export function onUnmount(f: () => void | Promise<void>): void {
  cleanups.push(f);
}

/** A fresh store, an engine connected to it with a real pins worker, and `ui` rendered with that engine. */
export async function mountMap(ui: ReactNode): Promise<MapEngine> {
  resetStore();
  const container = document.createElement('div');
  container.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
  document.body.appendChild(container);
  const engine = await MapEngine.create({ container, preference: 'webgl', resolution: 1 });
  const worker = createPinsWorker();
  const disconnect = connectEngine(engine, worker.api);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <EngineContext.Provider value={engine}>{ui}</EngineContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  cleanups.push(
    () => container.remove(),
    () => engine.dispose(),
    () => worker.dispose(),
    disconnect,
    () => host.remove(),
    () => act(async () => root.unmount()),
  );
  return engine;
}

/** A mouse pointer event (left button) at CSS point (x, y) of the map's canvas. */
export function pointer(engine: MapEngine, type: string, x: number, y: number): void {
  const r = engine.canvas.getBoundingClientRect();
  engine.canvas.dispatchEvent(
    new PointerEvent(type, {
      clientX: r.left + x,
      clientY: r.top + y,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      pointerId: 1,
      pointerType: 'mouse',
      bubbles: true,
    }),
  );
}
