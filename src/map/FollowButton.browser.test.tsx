import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { setPlayerPosition, setTracking, store } from '../state';
import { ko } from '../i18n/ko';
import { FollowButton } from './FollowButton';
import { mountMap, pointer, unmountMaps } from './test-support';

afterEach(unmountMaps);

const refollow = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(ko.trackerRefollow));

describe('re-follow after a pan by hand (issue 10)', () => {
  it('a manual pan turns follow off in the store, and the button turns it back on', async () => {
    const engine = await mountMap(<FollowButton />);

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
