// Applying one pushed pin change to the pins worker's live index (pure: the worker, the loaded
// categories and the pin fetch are passed in).
import type { PinsWorkerApi, PinInput } from '../../workers/pins/api';
import type { PinDetail } from './types';
import type { PinEventKind } from '../../common/pin-model';

/** One pin change as the server pushes it. */
export interface PinEvent { pinId: number; categoryIds: number[]; kind: PinEventKind }

/** What applying an event needs: the worker's live-index calls, the loaded categories and a pin fetch. */
export interface LivePinDeps {
  worker: Pick<PinsWorkerApi, 'upsertPin' | 'removePins'>;
  /**
   * Whether the map holds the pins of a category: its whole list, or (given a region) that region's snapshot.
   * Asked without a region before the pin is fetched: true when some region's snapshot may hold it.
   */
  loaded: (categoryId: number, region?: number) => boolean;
  fetchPin: (id: number) => Promise<PinDetail | null>;
}

/** The worker's input for a pin detail. */
export function toPinInput(p: PinDetail): PinInput {
  const input: PinInput = { id: p.id, coordX: p.coordX, coordY: p.coordY, catNum: p.categoryId, tagIds: p.tagIds, tags: p.tags.map((t) => ({ id: t.id, name: t.name, ...(t.flag != null ? { flag: t.flag } : {}) })), categoryId: p.categoryId };
  if (p.coordZ != null) input.coordZ = p.coordZ;
  if (p.description) input.description = p.description;
  if (p.image) input.image = p.image;
  if (p.icon != null) input.icon = p.icon;
  if (p.flag != null) input.flag = p.flag;
  if (p.region != null) input.region = p.region;
  if (p.registererId != null) input.registererId = p.registererId;
  if (p.categoryName) input.categoryName = p.categoryName;
  if (p.totalChecks != null) input.totalChecks = p.totalChecks;
  return input;
}

/**
 * Applies one event: nothing when none of its categories is loaded; else the pin is fetched and
 * upserted into the live index, or removed when it is gone, hidden or now in a category not loaded.
 * Resolves whether the map's pins changed.
 */
export async function applyPinEvent(e: PinEvent, deps: LivePinDeps): Promise<boolean> {
  if (e.categoryIds.length > 0 && !e.categoryIds.some(deps.loaded)) return false;
  const pin = await deps.fetchPin(e.pinId);
  if (pin && !pin.hidden && deps.loaded(pin.categoryId, pin.region)) await deps.worker.upsertPin(toPinInput(pin));
  else await deps.worker.removePins(new Int32Array([e.pinId]));
  return true;
}
