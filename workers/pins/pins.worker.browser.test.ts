// The real pins worker in Chromium, loading from the real server through the dev proxy.
import { afterAll, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { PinList } from '../../proto';
import { createPinsWorker } from './client';
import { CANCELLED_ERROR_NAME } from './api';

const { api, dispose } = createPinsWorker();
afterAll(dispose);

interface JsonPin {
  id: number;
  coordX: number;
  coordY: number;
  region?: number;
}

describe('pins worker in the browser', () => {
  it('loads category 1 from /api/v1/category/1/pins-proto and hands back transferred typed arrays', async () => {
    // The same list as JSON, to know what the worker should hold.
    const json = (await (await fetch('/api/v1/category/1/pins-proto')).json()) as { result: { pins: JsonPin[] } };
    const want = json.result.pins;
    expect(want.length).toBeGreaterThan(0);

    const res = await api.loadCategory(1, { icon: 5 });
    expect(res.count).toBe(want.length);
    expect(res.bytes).toBeInstanceOf(Blob);
    expect(PinList.decode(new Uint8Array(await res.bytes.arrayBuffer())).pins).toHaveLength(want.length);

    const b = await api.getPins({ categories: [1] });
    expect(b.ids).toBeInstanceOf(Int32Array);
    expect(b.x).toBeInstanceOf(Float32Array);
    expect(b.flags).toBeInstanceOf(Uint8Array);
    expect(b.ids).toHaveLength(want.length);
    // Each array owns its whole buffer: it was moved, not sliced from a shared one.
    expect(b.ids.buffer.byteLength).toBe(b.ids.byteLength);
    expect(new Set(b.ids)).toEqual(new Set(want.map((p) => p.id)));

    // A rectangle around a quarter of the pins returns exactly those ids.
    const xs = want.map((p) => p.coordX).sort((a, b) => a - b);
    const ys = want.map((p) => p.coordY).sort((a, b) => a - b);
    const [x0, x1] = [xs[Math.floor(xs.length * 0.25)]!, xs[Math.floor(xs.length * 0.75)]!];
    const [y0, y1] = [ys[Math.floor(ys.length * 0.25)]!, ys[Math.floor(ys.length * 0.75)]!];
    // Inset by a hair so float32 rounding of pins on the edge cannot flip the answer.
    const inRect = want
      .filter((p) => p.coordX >= x0 + 0.01 && p.coordX <= x1 - 0.01 && p.coordY >= y0 + 0.01 && p.coordY <= y1 - 0.01)
      .map((p) => p.id);
    expect(inRect.length).toBeGreaterThan(0);
    const got = await api.queryRect(x0 + 0.01, y0 + 0.01, x1 - 0.01, y1 - 0.01, { categories: [1] });
    expect(got).toBeInstanceOf(Int32Array);
    expect([...got].sort((a, b) => a - b)).toEqual(inRect.sort((a, b) => a - b));

    // A point pick at a pin's own position finds a pin at that spot.
    const p0 = want[0]!;
    const picked = await api.queryPoint(p0.coordX, p0.coordY, 1, { categories: [1] });
    expect(picked).not.toBeNull();
    const rec = await api.getPin(picked!);
    expect(Math.hypot(rec!.coordX - p0.coordX, rec!.coordY - p0.coordY)).toBeLessThanOrEqual(1);
  });

  it('warm-starts from cached bytes moved into the worker, and marks found pins', async () => {
    const bytes = PinList.encode({
      categoryId: 77,
      lastEdited: 1763700000777,
      pins: [
        { id: 900001, coordX: 10, coordY: 20, catNum: 1 },
        { id: 900002, coordX: 30, coordY: 40, coordZ: -1, catNum: 2 },
      ],
    })
      .finish()
      .slice().buffer as ArrayBuffer;
    const res = await api.loadCategoryBytes(77, Comlink.transfer(bytes, [bytes]), { icon: 9 });
    expect(res).toEqual({ count: 2, lastEdited: 1763700000777 });
    expect(bytes.byteLength).toBe(0); // moved, not copied
    await api.setChecked(new Int32Array([900001]));
    const b = await api.getPins({ categories: [77], hideChecked: true });
    expect([...b.ids]).toEqual([900002]);
    expect([b.z[0], b.icon[0]]).toEqual([-1, 9]);
    expect(await api.getPin(900001)).toMatchObject({ id: 900001, categoryId: 77, checked: true });
  });

  it('cancels a load in flight', async () => {
    const p = api.loadCategory(2, { requestId: 4242 });
    await api.cancel(4242);
    await expect(p).rejects.toMatchObject({ name: CANCELLED_ERROR_NAME });
  });
});
