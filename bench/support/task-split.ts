// Splits a CPU profile (CDP Profiler) of the page's main thread into tasks, and says how much of
// each was our script, how much the GPU's work (WebGL calls, which on SwiftShader run on the main
// thread: context creation, shader compile and link, texture and buffer uploads) and which native
// call (no script URL) it spent most in.
//
// Why a rule is needed for the GPU's share: V8's sampling profiler gives a WebGL call no frame of its
// own (the browser's bindings run as API callbacks under the JS function that called them), so a
// 100 ms shader link shows as 100 ms of *self* time in Pixi's JS wrapper that called
// gl.linkProgram/getActiveUniform (getUniformData), a texture upload as self time in
// uploadImageWebGL2, context creation in getTestContext. `isGpuFrame` names those wrappers (the bench
// reads the built client's source maps: Pixi's WebGL backend, see pixiNativeFrames in scale.bench.ts);
// only their self time moves from script to GPU, so JS they call that builds data (Pixi's particle
// buffer fill, the batcher) still counts as script.
//
// And a starved machine: a sample's time delta is the time since the sample before. When the machine gives
// neither the page nor the profiler's thread a core (5 helpers on 2 cores: load average 15–24, deltas of 50–200 ms
// where the interval asked is 0.2 ms), that whole gap would land on whatever function the next sample finds,
// though nothing says the page ran at all. A sample counts at most `maxSampleUs` (by default 10× the profile's
// median delta, at least 1 ms); the rest is `unsampledMs`, in the task's wall time but in none of its shares.
// Such gaps do not end a task either (only idle samples do): on a starved machine tasks that ran back to back
// with no idle sample between then count as one, so the longest task is an upper bound, never a piece of one.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/** The parts of a CDP `Profiler.Profile` this reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, in the script as served (minified). */
  lineNumber?: number;
  columnNumber?: number;
}

/** One task: a run of busy samples with no run of idle samples over `gapUs` between them. */
export interface ProfiledTask {
  atMs: number;
  ms: number;
  /** Time in functions with a script URL, or in the garbage collector, less the GPU's share. */
  scriptMs: number;
  /** Self time in frames `isGpuFrame` names: WebGL calls under their JS wrappers. */
  gpuMs: number;
  /** Time the profiler did not see (samples' deltas past `maxSampleUs`): the machine ran neither thread. */
  unsampledMs: number;
  /** The native function (no script URL) it spent most in, and how long. */
  topNative: { name: string; ms: number } | null;
}

const IDLE = new Set(['(idle)', '(program)']);

export interface SplitOptions {
  /** Idle time (samples of the idle thread) that ends a task (µs). */
  gapUs?: number;
  /** Whether a script frame's self time is a WebGL call's (the GPU's work), not our script. */
  isGpuFrame?: (frame: CallFrame) => boolean;
  /** The most one sample counts (µs); by default 10× the median delta, at least 1 ms. */
  maxSampleUs?: number;
}

function median(xs: readonly number[]): number {
  return xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1]! : 0;
}

/** The main thread's tasks in a CPU profile, longest first. */
export function splitTasks(
  profile: CpuProfile,
  { gapUs = 3000, isGpuFrame = () => false, maxSampleUs = Math.max(1000, 10 * median(profile.timeDeltas)) }: SplitOptions = {},
): ProfiledTask[] {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const gpuNodes = new Set(profile.nodes.filter((n) => n.callFrame.url && isGpuFrame(n.callFrame)).map((n) => n.id));
  const tasks: { start: number; last: number; script: number; gpu: number; unsampled: number; native: Map<string, number> }[] = [];
  let t = profile.startTime;
  let cur: (typeof tasks)[number] | null = null;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    const dt = Math.min(delta, maxSampleUs);
    const frame = frames.get(id);
    if (!frame || IDLE.has(frame.functionName)) {
      idle += delta;
      return;
    }
    // Only idle samples end a task: a long delta between two busy samples is a starved machine, not a pause.
    const quiet = idle > gapUs;
    idle = 0;
    if (!cur || quiet) tasks.push((cur = { start: t, last: t, script: 0, gpu: 0, unsampled: 0, native: new Map() }));
    cur.last = t;
    cur.unsampled += delta - dt;
    if (gpuNodes.has(id)) cur.gpu += dt;
    else if (frame.url || frame.functionName === '(garbage collector)') cur.script += dt;
    else cur.native.set(frame.functionName, (cur.native.get(frame.functionName) ?? 0) + dt);
  });
  return tasks
    .map((k) => {
      const top = [...k.native].sort((a, b) => b[1] - a[1])[0];
      return {
        atMs: (k.start - profile.startTime) / 1000,
        ms: (k.last - k.start) / 1000,
        scriptMs: k.script / 1000,
        gpuMs: k.gpu / 1000,
        unsampledMs: k.unsampled / 1000,
        topNative: top ? { name: top[0], ms: top[1] / 1000 } : null,
      };
    })
    .sort((a, b) => b.ms - a.ms);
}

/**
 * The rule for the built client (scale.bench.ts): a frame is a WebGL call's wrapper when the source map puts it in
 * Pixi's WebGL backend (pixi.js/lib/rendering/renderers/gl/: its context, shader, buffer, texture, geometry and
 * state systems, whose functions are thin wrappers of gl.* calls), in Pixi's canvas blend-mode probe (2D canvas
 * drawImage/getImageData, native too), or in CanvasSource, whose resizeCanvas sets the canvas's width and height:
 * on a WebGL canvas each makes a new drawing buffer, a synchronous call into the GPU process (on SwiftShader
 * 0.1–0.9 s while that process is busy, even for a 1×1 buffer). Our code calls WebGL only through Pixi. Frames of
 * scripts without a map (or outside `distDir/assets`) are script.
 */
export function pixiNativeFrames(distDir: string): (frame: CallFrame) => boolean {
  const maps = new Map<string, SourceMapConsumer | null>();
  const NATIVE =
    /pixi\.js\/lib\/rendering\/renderers\/(gl\/|canvas\/utils\/canUseNewCanvasBlendModes|shared\/texture\/sources\/CanvasSource)/;
  return (frame) => {
    const file = /\/assets\/([^/?#]+\.js)(?:[?#].*)?$/.exec(frame.url)?.[1];
    if (!file || frame.lineNumber === undefined || frame.lineNumber < 0) return false;
    let map = maps.get(file);
    if (map === undefined) {
      const path = join(distDir, 'assets', `${file}.map`);
      map = existsSync(path) ? new SourceMapConsumer(readFileSync(path, 'utf8')) : null;
      maps.set(file, map);
    }
    const source = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 }).source;
    return !!source && NATIVE.test(source);
  };
}
