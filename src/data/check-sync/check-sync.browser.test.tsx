// Issue 24 item 2: the progress counts follow the player's ticks from their changes, with no request per tick,
// on the ticking device and on one that hears the change over the event stream; the page's check-sync signals
// say when it is all in step. Real Chromium, real IndexedDB, the real server and the real pins service (on this
// thread, so its requests are counted as well).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { aggregateProgress, type Progress, type ProgressRow } from '../../../common/progress';
import { regionsSharingTileSet } from '../../../common/regions';
import { api } from '../../api';
import { checkRevision, store, subscribeStore } from '../../state';
import { createPinsService } from '../../../workers/pins/pins-service';
import { markPins, undoChange } from '../checks';
import { saveSettings } from '../db';
import { useProgress } from '../hooks';
import { keys } from '../keys';
import { queryClient } from '../query-client';
import { startDataLayer, type DataLayer } from '../startup';
import { freshProfile, requestsTo, signInLocal } from '../test-support';
import type { CategoryGroup, Me } from '../types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});
beforeEach(freshProfile);

/** Resolves when `ok()` holds, checked on each store change and each change of <html>'s attributes. */
function until(ok: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ok()) return resolve();
    const done = () => {
      if (!ok()) return;
      off();
      mo.disconnect();
      resolve();
    };
    const off = subscribeStore(done);
    const mo = new MutationObserver(done);
    mo.observe(document.documentElement, { attributes: true });
  });
}

const html = () => document.documentElement.dataset;
/** The check sync is idle: nothing on its way, the counts in step with the found set as it is now. */
const idle = () => until(() => html().checkSync === 'idle' && html().checksSeq === String(checkRevision()));

async function serverProgress(): Promise<Progress> {
  return aggregateProgress((await api.get<{ rows: ProgressRow[] }>('/api/v1/pin/progress', { suppressToast: true })).rows);
}

/** Starts the page's data layer with every category on and waits until the shown regions' pins are held. */
async function startPage(): Promise<{ layer: DataLayer; me: Me; held: number[] }> {
  const groups = await api.get<CategoryGroup[]>('/api/v1/category/groups');
  const all = groups.flatMap((g) => g.categories.map((c) => c.id));
  await saveSettings({ enabledCategories: all, lastRegion: 0 });
  await signInLocal(`cs${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const svc = createPinsService();
  const layer = await startDataLayer(svc);
  cleanups.push(() => layer.stop());
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  await until(() => regions.every((r) => store.pins.snapshots[r]?.status === 'held'));
  const me = queryClient.getQueryData<Me>(keys.me)!;
  const pins = await svc.getPins({ regions, categories: all });
  // Pins of several categories, so the counts of more than one row move.
  const held: number[] = [];
  const seen = new Map<number, number>();
  for (let i = 0; i < pins.ids.length && held.length < 8; i++) {
    const c = pins.category[i]!;
    if ((seen.get(c) ?? 0) >= 3) continue;
    seen.set(c, (seen.get(c) ?? 0) + 1);
    held.push(pins.ids[i]!);
  }
  return { layer, me, held };
}

/** Renders a component that shows the player's progress through the app's own hook (as /mypage and search do). */
async function renderProgress(): Promise<() => Progress | undefined> {
  let last: Progress | undefined;
  function Probe() {
    last = useProgress().data;
    return null;
  }
  const host = document.createElement('div');
  document.body.append(host);
  const root: Root = createRoot(host);
  root.render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  cleanups.push(() => {
    act(() => root.unmount());
    host.remove();
  });
  const me = queryClient.getQueryData<Me>(keys.me)!;
  await expect.poll(() => queryClient.getQueryData(keys.progress(me.id)), { timeout: 30_000 }).toBeDefined();
  return () => last;
}

describe('check sync: progress counts from changes', () => {
  it('10 ticks and an undo on this device ask for the counts 0 times, and the counts equal the server\'s after', async () => {
    const { me, held } = await startPage();
    expect(held.length).toBe(8);
    const shown = await renderProgress();
    await idle();
    const asked = requestsTo('/api/v1/pin/progress');
    // 8 marks, 2 unmarks, a batch undone: 11 changes of the found set.
    for (const id of held) await markPins(me.id, [id], true);
    await markPins(me.id, [held[0]!], false);
    await markPins(me.id, [held[1]!], false);
    const batch = await markPins(me.id, [held[0]!, held[1]!], true);
    await undoChange(me.id, batch.seq);
    await idle();
    await new Promise((r) => setTimeout(r, 600)); // past the 300 ms after which the old hook asked again
    expect(requestsTo('/api/v1/pin/progress') - asked).toBe(0);
    expect(html().checksPending).toBe('0');
    const server = await serverProgress();
    expect(queryClient.getQueryData(keys.progress(me.id))).toEqual(server);
    expect(shown()).toEqual(server);
  }, 180_000);

  it('a change made on another device moves the counts here without a request', async () => {
    const { me, held } = await startPage();
    await renderProgress();
    await until(() => html().liveChecks === String(me.id));
    await idle();
    const asked = requestsTo('/api/v1/pin/progress');
    const before = queryClient.getQueryData<Progress>(keys.progress(me.id))!;
    // Straight to the server, as another device would.
    await fetch(`/api/v1/pin/${held[2]!}/check`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ check: true }) });
    await until(() => store.checks.has(held[2]!));
    await idle();
    const after = queryClient.getQueryData<Progress>(keys.progress(me.id))!;
    expect(after).not.toEqual(before);
    expect(requestsTo('/api/v1/pin/progress') - asked).toBe(0);
    expect(after).toEqual(await serverProgress());
  }, 180_000);
});
