import { afterEach, expect, it } from 'vitest';
import { getMaxFragmentPrecision } from 'pixi.js';
import { disposeTestEngines, makeTestEngine } from './test-support';

afterEach(disposeTestEngines);

// Starting a WebGL context is the costliest step of a map's start on a software GPU (0.1–0.3 s of
// main thread each here). This file is a fresh page: its first engine is a page's first map.
// autoDetectRenderer made a context only to ask whether WebGL works, and threw it away; Pixi asks the
// fragment precision of a WebGL 1 context of its own (getTestContext), which the map's context now answers.
it("a page's first map starts one WebGL context, its own: no support probe and no precision probe", async () => {
  const kinds: string[] = [];
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
    if (kind.startsWith('webgl')) kinds.push(kind);
    return (getContext as (...a: unknown[]) => unknown).call(this, kind, ...rest);
  } as typeof getContext;
  try {
    await makeTestEngine();
    expect(kinds).toEqual(['webgl2']);
    // The answer is the map's context's: WebGL 2 has high precision in fragment shaders.
    expect(getMaxFragmentPrecision()).toBe('highp');
    await makeTestEngine();
    expect(kinds).toEqual(['webgl2', 'webgl2']);
  } finally {
    HTMLCanvasElement.prototype.getContext = getContext;
  }
});
