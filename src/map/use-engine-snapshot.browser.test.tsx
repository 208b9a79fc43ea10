// The one snapshot hook pages read the map through: a component renders again when the part of the snapshot it
// picked changed, not on each camera move (a pan patches the snapshot's camera every frame).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { chooseTool } from '../state';
import { useMapSnapshot } from './use-engine-snapshot';
import { mountMap, unmountMaps } from './test-support';

afterEach(unmountMaps);

let renders = 0;
function ToolShown() {
  const tool = useMapSnapshot((s) => s?.tool ?? 'none');
  renders++;
  return <output data-testid="tool">{tool}</output>;
}

describe('useMapSnapshot', () => {
  it('renders again for a new tool, not for camera moves', async () => {
    const engine = await mountMap(<ToolShown />);
    const shown = () => document.querySelector('[data-testid="tool"]')?.textContent;
    expect(shown()).toBe('pan');
    const before = renders;
    const snapshots = new Set([engine.getSnapshot()]);
    await act(async () => {
      for (let k = 1; k <= 10; k++) {
        engine.setCamera({ ...engine.getCamera(), x: engine.getCamera().x + 50 * k });
        engine.renderNow();
        snapshots.add(engine.getSnapshot());
      }
    });
    // The snapshot moved with the camera; the component did not render for it.
    expect(snapshots.size).toBeGreaterThan(1);
    expect(renders).toBe(before);
    await act(async () => chooseTool('lasso'));
    expect(shown()).toBe('lasso');
    expect(renders).toBe(before + 1);
  });
});
