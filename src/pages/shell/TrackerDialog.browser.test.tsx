import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { ko } from '../../i18n/ko';
import { toast } from '../../ui/toast';
import { store } from '../../state';
import { TrackerDialog } from './TrackerDialog';
import { tracker } from '../../tracker/tracker';
import { SimTracker } from '../../../common/tracker/sim/SimTracker';
import { SimRoute } from '../../../common/tracker/sim/route';
import { relayUrl } from '../../tracker/relay-url';
import { until } from '../../tracker/test-support';
import type { WebSocketLike } from '../../tracker/TrackerConnection';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement | undefined;
const stops: (() => void)[] = [];
afterEach(async () => {
  tracker.disconnect();
  await act(async () => root?.unmount());
  host?.remove();
  for (const f of stops.splice(0)) f();
  toast.dismissAll();
});

async function open() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root!.render(<TrackerDialog open onClose={() => undefined} />));
  const input = document.querySelector<HTMLInputElement>('dialog input')!;
  const type = async (v: string) => {
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const connect = async () => {
    const btn = [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find((b) => b.textContent === ko.trackerConnect)!;
    await act(async () => btn.click());
  };
  const state = () => document.querySelector('dialog [role="status"]')!.textContent ?? '';
  return { input, type, connect, state };
}

describe('tracker connect dialog', () => {
  it('offers the local default and refuses a malformed code with the Korean message', async () => {
    const d = await open();
    expect(d.input.value).toBe('ws://127.0.0.1:46821');
    await d.type('ABC-1234');
    await d.connect();
    expect(document.querySelector('dialog [role="alert"]')!.textContent).toBe(ko.trackerCodeInvalid);
    expect(d.input.getAttribute('aria-invalid')).toBe('true');
    expect(tracker.getSnapshot().status).toBe('idle');
  });

  it('connects by code, shows the state, toasts, and feeds the map store', async () => {
    const d = await open();
    await d.type('dlgcode1');
    await d.connect();
    await until(() => d.state() === ko.trackerStateWaiting, 'waiting for the tracker');
    expect(toast.messages()).toContain(ko.trackerConnected);
    const route = new SimRoute(5);
    const sim = new SimTracker({
      url: `${relayUrl()}/DLGCODE1?role=server`,
      createSocket: (u) => new WebSocket(u) as unknown as WebSocketLike,
      createPeer: null,
      position: (ms) => route.at(ms).info,
      hz: 20,
    });
    sim.start();
    stops.push(() => sim.stop());
    await until(() => d.state().startsWith(ko.trackerStateConnected), 'connected to the tracker');
    expect(d.state()).toContain(ko.trackerViaRelay);
    await until(() => store.tracking.position !== undefined, 'the player in the app store');
    expect(store.tracking).toMatchObject({ connected: true, mode: 'external', code: 'DLGCODE1', follow: true });
    const disconnect = [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find(
      (b) => b.textContent === ko.trackerDisconnect,
    )!;
    await act(async () => disconnect.click());
    expect(d.state()).toBe(ko.trackerStateIdle);
    expect(toast.messages()).toContain(ko.trackerDisconnected);
    expect(store.tracking.position).toBeUndefined();
  });
});
