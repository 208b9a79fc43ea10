// Issue 21 item 4 (offline): a start whose `me` is slow (offline, the API client retries it; or a slow server) used to
// show the region's default view with no pin menu until `me` came back, then jump to the address's view under the
// player's finger (the offline journey's lost long press). The address's view and the map's events come as soon as the
// stored settings are applied. Real Chromium, WebGL, IndexedDB and the real server; only `me` is held.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MapEngine } from '../engine';
import { regionById } from '../../common/regions';
import { AppProviders } from '../pages/AppProviders';
import { freshProfile } from '../data/test-support';
import { MapStage } from './MapStage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const realFetch = window.fetch;
let releaseMe = () => {};
afterAll(() => {
  releaseMe();
  window.fetch = realFetch;
});

describe('<MapStage> start-up', () => {
  it("applies the address's view and hands the engine over while `me` has not answered", async () => {
    await freshProfile();
    const held = new Promise<void>((r) => (releaseMe = r));
    let meAsked = 0;
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname !== '/api/v1/me') return realFetch(input, init);
      meAsked++;
      await held;
      return realFetch(input, init);
    };
    const centre = regionById(0).regionInfo;
    const want = { x: Math.round(centre.centerX + 900), y: Math.round(centre.centerY + 700), zoom: 1.5 };
    const el = document.createElement('div');
    el.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
    document.body.appendChild(el);
    const root = createRoot(el);
    let handed: MapEngine | null = null;
    await act(async () =>
      root.render(
        <AppProviders>
          <MemoryRouter initialEntries={[`/?r=0&x=${want.x}&y=${want.y}&z=${want.zoom}`]}>
            <MapStage hidden={false} onEngine={(e) => (handed = e)} />
          </MemoryRouter>
        </AppProviders>,
      ),
    );
    await vi.waitFor(() => expect(meAsked).toBeGreaterThan(0), { timeout: 20_000 });
    // Handed over (its pin menu and URL writing wired) with the camera the address carries, `me` still unanswered.
    await vi.waitFor(
      () => {
        expect(handed).not.toBeNull();
        const cam = handed!.getCamera();
        expect([Math.round(cam.x), Math.round(cam.y), cam.zoom]).toEqual([want.x, want.y, want.zoom]);
      },
      { timeout: 20_000 },
    );
    expect(el.querySelector('.map-placeholder')).toBeNull();
    releaseMe();
    await act(async () => root.unmount());
    el.remove();
  });
});
