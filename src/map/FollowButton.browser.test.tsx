import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { MapEngine } from '../engine';
import { createPinsWorker } from '../../workers/pins/client';
import { connectEngine, resetStore, setPlayerPosition, setTracking, store } from '../state';
import { ko } from '../i18n/ko';
import { FollowButton } from './FollowButton';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

function pointer(engine: MapEngine, type: string, x: number, y: number): void {
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

const refollow = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(ko.trackerRefollow));

describe('re-follow after a pan by hand (issue 10)', () => {
  it('a manual pan turns follow off in the store, and the button turns it back on', async () => {
    resetStore();
    const container = document.createElement('div');
    container.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
    document.body.appendChild(container);
    const engine = await MapEngine.create({ container, preference: 'webgl', resolution: 1 });
    const worker = createPinsWorker();
    const disconnect = connectEngine(engine, worker.api);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root: Root = createRoot(host);
    await act(async () => root.render(<FollowButton />));
    cleanups.push(
      () => container.remove(),
      () => engine.dispose(),
      () => worker.dispose(),
      disconnect,
      () => host.remove(),
      () => act(async () => root.unmount()),
    );

    // The tracker reports the player and follows (as app-link does on the first position).
    const start = engine.getCamera();
    const player = { x: start.x + 120, y: start.y + 80 };
    await act(async () => {
      setTracking({ follow: true, connected: true, mode: 'local' });
      setPlayerPosition({ ...player, rotation: 0 });
    });
    await expect.poll(() => engine.getCamera(), { timeout: 15_000 }).toMatchObject(player);
    expect(engine.getFollow()).toBe(true);
    expect(refollow()).toBeUndefined();

    // A pan by hand: the engine turns follow off and the store hears it.
    pointer(engine, 'pointerdown', 400, 300);
    pointer(engine, 'pointermove', 300, 300);
    pointer(engine, 'pointerup', 300, 300);
    expect(engine.getFollow()).toBe(false);
    await expect.poll(() => store.tracking.follow).toBe(false);
    await expect.poll(() => refollow() !== undefined).toBe(true);
    expect(engine.getCamera().x).not.toBeCloseTo(player.x, 0);

    // The button: follow is on again in the store and the engine, the camera returns to the player.
    await act(async () => refollow()!.click());
    expect(store.tracking.follow).toBe(true);
    await expect.poll(() => engine.getFollow()).toBe(true);
    await expect.poll(() => engine.getCamera(), { timeout: 15_000 }).toMatchObject(player);
    await expect.poll(() => refollow()).toBeUndefined();
  });
});
