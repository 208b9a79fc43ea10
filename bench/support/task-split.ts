// Splits a CPU profile (CDP Profiler) of the page's main thread into tasks, and says how much of
// each was our script and how much one native call (a WebGL call the browser runs on the main
// thread: context creation, shader link). On SwiftShader those native calls are the GPU's work.

/** The parts of a CDP `Profiler.Profile` this reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One task: a run of busy samples with no idle gap over `gapUs`. */
export interface ProfiledTask {
  atMs: number;
  ms: number;
  /** Time in functions with a script URL, or in the garbage collector. */
  scriptMs: number;
  /** The native function (no script URL) it spent most in, and how long. */
  topNative: { name: string; ms: number } | null;
}

const IDLE = new Set(['(idle)', '(program)']);

/** The main thread's tasks in a CPU profile, longest first. */
export function splitTasks(profile: CpuProfile, gapUs = 3000): ProfiledTask[] {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const tasks: { start: number; last: number; script: number; native: Map<string, number> }[] = [];
  let t = profile.startTime;
  let cur: (typeof tasks)[number] | null = null;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    const frame = frames.get(id);
    if (!frame || IDLE.has(frame.functionName)) return;
    if (!cur || t - cur.last > gapUs) tasks.push((cur = { start: t, last: t, script: 0, native: new Map() }));
    cur.last = t;
    if (frame.url || frame.functionName === '(garbage collector)') cur.script += dt;
    else cur.native.set(frame.functionName, (cur.native.get(frame.functionName) ?? 0) + dt);
  });
  return tasks
    .map((k) => {
      const top = [...k.native].sort((a, b) => b[1] - a[1])[0];
      return {
        atMs: (k.start - profile.startTime) / 1000,
        ms: (k.last - k.start) / 1000,
        scriptMs: k.script / 1000,
        topNative: top ? { name: top[0], ms: top[1] / 1000 } : null,
      };
    })
    .sort((a, b) => b.ms - a.ms);
}
