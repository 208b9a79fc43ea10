import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { PinFlag, type MapEngine } from '../../engine';
import { SimTracker } from '../../../common/tracker/sim/SimTracker';
import { SimRoute } from '../../../common/tracker/sim/route';
import { relayUrl } from '../../tracker/relay-url';
import { until } from '../../tracker/test-support';
import type { WebSocketLike } from '../../tracker/TrackerConnection';
import { toSample } from '../../tracker/position';
import { ko } from '../../i18n/ko';
import { createPinsWorker } from '../../../workers/pins/client';
import { regionsSharingTileSet } from '../../../common/regions';
import { applyChecks, resetStore, setChecks } from '../../state';
import type { OverlayStatusMessage } from './overlay-params';
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
  resetStore();
});

async function mount(search: string) {
  window.history.replaceState(null, '', `/overlay${search}`);
  host = document.createElement('div');
  document.body.appendChild(host);
  let engine: MapEngine | null = null;
  const statuses: OverlayStatusMessage[] = [];
  root = createRoot(host);
  await act(async () => root!.render(<OverlayPage onEngine={(e) => (engine = e)} onStatus={(m) => statuses.push(m)} />));
  return { engine: () => engine, statuses, root: () => host!.querySelector<HTMLElement>('.overlay-root')! };
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
    // The state goes to the framing page (the setup page's preview), never onto the stream.
    await until(
      () => view.statuses.some((m) => m.status === 'connected' && m.trackerOnline && m.text === ko.trackerStateConnected),
      'the connected status',
      15_000,
    );
    expect(view.statuses).toContainEqual({
      type: 'overlay-status',
      status: 'connecting',
      trackerOnline: false,
      text: ko.trackerStateConnecting,
    });
    expect(host!.textContent).toBe('');
    const e = view.engine()!;
    await until(() => e.getFollow() && e.getSnapshot().camera.x !== 0, 'the camera on the player');
    const a = { ...e.getSnapshot().camera };
    // SwiftShader on a busy machine draws few frames: give the glide time
    await until(
      () => Math.hypot(e.getSnapshot().camera.x - a.x, e.getSnapshot().camera.y - a.y) > 1,
      'the camera to move with the player',
      15_000,
    );
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

  it('a bare overlay (no categories) draws the default categories; found pins show as the checks change', async () => {
    const sim = new SimTracker({
      url: `${relayUrl()}/OVERLAY3?role=server`,
      createSocket: (u) => new WebSocket(u) as unknown as WebSocketLike,
      createPeer: null,
      position: () => ({ x: 0, y: 0, z: 0, pitch: 0, yaw: 0, roll: 0 }),
      hz: 10,
    });
    sim.start();
    stops.push(() => sim.stop());
    const view = await mount('?code=OVERLAY3');
    await until(() => Number(view.root().dataset.pins) > 0, 'pins of the default categories', 30_000);
    const region = Number(view.root().dataset.region);
    // The pins drawn are those of categories 1 and 2 (the map's first-run defaults) in the player's region.
    const worker = createPinsWorker();
    stops.push(() => worker.dispose());
    await Promise.all([1, 2].map((id) => worker.api.loadCategory(id)));
    const parts = await Promise.all(regionsSharingTileSet(region).map((r) => worker.api.getPins({ categories: [1, 2], region: r.id })));
    const ids = parts.flatMap((p) => Array.from(p.ids));
    expect(Number(view.root().dataset.pins)).toBe(ids.length);
    expect(view.root().dataset.found).toBe('0');
    // The data layer puts the streamer's checks (live from every device) in the store: the overlay draws them found.
    await act(async () => setChecks(new Set([ids[0]!, ids[1]!])));
    await until(() => view.root().dataset.found === '2', 'two pins found');
    expect(view.engine()!.pinFlags(ids[0]!) & PinFlag.Checked).toBe(PinFlag.Checked);
    await act(async () => setChecks(new Set([ids[1]!])));
    await until(() => view.root().dataset.found === '1', 'one unmarked');
    expect(view.engine()!.pinFlags(ids[0]!) & PinFlag.Checked).toBe(0);
    // A mark (here or on another device) reaches the overlay's engine as that pin, not the whole set.
    const engine = view.engine()!;
    let wholeSets = 0;
    const setCheckedSet = engine.setCheckedSet.bind(engine);
    engine.setCheckedSet = (set) => (wholeSets++, setCheckedSet(set));
    await act(async () => applyChecks([ids[2]!], true));
    await until(() => view.root().dataset.found === '2', 'a third pin marked');
    expect(engine.pinFlags(ids[2]!) & PinFlag.Checked).toBe(PinFlag.Checked);
    await act(async () => applyChecks([ids[1]!, 999_999_999], false));
    await until(() => view.root().dataset.found === '1', 'unmarked, with a pin not drawn');
    expect(wholeSets).toBe(0);
  });

  it('draws nothing for a malformed code and tells the framing page why, starting nothing', async () => {
    const view = await mount('?code=nope&bg=chroma');
    expect(host!.textContent).toBe('');
    expect(view.statuses.at(-1)).toMatchObject({ status: 'error', text: ko.trackerCodeInvalid });
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
