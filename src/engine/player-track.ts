// Smooth player marker: the tracker sends positions a few times a second; the marker glides
// from where it is drawn now to the newest sample over about one sample interval. Each new
// sample restarts the glide from the drawn position, so it is never more than one sample behind.

/** A drawn player position: world units and heading in degrees. */
export interface TrackPoint {
  x: number;
  y: number;
  heading: number;
}

const MIN_GLIDE_MS = 16;
const MAX_GLIDE_MS = 1000;
/** Jumps longer than this (world units: a teleport, a region change) snap instead of gliding. */
const SNAP_DISTANCE = 3000;

export class PlayerTrack {
  private from: TrackPoint = { x: 0, y: 0, heading: 0 };
  private to: TrackPoint = { x: 0, y: 0, heading: 0 };
  private start = 0;
  private glide = 200;
  private lastSampleAt = -1;
  private has = false;

  get active(): boolean {
    return this.has;
  }

  /** Adds a sample received at `now` (ms). */
  push(x: number, y: number, heading: number, now: number): void {
    if (!this.has) {
      this.from = { x, y, heading };
      this.to = { x, y, heading };
      this.has = true;
      this.lastSampleAt = now;
      this.start = now;
      return;
    }
    const current = { x: 0, y: 0, heading: 0 };
    this.sample(now, current);
    const interval = now - this.lastSampleAt;
    // Smooth the interval so one late sample does not slow the glide a lot.
    this.glide = Math.min(MAX_GLIDE_MS, Math.max(MIN_GLIDE_MS, this.glide * 0.6 + interval * 0.4));
    this.lastSampleAt = now;
    const far = Math.hypot(x - current.x, y - current.y) > SNAP_DISTANCE;
    this.from = far ? { x, y, heading } : current;
    this.to = { x, y, heading };
    this.start = now;
  }

  clear(): void {
    this.has = false;
  }

  /** Writes the drawn position at `now` into `out`; returns whether it is still gliding. */
  sample(now: number, out: TrackPoint): boolean {
    const k = Math.min(1, Math.max(0, (now - this.start) / this.glide));
    out.x = this.from.x + (this.to.x - this.from.x) * k;
    out.y = this.from.y + (this.to.y - this.from.y) * k;
    const dh = ((((this.to.heading - this.from.heading) % 360) + 540) % 360) - 180;
    out.heading = (((this.from.heading + dh * k) % 360) + 360) % 360;
    return k < 1;
  }
}
