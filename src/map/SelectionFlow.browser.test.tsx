// Issue 24 item 1: the engine owns the tool (and so the mode and the shape); the page shows the engine's, read
// through the snapshot hook, and asks for a tool through map-commands. When the engine ends or changes a tool by
// itself, the banner follows with no write back to the store. Real engine, real pins worker, real server (useMe).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { MapMode } from '../engine';
import { chooseTool, currentTool, store, subscribeStore } from '../state';
import { ko } from '../i18n/ko';
import { SelectionFlow } from './SelectionFlow';
import { mountMap, onUnmount, unmountMaps } from './test-support';

afterEach(unmountMaps);

const banner = () => document.querySelector<HTMLElement>('.map-mode-banner');

const mount = () => mountMap(<SelectionFlow />);

describe('the selection banner shows the engine’s tool', () => {
  it('a tool the engine ends itself (ESC on the map) ends on the page, with no write to the store', async () => {
    const engine = await mount();
    await act(async () => chooseTool('lasso'));
    expect(engine.getSnapshot()).toMatchObject({ tool: 'lasso', mode: MapMode.RangeSelection });
    expect(banner()?.textContent).toContain(ko.modeRange);

    let writes = 0;
    const off = subscribeStore(() => writes++);
    onUnmount(off);
    // Only the map hears this ESC (it does not bubble to the page's own ESC handlers).
    await act(async () => {
      engine.canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: false, cancelable: true }));
    });
    expect(engine.getSnapshot().mode).toBe(MapMode.Default);
    expect(currentTool()).toBe('pan');
    expect(banner()).toBeNull();
    await act(async () => {});
    expect(writes).toBe(0);
    expect(store.selection).toEqual({ ids: [] });
  });

  it('the banner follows the engine whoever turned the tool on, and the next request starts from it', async () => {
    const engine = await mount();
    await act(async () => engine.setTool('route'));
    expect(banner()?.textContent).toContain(ko.modeRoute);
    // Pressing the banner ends the tool through the command path (on the pointer's release).
    const b = banner()!;
    const r = b.getBoundingClientRect();
    const at = { clientX: r.left + 5, clientY: r.top + 5, pointerId: 7, pointerType: 'mouse', bubbles: true, button: 0 };
    await act(async () => {
      b.dispatchEvent(new PointerEvent('pointerdown', { ...at, buttons: 1 }));
      b.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));
    });
    expect(engine.getSnapshot().tool).toBe('pan');
    expect(banner()).toBeNull();
    await act(async () => chooseTool('rect'));
    expect(engine.getSnapshot().tool).toBe('rect');
    expect(banner()?.textContent).toContain(ko.modeRange);
  });
});
