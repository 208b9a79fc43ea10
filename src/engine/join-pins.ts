import type { PinBuffers } from './types';

const KEYS = ['ids', 'x', 'y', 'z', 'icon', 'category', 'region', 'flags'] as const;

/** Joins the pins of several parts (the regions drawn on one tile set) into one set of buffers. */
export function joinPins(parts: readonly PinBuffers[]): PinBuffers {
  if (parts.length === 1) return parts[0]!;
  const n = parts.reduce((s, p) => s + p.ids.length, 0);
  const out: PinBuffers = {
    ids: new Int32Array(n),
    x: new Float32Array(n),
    y: new Float32Array(n),
    z: new Float32Array(n),
    icon: new Uint16Array(n),
    category: new Int32Array(n),
    region: new Uint8Array(n),
    flags: new Uint8Array(n),
  };
  let at = 0;
  for (const p of parts) {
    for (const k of KEYS) (out[k] as { set(a: ArrayLike<number>, o: number): void }).set(p[k], at);
    at += p.ids.length;
  }
  return out;
}
