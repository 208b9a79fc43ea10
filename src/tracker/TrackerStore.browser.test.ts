import { afterEach, describe, expect, inject, it } from 'vitest';
import { TrackerStore } from './TrackerStore';
import { until } from './test-support';
import { relayUrl } from './relay-url';

// The browser project's global setup runs the simulator in local mode (tests/browser/global-setup.ts).
const localSim = inject('trackerSimUrl')!;
const KEY = 'trackerSessionTest';
const stores: TrackerStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.disconnect();
  sessionStorage.removeItem(KEY);
});

/** A store as a fresh page makes it: a reload is a new store reading the same tab's sessionStorage. */
function page(): TrackerStore {
  const s = new TrackerStore({ rememberKey: KEY });
  stores.push(s);
  return s;
}

describe('tracker session kept across a reload (issue 10)', () => {
  it('a new page resumes the remembered target by itself; an explicit disconnect forgets it', async () => {
    const first = page();
    expect(first.resume()).toBe(false);
    first.connect({ mode: 'local', url: localSim });
    await until(() => first.getSnapshot().sample !== null, 'positions on the first page', 15_000);

    // "Reload": the old page goes without a disconnect (the tab is navigated), a new one starts.
    const reloaded = page();
    expect(reloaded.resume()).toBe(true);
    expect(reloaded.getSnapshot().target).toEqual({ mode: 'local', url: localSim });
    await until(
      () => reloaded.getSnapshot().status === 'connected' && reloaded.getSnapshot().sample !== null,
      'positions after the reload',
      15_000,
    );

    reloaded.disconnect();
    expect(reloaded.getSnapshot().status).toBe('closed');
    expect(page().resume()).toBe(false);
  });

  it('a code the relay refuses is not resumed', async () => {
    const first = page();
    first.connect({ mode: 'external', code: 'bad!code', relayUrl: relayUrl() });
    await until(() => first.getSnapshot().status === 'failed', 'the refusal', 15_000);
    expect(page().resume()).toBe(false);
  });
});
