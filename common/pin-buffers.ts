// The pin buffer layout: a set of pins as eight parallel typed arrays (struct of arrays), the
// declutter layout and aggregates the pins worker computes over it, and the live changes to a held
// set. The worker (workers/pins) writes these; the engine (src/engine) draws them; both import them
// from here, so the engine needs no worker runtime code.
import type { IdTable } from './id-index';

/**
 * A set of pins as parallel typed arrays (struct of arrays), index i describing one pin.
 * Every array is freshly allocated per call and transferred, so the receiver owns it.
 */
export interface PinBuffers {
  /** Pin ids (hpid). */
  ids: Int32Array;
  /** coordX in world units. */
  x: Float32Array;
  /** coordY in world units (y grows downwards). */
  y: Float32Array;
  /** Floor (sub-map depth) of a pin on a sub-map floor; NaN for a base-map pin. */
  z: Float32Array;
  /** Icon index 0..47: the pin's own icon, else its category's icon given at load, else 0. */
  icon: Uint16Array;
  /** Category id of each pin. */
  category: Int32Array;
  /** Region id 0..6 of each pin (255 when the pin has none). */
  region: Uint8Array;
  /** Per-pin flag bits, see PinDataFlag. */
  flags: Uint8Array;
  /** The worker's pin-set version these pins were read at (see PinLayout.version); absent = unknown. */
  version?: number;
  /**
   * The draw order (common/pin-order.ts: pin indexes by y, then index) when the worker made it; else the map sorts.
   * It and `index` describe these very `ids` and `y`: pins made from others (a copy with other columns) must drop them.
   */
  order?: Int32Array<ArrayBuffer>;
  /** The ids' index table (common/id-index.ts) when the worker made it; else the map builds it. */
  index?: IdTable;
}

/**
 * Bits of PinBuffers.flags, the pin data the worker hands over (the engine's own drawing state is PinFlag):
 * Checked: the user found this pin; Highlighted: it carries one of the highlighted tags; HasImage: it has an image.
 */
export const PinDataFlag = { Checked: 1, Highlighted: 2, HasImage: 4 } as const;

/** The eight columns of PinBuffers, in layout order. */
export const PIN_FIELDS = ['ids', 'x', 'y', 'z', 'icon', 'category', 'region', 'flags'] as const;

/** Pin buffers of n pins, every field zero. */
export function emptyPins(n: number): PinBuffers {
  return {
    ids: new Int32Array(n),
    x: new Float32Array(n),
    y: new Float32Array(n),
    z: new Float32Array(n),
    icon: new Uint16Array(n),
    category: new Int32Array(n),
    region: new Uint8Array(n),
    flags: new Uint8Array(n),
  };
}

/** The pins of several sets one after another (a single set is returned as it is). */
export function joinPins(parts: readonly PinBuffers[]): PinBuffers {
  if (parts.length === 1) return parts[0]!;
  const out = emptyPins(parts.reduce((s, p) => s + p.ids.length, 0));
  let at = 0;
  for (const p of parts) {
    for (const k of PIN_FIELDS) (out[k] as { set(a: ArrayLike<number>, o: number): void }).set(p[k], at);
    at += p.ids.length;
  }
  return out;
}

/** Aggregate markers of the overview levels (one per crowded cell), parallel arrays. */
export interface PinAggregates {
  /** Centroid of the cell's pins (world units). */
  x: Float32Array;
  y: Float32Array;
  /** The layout level (common/pin-levels) the marker is drawn at. */
  level: Uint8Array;
  /** How many pins the marker stands for, and how many of them are found. */
  count: Uint32Array;
  found: Uint32Array;
  /** Icon of the cell's most common category (its colour colours the marker). */
  icon: Uint16Array;
  /**
   * The cell's most common categories, AGGREGATE_TOP per marker (marker m at m·AGGREGATE_TOP…),
   * most pins first: category id (-1 past the cell's last), its pins and how many of them are found.
   */
  topCategory: Int32Array;
  topCount: Uint32Array;
  topFound: Uint32Array;
}

/** How many of a cell's categories an aggregate names (hover or long press). */
export const AGGREGATE_TOP = 3;

/** No aggregate markers (a layout of pins that needs none, or none yet). */
export function emptyAggregates(): PinAggregates {
  return {
    x: new Float32Array(0),
    y: new Float32Array(0),
    level: new Uint8Array(0),
    count: new Uint32Array(0),
    found: new Uint32Array(0),
    icon: new Uint16Array(0),
    topCategory: new Int32Array(0),
    topCount: new Uint32Array(0),
    topFound: new Uint32Array(0),
  };
}

/** The declutter and aggregation of the drawn pins (see workers/pins/pin-layout.ts). */
export interface PinLayout {
  /** How many pins were laid out: the engine applies a layout only to a pin set of this size. */
  count: number;
  /**
   * The worker's pin-set version the layout was computed at (bumped by every load, upsert
   * and removal): the engine applies it only to pins read at the same version (when both carry one).
   */
  version?: number;
  /** Per pin (in getPins order, the filters' results concatenated): the first level it is drawn at; 255 = never. */
  minLevel: Uint8Array;
  aggregates: PinAggregates;
}

/**
 * The live changes (upserts, removals) since a pin set the map holds, against the same filters:
 * what the engine needs to change only those pins (MapEngine.updatePins) instead of taking every pin again.
 */
export interface PinSetChange {
  /** The pin-set version the change applies to (the map's), and the version it leads to. */
  from: number;
  version: number;
  /** Ids of every pin changed since `from`: each is taken out of the old set first, wherever it was. */
  removed: Int32Array;
  /** The changed pins still in the set, in the new set's order... */
  pins: PinBuffers;
  /** ...and their positions in the new set (ascending). */
  at: Int32Array;
  /** The new set's layout (same version). */
  layout: PinLayout;
}
