// The engine's frame loop (EngineFrame holds one): a requestAnimationFrame callback each frame,
// stopped while the tab is hidden and started again when it shows, the clock frames take their
// time step from, and the frames' main-thread time. What a frame does: LIFE-OF-A-FRAME.md.

/** Main-thread time of the engine's frames (the frame benchmark reads it). */
export interface FrameStats {
  frames: number;
  totalMs: number;
  lastMs: number;
  maxMs: number;
}

export class FrameLoop {
  readonly stats: FrameStats = { frames: 0, totalMs: 0, lastMs: 0, maxMs: 0 };
  private raf = 0;
  private lastT = 0;
  private disposed = false;
  private readonly onVisibility = () => this.visibilityChanged();

  /** `frame` runs once a frame with the rAF time; `shown` runs when a hidden tab shows again. */
  constructor(
    private readonly frame: (t: number) => void,
    private readonly shown: () => void,
  ) {
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  start(): void {
    if (this.disposed || this.raf) return;
    const loop = (t: number) => {
      this.raf = requestAnimationFrame(loop);
      this.frame(t);
    };
    this.lastT = performance.now();
    this.raf = requestAnimationFrame(loop);
  }

  private stop(): void {
    cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  // A hidden tab draws nothing: the loop stops and restarts when the tab is shown again.
  private visibilityChanged(): void {
    if (document.hidden) this.stop();
    else {
      this.shown();
      this.start();
    }
  }

  /** The time step (ms, at most 100) from the previous frame to a frame at time `t`. */
  step(t: number): number {
    const dt = Math.min(100, Math.max(0, t - this.lastT));
    this.lastT = t;
    return dt;
  }

  /** Counts a drawn frame that took `ms` of main thread. */
  count(ms: number): void {
    const s = this.stats;
    s.frames++;
    s.totalMs += ms;
    s.lastMs = ms;
    if (ms > s.maxMs) s.maxMs = ms;
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }
}
