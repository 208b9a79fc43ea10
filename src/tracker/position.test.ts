import { describe, expect, it } from 'vitest';
import { REGIONS, regionById } from '../../common/regions';
import { SimRoute } from '../../common/tracker/sim/route';
import { headingOf, toSample } from './position';

describe('tracker positions on the map', () => {
  it('maps game centimetres through the region transform and picks the region', () => {
    const s = toSample({ x: -48_700, y: -100_500, z: 0, pitch: 0, yaw: 0, roll: 0 }, 5, 0)!;
    expect(s).toMatchObject({ regionId: 0, x: -487, y: 1005, floor: null, at: 5 });
    // Rinascita's game box: switching out of huanglong
    const r = toSample({ x: 724_000, y: -581_000, z: 0, pitch: 0, yaw: 0, roll: 0 }, 0, 0)!;
    expect(r.regionId).toBe(2);
    const far = REGIONS[1]!;
    const b = toSample({ x: 100_000 * 100, y: 0, z: 0, pitch: 0, yaw: 0, roll: 0 }, 0)!;
    expect(b.regionId).toBe(far.id);
    expect(toSample({ x: 1e12, y: 1e12, z: 0, pitch: 0, yaw: 0, roll: 0 }, 0)).toBeNull();
  });

  it("turns yaw into a map heading (game y points north, the map's y down)", () => {
    const hl = regionById(0);
    expect(headingOf(hl, 0)).toBeCloseTo(0);
    expect(headingOf(hl, 90)).toBeCloseTo(-Math.PI / 2); // game +y = north = up on the map
    expect(Math.abs(headingOf(hl, 180))).toBeCloseTo(Math.PI);
  });

  it('the simulator route walks, climbs, teleports to Rinascita and goes underground', () => {
    const route = new SimRoute(1);
    const samples = [];
    let region: number | undefined;
    for (let t = 0; t <= route.lapMs + 200; t += 200) {
      const s = toSample(route.at(t).info, t, region)!;
      expect(s).not.toBeNull();
      region = s.regionId;
      samples.push(s);
    }
    const regions = new Set(samples.map((s) => s.regionId));
    expect(regions).toEqual(new Set([0, 2]));
    expect(samples.some((s) => s.floor === 1)).toBe(true); // up the Jinzhou tower
    expect(samples.some((s) => s.floor === -1 && s.regionId === 2)).toBe(true); // Rinascita's canals
    // walking speed: consecutive samples 200 ms apart move at most ~8 m unless teleporting
    let jumps = 0;
    for (let i = 1; i < samples.length; i++) {
      const d = Math.hypot(samples[i]!.x - samples[i - 1]!.x, samples[i]!.y - samples[i - 1]!.y);
      if (d > 2) jumps++;
    }
    expect(jumps).toBe(2); // the two teleports
    // it faces where it goes: the first leg runs north-east on the map (up and right)
    const h = toSample(route.at(1000).info, 0, 0)!.heading;
    expect(h).toBeGreaterThan(-Math.PI / 2);
    expect(h).toBeLessThan(0);
  });
});
