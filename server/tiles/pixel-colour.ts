// The colour of the pixel being painted, a Float32Array [r, g, b], and the operations base-render and
// town-paint apply to it in place (nothing allocated per pixel). `p` is a flattened palette table.
import type { Rgb } from './palette';

/** Scales the colour `c` by `k` (shade, darken). */
export function scalec(c: Float32Array, k: number): void {
  c[0] = c[0]! * k;
  c[1] = c[1]! * k;
  c[2] = c[2]! * k;
}

/** Sets `c` to the table's colour at offset `o`. */
export function setc(c: Float32Array, p: Float32Array, o: number): void {
  c[0] = p[o]!;
  c[1] = p[o + 1]!;
  c[2] = p[o + 2]!;
}

/** Moves `c` towards the table's colour at offset `o` by `t` (0–1). */
export function mixc(c: Float32Array, p: Float32Array, o: number, t: number): void {
  c[0] = c[0]! + (p[o]! - c[0]!) * t;
  c[1] = c[1]! + (p[o + 1]! - c[1]!) * t;
  c[2] = c[2]! + (p[o + 2]! - c[2]!) * t;
}

/** Moves `c` towards the colour `col` by `t` (0–1). */
export function mixRgb(c: Float32Array, col: Rgb, t: number): void {
  c[0] = c[0]! + (col[0] - c[0]!) * t;
  c[1] = c[1]! + (col[1] - c[1]!) * t;
  c[2] = c[2]! + (col[2] - c[2]!) * t;
}
