// The overview's aggregate markers: one per crowded layout cell (workers/pins/pin-layout.ts), a
// disc in the dominant category's colour, a ring showing the found share (a done ring with a
// check when all are found) and the count. Every level's markers sit in one ParticleContainer
// with static data; the shader draws only the current level's (uLevel), so zooming uploads
// nothing, and the particles are rebuilt only when a new layout arrives.
import { ParticleContainer } from 'pixi.js';
import { iconColor } from './icons';
import { createPinShader } from './pin-shader';
import { AGGREGATE_FRAME_CSS, countLabel, createAggregateFrames, ringIndex } from './aggregate-atlas';
import { LARGE_PIN_FACTOR } from './PinLayer';
import { PlainParticle, packColor } from './pin-style';
import { AGGREGATE_TOP, emptyAggregates, type PinAggregates } from '../../common/pin-buffers';
import type { AggregateInfo } from './types';

/** Marker diameter (CSS px) for a count. */
export function aggregateDiameter(count: number): number {
  return count < 10 ? 24 : count < 100 ? 28 : 32;
}

const EMPTY: PinAggregates = emptyAggregates();

export class AggregateLayer {
  readonly container: ParticleContainer;
  private readonly frames = createAggregateFrames();
  private readonly shaderParts = createPinShader('aggregates');
  private particles: PlainParticle[] = [];
  private data: PinAggregates = EMPTY;
  private large = false;
  private screenScale = 1;
  private level = -1;
  /** Bumped whenever something drawn changes. */
  version = 0;
  /** A marker's disc colour (0xRRGGBB) from its dominant category and that category's glyph: the pins' atlas sets it. */
  colorOf: (category: number, icon: number) => number = (_category, icon) => parseInt(iconColor(icon).slice(1), 16);

  constructor() {
    this.container = new ParticleContainer({
      label: 'aggregates',
      eventMode: 'none',
      texture: this.frames.disc,
      shader: this.shaderParts.shader,
      dynamicProperties: { vertex: false, position: false, rotation: false, uvs: false, color: false },
    });
  }

  /** How many aggregate markers there are over all levels. */
  get count(): number {
    return this.data.x.length;
  }

  /** Markers drawn at a level. */
  countAt(level: number): number {
    let n = 0;
    for (let m = 0; m < this.data.level.length; m++) if (this.data.level[m] === level) n++;
    return n;
  }

  /** How many pins the markers of a level stand for. */
  pinsAt(level: number): number {
    let n = 0;
    for (let m = 0; m < this.data.level.length; m++) if (this.data.level[m] === level) n += this.data.count[m]!;
    return n;
  }

  /** Draws the markers again (the categories' colours changed); one upload. */
  recolor(): void {
    if (this.data !== EMPTY) this.set(this.data);
  }

  /** Replaces the markers (a new layout); one upload. */
  set(a: PinAggregates): void {
    this.data = a;
    // Plain particles with their colour packed (PlainParticle): Pixi's Particle costs a copy of its options and a
    // colour parse each, most of a new layout's time on the main thread with thousands of markers (issue 21).
    const ps: PlainParticle[] = [];
    const d = this.frames.disc;
    for (let m = 0; m < a.x.length; m++) {
      const x = a.x[m]!,
        y = a.y[m]!,
        level = a.level[m]!;
      const k = aggregateDiameter(a.count[m]!) / AGGREGATE_FRAME_CSS;
      const disc = new PlainParticle(d, x, y, 0.5, 0.5);
      disc.color = packColor(this.colorOf(a.topCategory[m * AGGREGATE_TOP] ?? -1, a.icon[m]!));
      const ring = new PlainParticle(this.frames.rings[ringIndex(a.found[m]!, a.count[m]!)]!, x, y, 0.5, 0.5);
      for (const p of [disc, ring]) {
        p.scaleX = p.scaleY = k;
        p.rotation = level;
        ps.push(p);
      }
      const label = countLabel(a.count[m]!);
      // Characters are offset in screen pixels through their anchors, so the label keeps its size.
      for (let j = 0; j < label.length; j++) {
        const c = new PlainParticle(this.frames.chars.get(label[j]!)!, x, y, label.length / 2 - j, 0.5);
        c.rotation = level;
        ps.push(c);
      }
    }
    this.particles = ps;
    this.container.particleChildren = ps;
    this.container.update();
    this.version++;
  }

  setLarge(on: boolean): void {
    this.large = on;
    this.version++;
  }

  /** The screen's pin scale (screenPinScale), as for pins. */
  setScreenScale(scale: number): void {
    if (scale === this.screenScale) return;
    this.screenScale = scale;
    this.version++;
  }

  /** Per frame: the level to show and the uniform that keeps markers the same size on screen. */
  prepare(zoom: number, level: number): void {
    const u = this.shaderParts.pinUniforms.uniforms;
    u.uPinScale = ((this.large ? LARGE_PIN_FACTOR : 1) * this.screenScale) / zoom;
    u.uLevel = level;
    if (level !== this.level) {
      this.level = level;
      this.version++;
    }
  }

  /** The marker of the current level under world point (wx, wy), or -1. */
  pick(wx: number, wy: number, zoom: number): number {
    const a = this.data;
    let best = -1;
    let bestD = Infinity;
    for (let m = 0; m < a.x.length; m++) {
      if (a.level[m] !== this.level) continue;
      const r = ((aggregateDiameter(a.count[m]!) / 2) * (this.large ? LARGE_PIN_FACTOR : 1) * this.screenScale) / zoom;
      const dx = a.x[m]! - wx,
        dy = a.y[m]! - wy;
      const d = dx * dx + dy * dy;
      if (d <= r * r && d < bestD) {
        bestD = d;
        best = m;
      }
    }
    return best;
  }

  /** World position, count, found count and top categories of marker m. */
  info(m: number): AggregateInfo {
    const a = this.data;
    const top: AggregateInfo['top'] = [];
    for (let j = m * AGGREGATE_TOP; j < (m + 1) * AGGREGATE_TOP; j++)
      if ((a.topCategory[j] ?? -1) >= 0) top.push({ categoryId: a.topCategory[j]!, count: a.topCount[j]!, found: a.topFound[j]! });
    return { x: a.x[m]!, y: a.y[m]!, count: a.count[m]!, found: a.found[m]!, level: a.level[m]!, top };
  }

  dispose(): void {
    this.container.destroy({ children: true });
    this.shaderParts.shader.destroy();
    this.frames.dispose();
    this.particles = [];
  }
}
