import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs/minimal.js';
import { PinList } from '../../proto';
import { generateCategories } from '../../bench/worker/generate-pins';
import { decodePinList, NO_ICON, NO_REGION, STATIC_HAS_IMAGE } from './decode-pins';

describe('decodePinList', () => {
  it('agrees with PinList.decode on every indexed field of a generated category', () => {
    const [cat] = generateCategories(3000, 1, 'decode');
    const d = decodePinList(cat!.bytes);
    const ref = PinList.decode(cat!.bytes);
    expect(d.count).toBe(3000);
    expect([d.categoryId, d.lastEdited]).toEqual([ref.categoryId, ref.lastEdited]);
    ref.pins.forEach((p, i) => {
      const has = (k: string) => Object.prototype.hasOwnProperty.call(p, k);
      expect([d.ids[i], d.x[i], d.y[i]]).toEqual([p.id, p.coordX, p.coordY]);
      if (has('coordZ')) expect(d.z[i]).toBe(p.coordZ);
      else expect(d.z[i]).toBeNaN();
      expect(d.icon[i]).toBe(has('icon') ? p.icon : NO_ICON);
      expect(d.region[i]).toBe(p.region);
      expect(d.staticFlags[i]! & STATIC_HAS_IMAGE).toBe(has('image') ? STATIC_HAS_IMAGE : 0);
      expect([...d.tagList.subarray(d.tagStart[i], d.tagStart[i + 1])]).toEqual(p.tagIds);
      expect(d.end[i]! - d.start[i]!).toBeGreaterThan(8);
    });
  });

  it('reads unpacked tagIds and falls back to Tag messages when tagIds is absent', () => {
    const w = protobuf.Writer.create();
    w.uint32((1 << 3) | 0).int32(9);
    // Pin A: unpacked tagIds 4, 8 and an embedded tag 99 that tagIds overrides.
    const a = protobuf.Writer.create();
    a.uint32((1 << 3) | 0)
      .int32(1)
      .uint32((2 << 3) | 5)
      .float(1.5)
      .uint32((3 << 3) | 5)
      .float(-2);
    a.uint32((8 << 3) | 2)
      .fork()
      .uint32((1 << 3) | 0)
      .int32(99)
      .uint32((2 << 3) | 2)
      .string('x')
      .ldelim();
    a.uint32((9 << 3) | 0)
      .int32(4)
      .uint32((9 << 3) | 0)
      .int32(8);
    w.uint32((3 << 3) | 2).bytes(a.finish());
    // Pin B: only Tag messages, no region, plus an unknown field 99 to skip.
    const b = protobuf.Writer.create();
    b.uint32((1 << 3) | 0)
      .int32(2)
      .uint32((8 << 3) | 2)
      .fork()
      .uint32((1 << 3) | 0)
      .int32(7)
      .ldelim();
    b.uint32((99 << 3) | 2).string('future');
    w.uint32((3 << 3) | 2).bytes(b.finish());
    const d = decodePinList(w.finish());
    expect(d.categoryId).toBe(9);
    expect([...d.ids]).toEqual([1, 2]);
    expect([d.x[0], d.y[0], d.region[1]]).toEqual([1.5, -2, NO_REGION]);
    expect([...d.tagStart]).toEqual([0, 2, 3]);
    expect([...d.tagList]).toEqual([4, 8, 7]);
  });

  it('reads 10-byte negative and 5-byte large varints', () => {
    const bytes = PinList.encode({
      categoryId: 2147483647,
      pins: [{ id: -7, coordX: 0, coordY: 0, catNum: 1, tagIds: [-1, 2147483647, 300] }],
    }).finish();
    const d = decodePinList(bytes);
    expect(d.categoryId).toBe(2147483647);
    expect(d.ids[0]).toBe(-7);
    expect([...d.tagList]).toEqual([-1, 2147483647, 300]);
  });

  it('throws on truncated bytes', () => {
    const [cat] = generateCategories(10, 1, 'cut');
    expect(() => decodePinList(cat!.bytes.subarray(0, cat!.bytes.length - 3))).toThrow(RangeError);
    // Wire type 7 does not exist.
    expect(() => decodePinList(new Uint8Array([(5 << 3) | 7, 0]))).toThrow(RangeError);
  });
});
