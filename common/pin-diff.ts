/**
 * A pin revision as a readable change list: what moved, what text, tags or image changed.
 * Both the server (the revisions call) and the pin page read it; imports nothing from src/ or server/.
 */

/** The editable state of a pin as stored in a revision (server/repos/pins.ts PinFields). */
export interface PinState {
  categoryId: number;
  region: number;
  coordX: number;
  coordY: number;
  coordZ: number | null;
  description: string | null;
  image: string | null;
  tags: number[];
}

/** One change between two states of a pin. */
export type PinChange =
  | { field: 'created' }
  | { field: 'position'; distance: number; from: { x: number; y: number }; to: { x: number; y: number } }
  | { field: 'floor'; before: number | null; after: number | null }
  | { field: 'region'; before: number; after: number }
  | { field: 'category'; before: number; after: number }
  | { field: 'description'; before: string | null; after: string | null }
  | { field: 'image'; before: string | null; after: string | null }
  | { field: 'tags'; added: number[]; removed: number[] };

/** The changes from `before` (null: the pin was created) to `after`. */
export function diffPin(before: PinState | null, after: PinState): PinChange[] {
  if (!before) return [{ field: 'created' }];
  const out: PinChange[] = [];
  const distance = Math.hypot(after.coordX - before.coordX, after.coordY - before.coordY);
  if (distance > 0)
    out.push({ field: 'position', distance, from: { x: before.coordX, y: before.coordY }, to: { x: after.coordX, y: after.coordY } });
  if ((before.coordZ ?? null) !== (after.coordZ ?? null))
    out.push({ field: 'floor', before: before.coordZ ?? null, after: after.coordZ ?? null });
  if (before.region !== after.region) out.push({ field: 'region', before: before.region, after: after.region });
  if (before.categoryId !== after.categoryId) out.push({ field: 'category', before: before.categoryId, after: after.categoryId });
  if ((before.description ?? null) !== (after.description ?? null))
    out.push({ field: 'description', before: before.description ?? null, after: after.description ?? null });
  if ((before.image ?? null) !== (after.image ?? null))
    out.push({ field: 'image', before: before.image ?? null, after: after.image ?? null });
  const was = new Set(before.tags);
  const now = new Set(after.tags);
  const added = after.tags.filter((t) => !was.has(t));
  const removed = before.tags.filter((t) => !now.has(t));
  if (added.length || removed.length) out.push({ field: 'tags', added, removed });
  return out;
}

/** Whether a change list moves the pin (its history shows "위치 수정됨"). */
export function isMove(changes: readonly PinChange[]): boolean {
  return changes.some((c) => c.field === 'position' || c.field === 'floor' || c.field === 'region');
}
