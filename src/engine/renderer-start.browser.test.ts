import { afterEach, expect, it } from 'vitest';
import { disposeTestEngines, makeTestEngine } from './test-support';

afterEach(disposeTestEngines);

// Starting a WebGL context is the costliest step of a map's start on a software GPU (about 0.3 s
// of main thread each here). This file is a fresh page: its first engine is a page's first map.
// Pixi keeps one small WebGL 1 context per page to ask the shader precision; autoDetectRenderer
// made a third, only to ask whether WebGL works, and threw it away.
it("a page's first map starts its own WebGL context and Pixi's precision probe, and no support probe", async () => {
  const kinds: string[] = [];
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
    if (kind.startsWith('webgl')) kinds.push(kind);
    return (getContext as (...a: unknown[]) => unknown).call(this, kind, ...rest);
  } as typeof getContext;
  try {
    await makeTestEngine();
    expect(kinds).toEqual(['webgl', 'webgl2']);
    await makeTestEngine();
    expect(kinds).toEqual(['webgl', 'webgl2', 'webgl2']);
  } finally {
    HTMLCanvasElement.prototype.getContext = getContext;
  }
});
