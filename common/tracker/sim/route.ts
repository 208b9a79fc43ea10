import { REGIONS, worldToGame } from '../../regions';
import type { PlayerInfo } from '../protocol';

/**
 * The simulator's route, written in world units of the huanglong tile set (where Jinzhou and
 * Rinascita lie) and converted to game centimetres with the region's own transform, so the
 * client's game→map mapping is exercised exactly as with the real tracker.
 */
interface Leg {
  /** World x, y and game z (cm) at the end of the leg. */
  to: readonly [number, number, number];
  /** Metres per second over the ground (climbing legs use their vertical speed). */
  speed?: number;
  /** Jump there instantly after a pause, as a teleport with its loading screen does. */
  teleport?: boolean;
  /** What the leg shows, for the simulator's log. */
  note: string;
}

const START: readonly [number, number, number] = [-700, 1400, 300];

/** Walking Jinzhou, climbing its tower, a hill path, a teleport to Rinascita, its canals, and back. */
const LEGS: readonly Leg[] = [
  { to: [-450, 1150, 300], note: '금주 거리를 걷는 중' },
  { to: [-250, 1000, 300], note: '망루로 가는 길' },
  { to: [-240, 990, 2600], speed: 2, note: '망루를 오르는 중 (z 상승)' },
  { to: [-100, 1350, 300], speed: 8, note: '활공으로 내려오는 중' },
  { to: [300, 1700, 700], note: '언덕길' },
  { to: [600, 2100, 1200], note: '언덕을 오르는 중' },
  { to: [7240, 5810, 500], teleport: true, note: '리나시타로 순간이동' },
  { to: [7000, 5500, 500], note: '리나시타 광장' },
  { to: [6900, 5300, 500], note: '수로 입구로' },
  { to: [7000, 5400, -2400], speed: 3, note: '지하 수로로 내려가는 중 (z 하강)' },
  { to: [7600, 5900, -2400], note: '지하 수로를 걷는 중' },
  { to: [7700, 6000, 500], speed: 3, note: '지상으로 올라오는 중' },
  { to: START, teleport: true, note: '금주로 순간이동' },
];

/** Running speed (m/s) where a leg gives none; one world unit is one metre on huanglong. */
const RUN_SPEED = 6;
/** The pause a teleport takes (loading screen). */
const TELEPORT_PAUSE_MS = 1500;

interface TimedLeg {
  from: readonly [number, number, number];
  to: readonly [number, number, number];
  startMs: number;
  durationMs: number;
  teleport: boolean;
  note: string;
}

const transform = REGIONS[0]!.game;
/** Game units per world unit (100 cm per metre). */
const CM_PER_UNIT = 1 / Math.abs(transform.a);

function timeline(speedFactor: number): { legs: TimedLeg[]; totalMs: number } {
  const legs: TimedLeg[] = [];
  let at = 0;
  let from = START;
  for (const leg of LEGS) {
    let durationMs: number;
    if (leg.teleport) durationMs = TELEPORT_PAUSE_MS;
    else {
      const ground = Math.hypot(leg.to[0] - from[0], leg.to[1] - from[1]);
      const climb = Math.abs(leg.to[2] - from[2]) / CM_PER_UNIT;
      const metres = Math.max(ground, climb);
      durationMs = (metres / ((leg.speed ?? RUN_SPEED) * speedFactor)) * 1000;
    }
    legs.push({ from, to: leg.to, startMs: at, durationMs, teleport: leg.teleport ?? false, note: leg.note });
    at += durationMs;
    from = leg.to;
  }
  return { legs, totalMs: at };
}

/** A position of the route at a time, with what the player is doing. */
export interface RoutePoint {
  info: PlayerInfo;
  note: string;
  /** Index of the leg (a new leg index means a new note to log). */
  leg: number;
}

/** The looping route; `speedFactor` > 1 plays it faster (tests use it to cover every leg quickly). */
export class SimRoute {
  private readonly legs: TimedLeg[];
  /** One lap, in milliseconds. */
  readonly lapMs: number;
  private lastYaw = 0;

  constructor(speedFactor = 1) {
    const t = timeline(speedFactor);
    this.legs = t.legs;
    this.lapMs = t.totalMs;
  }

  /** Where the player is `ms` after the start (the route loops). */
  at(ms: number): RoutePoint {
    const t = ((ms % this.lapMs) + this.lapMs) % this.lapMs;
    let i = this.legs.findIndex((l) => t < l.startMs + l.durationMs);
    if (i < 0) i = this.legs.length - 1;
    const leg = this.legs[i]!;
    const k = leg.teleport ? (t - leg.startMs >= leg.durationMs ? 1 : 0) : Math.min(1, (t - leg.startMs) / leg.durationMs);
    const p = leg.teleport ? leg.from : leg.from.map((v, j) => v + (leg.to[j]! - v) * k);
    const [wx, wy, z] = p as [number, number, number];
    const g = worldToGame(transform, wx, wy);
    const dx = leg.to[0] - leg.from[0];
    const dy = leg.to[1] - leg.from[1];
    if (!leg.teleport && Math.hypot(dx, dy) > 1) {
      // Facing the way we move, in game axes (the game's y points the other way from the map's).
      const gd = { x: dx / transform.a, y: dy / transform.e };
      this.lastYaw = (Math.atan2(gd.y, gd.x) * 180) / Math.PI;
    }
    const info: PlayerInfo = {
      x: round(g.x),
      y: round(g.y),
      z: round(z),
      pitch: 0,
      yaw: round(this.lastYaw),
      roll: 0,
    };
    return { info, note: leg.note, leg: i };
  }
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * A player walked by hand (journeys): stands at a world point of the huanglong tile set at ground level and,
 * told to, walks straight to another at `speed` metres per second, stopping there.
 */
export class SimWalker {
  private from: { x: number; y: number };
  private to: { x: number; y: number };
  private startedMs = 0;
  private yaw = 0;

  constructor(
    start: { x: number; y: number },
    private readonly speed = RUN_SPEED,
  ) {
    this.from = { ...start };
    this.to = { ...start };
  }

  /** Where the player is at `ms` (the simulator's clock). */
  at(ms: number): RoutePoint {
    const p = this.position(ms);
    const g = worldToGame(transform, p.x, p.y);
    const info: PlayerInfo = { x: round(g.x), y: round(g.y), z: 300, pitch: 0, yaw: round(this.yaw), roll: 0 };
    return { info, note: '걷는 중', leg: 0 };
  }

  /** Walks from where the player is at `ms` to (x, y). */
  walkTo(ms: number, x: number, y: number): void {
    this.from = this.position(ms);
    this.to = { x, y };
    this.startedMs = ms;
    const gd = { x: (x - this.from.x) / transform.a, y: (y - this.from.y) / transform.e };
    if (Math.hypot(gd.x, gd.y) > 0) this.yaw = (Math.atan2(gd.y, gd.x) * 180) / Math.PI;
  }

  private position(ms: number): { x: number; y: number } {
    const d = Math.hypot(this.to.x - this.from.x, this.to.y - this.from.y);
    const k = d === 0 ? 1 : Math.min(1, (((ms - this.startedMs) / 1000) * this.speed) / d);
    return { x: this.from.x + (this.to.x - this.from.x) * k, y: this.from.y + (this.to.y - this.from.y) * k };
  }
}
