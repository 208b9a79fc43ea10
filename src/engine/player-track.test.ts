import { describe, expect, it } from 'vitest';
import { PlayerTrack, type TrackPoint } from './player-track';

const at = (t: PlayerTrack, now: number): TrackPoint => {
  const p = { x: 0, y: 0, heading: 0 };
  t.sample(now, p);
  return p;
};

describe('player track', () => {
  it('snaps to the first sample, then glides to the next over about one interval', () => {
    const t = new PlayerTrack();
    t.push(0, 0, 0, 0);
    expect(at(t, 50)).toEqual({ x: 0, y: 0, heading: 0 });
    t.push(100, 0, 90, 200);
    const mid = at(t, 300);
    expect(mid.x).toBeGreaterThan(10);
    expect(mid.x).toBeLessThan(100);
    expect(mid.heading).toBeGreaterThan(0);
    expect(mid.heading).toBeLessThan(90);
    expect(at(t, 2000)).toEqual({ x: 100, y: 0, heading: 90 });
  });

  it('is never more than one sample behind: a new sample starts from the drawn point', () => {
    const t = new PlayerTrack();
    t.push(0, 0, 0, 0);
    t.push(100, 0, 0, 100);
    const drawn = at(t, 120);
    t.push(200, 0, 0, 120);
    expect(at(t, 120).x).toBeCloseTo(drawn.x, 9);
    // It heads for the newest sample, not the previous one.
    expect(at(t, 5000).x).toBe(200);
  });

  it('turns the short way round and snaps on teleports', () => {
    const t = new PlayerTrack();
    t.push(0, 0, 350, 0);
    t.push(0, 0, 10, 100);
    const h = at(t, 150).heading;
    expect(h > 350 || h < 10).toBe(true);
    t.push(50_000, 0, 10, 200);
    expect(at(t, 200).x).toBe(50_000);
  });
});
