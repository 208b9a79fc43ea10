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
    expect(longest).toMatchObject({ ms: 5, scriptMs: 1, gpuMs: 0, topNative: { name: 'getProgramParameter', ms: 5 } });
    expect(other).toMatchObject({ ms: 3, scriptMs: 4, topNative: null });
  });

  it("counts a WebGL wrapper's self time as the GPU's, and what it calls as script", () => {
    // Pixi's getUniformData (a shader link under it) calls, for 2 samples, a JS helper of its own.
    const profile: CpuProfile = {
      nodes: [
        node(1, 'draw', 'http://x/assets/state.js'),
        node(2, 'je', 'http://x/assets/WebGLRenderer.js'),
        node(3, 'helper', 'http://x/assets/WebGLRenderer.js'),
      ],
      startTime: 0,
      samples: [1, 2, 2, 2, 2, 2, 2, 3, 3, 1],
      timeDeltas: Array(10).fill(1000),
    };
    const [task] = splitTasks(profile, { isGpuFrame: (f) => f.functionName === 'je' });
    expect(task).toMatchObject({ scriptMs: 4, gpuMs: 6 });
  });

  it('leaves out of every share the time a starved machine gave no sample', () => {
    // 0.2 ms samples, one of them 150 ms late: the page may not have run at all in that gap. It counts 10× the
    // median delta (2 ms); the task goes on (no idle sample came between), then ends at 4 ms of idle samples.
    const profile: CpuProfile = {
      nodes: [node(1, 'setPins', 'http://x/app.js'), node(2, '(idle)')],
      startTime: 0,
      samples: [...Array(11).fill(1), ...Array(20).fill(2), 1],
      timeDeltas: [...Array(5).fill(200), 150_000, ...Array(26).fill(200)],
    };
    const [task, next] = splitTasks(profile);
    expect(task!.ms).toBeCloseTo(151.8, 5);
    expect(task!.scriptMs).toBeCloseTo(2 + 2, 5);
    expect(task!.unsampledMs).toBeCloseTo(148, 5);
    expect(next).toMatchObject({ ms: 0 });
  });
});
