// The region pin snapshot (issue 21): one protobuf PinSnapshot per region and world version, the map's own fields
// as columns (proto/wire.proto PinColumns). The server encodes it once per version; the pins worker decodes it as
// it streams, a block (≤ SNAPSHOT_BLOCK pins of one category) at a time, so the first pins are drawn from the
// first bytes.
import { wuwamap } from '../proto/generated/wire.js';

const { PinColumns, PinSnapshot } = wuwamap;

/**
 * The version call's answer (GET /api/v1/pins/snapshot): the world's change sequence and every region's version, the
 * value of that sequence at the region's last change (migration 021).
 */
export interface SnapshotVersions {
  version: number;
  /** Absent from a server before per-region versions (every region is then at the world's); a region absent: 0. */
  regions?: Record<string, number>;
}

/** The version of a region's snapshot now. */
export function regionVersionOf(v: SnapshotVersions, region: number): number {
  return v.regions ? (v.regions[region] ?? 0) : v.version;
}

/**
 * Whether a snapshot kept at `kept` is current. Region versions are values of the world's sequence, so a snapshot
 * read at version `kept` (a region version, or the world version of a copy kept before per-region versions) holds the
 * region's pins from the region's version until now.
 */
export function keptIsCurrent(v: SnapshotVersions, region: number, kept: number): boolean {
  return regionVersionOf(v, region) <= kept && kept <= v.version;
}

/** Pins per block: a block is the unit the streaming reader hands over. */
export const SNAPSHOT_BLOCK = 4096;

/** One pin as the snapshot carries it. */
export interface SnapshotPin {
  id: number;
  categoryId: number;
  x: number;
  y: number;
  /** Floor, null on the base map. */
  z: number | null;
  icon: number | null;
  flag: number | null;
  hasImage: boolean;
  /** Ascending. */
  tagIds: readonly number[];
}

/** Bit of SnapshotBlock.bits: the pin has an image (same value as the worker's PinDataFlag.HasImage). */
export const SNAPSHOT_HAS_IMAGE = 4;

/** One decoded block: parallel arrays of up to SNAPSHOT_BLOCK pins, ordered by category, then id. */
export interface SnapshotBlock {
  count: number;
  category: Int32Array;
  ids: Int32Array;
  x: Float32Array;
  y: Float32Array;
  /** NaN = base map. */
  z: Float32Array;
  /** The pin's own icon, -1 = the category's. */
  icon: Int32Array;
  /** The pin's flag, -1 = none. */
  flag: Int32Array;
  bits: Uint8Array;
  /** Tag ids of pin i are tagList[tagStart[i] .. tagStart[i + 1]). */
  tagStart: Uint32Array;
  tagList: Int32Array;
}

/** float32 values as byte planes (every value's byte 0, then every byte 1, …): the exponent planes compress to little. */
export function toPlanes(values: Float32Array): Uint8Array {
  const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const n = values.length;
  const out = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) for (let b = 0; b < 4; b++) out[b * n + i] = raw[i * 4 + b]!;
  return out;
}

/** The float32 values of byte planes (little-endian hosts, as every browser and node we run on). */
export function fromPlanes(planes: Uint8Array, n: number): Float32Array {
  if (planes.length !== n * 4) throw new RangeError('snapshot column of the wrong length');
  const out = new Float32Array(n);
  const raw = new Uint8Array(out.buffer);
  for (let b = 0; b < 4; b++) {
    const base = b * n;
    for (let i = 0; i < n; i++) raw[i * 4 + b] = planes[base + i]!;
  }
  return out;
}

/** Encodes a region's pins (ordered by category, then id) as a PinSnapshot. */
export function encodeSnapshot(region: number, version: number, pins: readonly SnapshotPin[]): Uint8Array {
  const blocks: wuwamap.IPinColumns[] = [];
  for (let s = 0; s < pins.length; s += SNAPSHOT_BLOCK) blocks.push(encodeBlock(pins.slice(s, s + SNAPSHOT_BLOCK)));
  return PinSnapshot.encode({ region, version, blocks }).finish();
}

const MAX_SCALE10 = 3;

/** The fewest decimal places (0..3) that give back every coordinate exactly as float32, or -1. */
function decimalPlaces(x: Float32Array, y: Float32Array): number {
  for (let p = 0; p <= MAX_SCALE10; p++) {
    const m = 10 ** p;
    let ok = true;
    for (const a of [x, y])
      for (let i = 0; ok && i < a.length; i++) {
        const k = Math.round(a[i]! * m);
        ok = Math.abs(k) < 2 ** 30 && Math.fround(k / m) === a[i];
      }
    if (ok) return p;
  }
  return -1;
}

function encodeBlock(pins: readonly SnapshotPin[]): wuwamap.IPinColumns {
  const n = pins.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const z = new Float32Array(n);
  const categoryDelta: number[] = [];
  const idDelta: number[] = [];
  let prevId = 0,
    prevCat = 0;
  let anyZ = false,
    anyIcon = false,
    anyFlag = false,
    anyBits = false,
    anyTags = false;
  pins.forEach((p, i) => {
    categoryDelta.push(p.categoryId - prevCat);
    prevCat = p.categoryId;
    idDelta.push(p.id - prevId);
    prevId = p.id;
    x[i] = p.x;
    y[i] = p.y;
    z[i] = p.z ?? NaN;
    anyZ ||= p.z !== null;
    anyIcon ||= p.icon !== null;
    anyFlag ||= p.flag !== null;
    anyBits ||= p.hasImage;
    anyTags ||= p.tagIds.length > 0;
  });
  const block: wuwamap.IPinColumns = { categoryDelta, idDelta };
  const places = decimalPlaces(x, y);
  if (places >= 0) {
    const m = 10 ** places;
    const deltas = (a: Float32Array) => {
      let prev = 0;
      return Array.from(a, (v) => {
        const k = Math.round(v * m);
        const d = k - prev;
        prev = k;
        return d;
      });
    };
    block.scale10 = places;
    block.xk = deltas(x);
    block.yk = deltas(y);
  } else {
    block.x = toPlanes(x);
    block.y = toPlanes(y);
  }
  if (anyZ) block.z = toPlanes(z);
  if (anyIcon) block.icon = pins.map((p) => (p.icon === null ? 0 : p.icon + 1));
  if (anyFlag) block.flag = pins.map((p) => (p.flag === null ? 0 : p.flag + 1));
  if (anyBits) block.bits = Uint8Array.from(pins, (p) => (p.hasImage ? SNAPSHOT_HAS_IMAGE : 0));
  if (anyTags) {
    block.tagCount = pins.map((p) => p.tagIds.length);
    block.tagIds = pins.flatMap((p) => p.tagIds);
  }
  return block;
}

/** Decodes one PinColumns message; throws a RangeError on columns that do not match. */
export function decodeBlock(bytes: Uint8Array): SnapshotBlock {
  const m = PinColumns.decode(bytes);
  const n = m.idDelta.length;
  const wrong = () => new RangeError('snapshot column of the wrong length');
  if (m.categoryDelta.length !== n) throw wrong();
  const ids = new Int32Array(n);
  const category = new Int32Array(n);
  let id = 0,
    cat = 0;
  for (let i = 0; i < n; i++) {
    ids[i] = id += m.idDelta[i]!;
    category[i] = cat += m.categoryDelta[i]!;
  }
  const column = (v: number[], off: number) => {
    const out = new Int32Array(n).fill(-1);
    if (v.length) {
      if (v.length !== n) throw wrong();
      for (let i = 0; i < n; i++) out[i] = v[i]! - off;
    }
    return out;
  };
  const tagStart = new Uint32Array(n + 1);
  if (m.tagCount.length) {
    if (m.tagCount.length !== n) throw wrong();
    for (let i = 0; i < n; i++) tagStart[i + 1] = tagStart[i]! + m.tagCount[i]!;
    if (tagStart[n] !== m.tagIds.length) throw wrong();
  }
  const bits = new Uint8Array(n);
  if (m.bits && m.bits.length) {
    if (m.bits.length !== n) throw wrong();
    bits.set(m.bits);
  }
  let x: Float32Array, y: Float32Array;
  if (m.xk.length || m.yk.length || n === 0) {
    if (m.xk.length !== n || m.yk.length !== n) throw wrong();
    const div = 10 ** m.scale10;
    const undelta = (d: number[]) => {
      const out = new Float32Array(n);
      let k = 0;
      for (let i = 0; i < n; i++) out[i] = (k += d[i]!) / div;
      return out;
    };
    x = undelta(m.xk);
    y = undelta(m.yk);
  } else {
    x = fromPlanes(m.x ?? new Uint8Array(0), n);
    y = fromPlanes(m.y ?? new Uint8Array(0), n);
  }
  return {
    count: n,
    category,
    ids,
    x,
    y,
    z: m.z && m.z.length ? fromPlanes(m.z, n) : new Float32Array(n).fill(NaN),
    icon: column(m.icon, 1),
    flag: column(m.flag, 1),
    bits,
    tagStart,
    tagList: Int32Array.from(m.tagIds),
  };
}

/** What the streaming reader has read so far. */
export interface SnapshotHeader {
  region: number;
  version: number;
}

/**
 * Reads a PinSnapshot as its bytes arrive: push() each chunk and take the blocks completed by it. Holds at most one
 * incomplete block's bytes beyond what it hands out. finish() throws when the body ended inside a field.
 */
export class SnapshotStreamReader {
  readonly header: SnapshotHeader = { region: 0, version: 0 };
  private buf = new Uint8Array(0);
  private len = 0;

  push(chunk: Uint8Array): SnapshotBlock[] {
    if (this.len + chunk.length > this.buf.length) {
      const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + chunk.length, 1 << 16));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
    const out: SnapshotBlock[] = [];
    let pos = 0;
    for (;;) {
      const f = readField(this.buf, pos, this.len);
      if (!f) break;
      if (f.tag === ((1 << 3) | 0)) this.header.region = f.value;
      else if (f.tag === ((2 << 3) | 1)) this.header.version = new DataView(this.buf.buffer, f.start, 8).getFloat64(0, true);
      else if (f.tag === ((3 << 3) | 2)) out.push(decodeBlock(this.buf.subarray(f.start, f.end)));
      pos = f.end;
    }
    this.buf.copyWithin(0, pos, this.len);
    this.len -= pos;
    return out;
  }

  finish(): void {
    if (this.len) throw new RangeError('truncated pin snapshot');
  }
}

/** One top-level field of buf[pos..len) whose bytes are all there, or null. */
function readField(buf: Uint8Array, pos: number, len: number): { tag: number; value: number; start: number; end: number } | null {
  const tag = varint(buf, pos, len);
  if (!tag) return null;
  const wire = tag.value & 7;
  const at = tag.next;
  if (wire === 0) {
    const v = varint(buf, at, len);
    return v && { tag: tag.value, value: v.value, start: at, end: v.next };
  }
  if (wire === 1) return at + 8 <= len ? { tag: tag.value, value: 0, start: at, end: at + 8 } : null;
  if (wire === 5) return at + 4 <= len ? { tag: tag.value, value: 0, start: at, end: at + 4 } : null;
  if (wire === 2) {
    const n = varint(buf, at, len);
    if (!n) return null;
    const end = n.next + n.value;
    return end <= len ? { tag: tag.value, value: 0, start: n.next, end } : null;
  }
  throw new RangeError(`unsupported wire type ${wire}`);
}

function varint(buf: Uint8Array, pos: number, len: number): { value: number; next: number } | null {
  let v = 0;
  let mul = 1;
  for (let k = 0; k < 10; k++) {
    if (pos >= len) return null;
    const b = buf[pos++]!;
    v += (b & 127) * mul;
    if (b < 128) return { value: v, next: pos };
    mul *= 128;
  }
  throw new RangeError('invalid varint');
}
