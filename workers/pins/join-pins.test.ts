import { describe, expect, it } from 'vitest';
import { joinPins, type PinBuffers } from '../../common/pin-buffers';

function part(ids: number[], region: number): PinBuffers {
  const n = ids.length;
  return {
    ids: Int32Array.from(ids),
    x: Float32Array.from(ids, (i) => i * 10),
    y: Float32Array.from(ids, (i) => -i),
    z: new Float32Array(n).fill(NaN),
    icon: Uint16Array.from(ids, (i) => i % 48),
    category: new Int32Array(n).fill(region + 1),
    region: new Uint8Array(n).fill(region),
    flags: Uint8Array.from(ids, (i) => i & 1),
  };
}

describe('joining the pins of regions on one tile set', () => {
  it('keeps every array in step, part after part', () => {
    const j = joinPins([part([1, 2], 0), part([], 2), part([7, 8, 9], 6)]);
    expect([...j.ids]).toEqual([1, 2, 7, 8, 9]);
    expect([...j.x]).toEqual([10, 20, 70, 80, 90]);
    expect([...j.region]).toEqual([0, 0, 6, 6, 6]);
    expect([...j.category]).toEqual([1, 1, 7, 7, 7]);
    expect([...j.flags]).toEqual([1, 0, 1, 0, 1]);
    expect(j.z.every(Number.isNaN)).toBe(true);
  });
  it('hands a single part back as it is', () => {
    const p = part([3], 1);
    expect(joinPins([p])).toBe(p);
  });
});
