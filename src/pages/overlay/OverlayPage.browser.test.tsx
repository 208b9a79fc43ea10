import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import type { MapEngine } from '../../engine';
import { SimTracker } from '../../../common/tracker/sim/SimTracker';
import { SimRoute } from '../../../common/tracker/sim/route';
import { relayUrl } from '../../tracker/relay-url';
import { until } from '../../tracker/test-support';
import type { WebSocketLike } from '../../tracker/TrackerConnection';
import { toSample } from '../../tracker/position';
import { ko } from '../../i18n/ko';
import OverlayPage from './OverlayPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement | undefined;
const stops: (() => void)[] = [];
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  for (const f of stops.splice(0)) f();
  window.history.replaceState(null, '', '/');
});

async function mount(search: string) {
  window.history.replaceState(null, '', `/overlay${search}`);
  host = document.createElement('div');
  document.body.appendChild(host);
  let engine: MapEngine | null = null;
  root = createRoot(host);
  await act(async () => root!.render(<OverlayPage onEngine={(e) => (engine = e)} />));
  return { engine: () => engine };
}

describe('stream overlay (/overlay)', () => {
  it('follows the simulated player by code through the relay, with a transparent page', async () => {
    const route = new SimRoute(5);
    const sim = new SimTracker({
      url: `${relayUrl()}/OVERLAY1?role=server`,
      createSocket: (u) => new WebSocket(u) as unknown as WebSocketLike,
      createPeer: () => new RTCPeerConnection({ iceServers: [] }),
      position: (ms) => route.at(ms).info,
      hz: 20,
    });
    const startedAt = Date.now();
    sim.start();
    stops.push(() => sim.stop());
    const view = await mount('?code=overlay1&bg=transparent&zoom=1');
    const rootEl = host!.querySelector<HTMLElement>('.overlay-root')!;
    expect(rootEl.style.background).toBe('transparent');
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await until(() => view.engine() !== null, 'the engine', 15_000);
    // connected: the status line goes away (no chrome once the player shows)
    await until(() => host!.querySelector('.overlay-status') === null, 'the status line to go', 15_000);
    const e = view.engine()!;
    await until(() => e.getFollow() && e.getSnapshot().camera.x !== 0, 'the camera on the player');
    const a = { ...e.getSnapshot().camera };
    // SwiftShader on a busy machine draws few frames: give the glide time
    await until(() => Math.hypot(e.getSnapshot().camera.x - a.x, e.getSnapshot().camera.y - a.y) > 1, 'the camera to move with the player', 15_000);
    // the camera (following the marker) is where the route has been since the tracker started
    const b = e.getSnapshot().camera;
    let nearest = Infinity;
    for (let ms = 0; ms <= Date.now() - startedAt; ms += 50) {
      const p = toSample(route.at(ms).info, 0, 0)!;
      nearest = Math.min(nearest, Math.hypot(b.x - p.x, b.y - p.y));
    }
    expect(nearest).toBeLessThan(5);
    expect(host!.querySelector('canvas')).not.toBeNull();
  });

  it('shows the code message for a malformed code and starts nothing', async () => {
    const view = await mount('?code=nope&bg=chroma');
    expect(host!.querySelector('.overlay-status')!.textContent).toBe(ko.trackerCodeInvalid);
    expect(host!.querySelector<HTMLElement>('.overlay-root')!.style.background).toBe('rgb(0, 255, 0)');
    await new Promise((r) => setTimeout(r, 300));
    expect(view.engine()).toBeNull();
  });

  it('scales the minimap up for a 4K browser source', async () => {
    await mount('?code=OVERLAY2&scale=2');
    const stage = host!.querySelector<HTMLElement>('.overlay-stage')!;
    expect(stage.style.transform).toBe('scale(2)');
    expect(stage.style.width).toBe('50vw');
  });
});
