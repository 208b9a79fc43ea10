import { describe, expect, it } from 'vitest';
import { splitTasks, type CpuProfile } from './task-split';

const node = (id: number, functionName: string, url = '') => ({ id, callFrame: { functionName, url } });

describe('splitTasks', () => {
  it('cuts busy runs at idle gaps and tells script time from a native call', () => {
    const profile: CpuProfile = {
      nodes: [node(1, '(idle)'), node(2, 'setPins', 'http://x/app.js'), node(3, 'getProgramParameter'), node(4, '(garbage collector)')],
      startTime: 0,
      // 1 ms samples: 3 of script, 1 of GC, 10 ms idle, then 5 of a native call and 1 of script.
      samples: [2, 2, 2, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 2],
      timeDeltas: Array(20).fill(1000),
    };
    const [longest, other] = splitTasks(profile);
    expect(longest).toMatchObject({ ms: 5, scriptMs: 1, topNative: { name: 'getProgramParameter', ms: 5 } });
    expect(other).toMatchObject({ ms: 3, scriptMs: 4, topNative: null });
  });
});
