// Edits reach every open map at once: the page's event stream (GET /api/v1/events) names
// each created, edited, moved, reverted, hidden or merged pin; a map that has its category loaded
// fetches that one pin and puts it into the pins worker's live index (LivePins, an RBush), never
// refetching the whole category. An import (kind 'import', one notice for all its pins) reads everything again.
import type { PinsWorkerApi } from '../../workers/pins/api';
import { api, ApiClientError } from '../api';
import { pinsChanged, store } from '../state';
import type { EventStream } from './events';
import { paths } from './keys';
import { queryClient } from './query-client';
import { whenNoSnapshotLoads } from './snapshot';
import type { PinDetail } from './types';
import { applyPinEvent, type PinEvent } from './live-pin-event';

export { applyPinEvent, toPinInput, type LivePinDeps, type PinEvent } from './live-pin-event';

async function fetchPin(id: number): Promise<PinDetail | null> {
  try {
    return await api.get<PinDetail>(paths.pin(id), { suppressToast: true });
  } catch (e) {
    if (e instanceof ApiClientError && e.status === 404) return null;
    throw e;
  }
}

/** Whether the map holds a category's pins: loaded whole, or in the region's snapshot (any region's when none is named). */
function heldBy(categoryId: number, region?: number): boolean {
  if (store.pins.categories[categoryId]) return true;
  const snaps = store.pins.snapshots;
  return region === undefined ? Object.keys(snaps).length > 0 : snaps[region] !== undefined;
}

/** Why the map reads its pins again: an import changed many at once, or the stream was cut and missed some. */
export type ReadAgainCause = 'import' | 'gap';

/**
 * Follows the pin events of the page's event stream: the map's live index (`worker`; null when the page's worker has
 * none) and the pin details read. `readAgain` reads the map's pins again after an import, and after a gap: a `ready`
 * after the first (the stream opened again, or the server's LISTEN came back) says that edits made meanwhile were
 * never announced. Returns the function that stops following.
 */
export function startLivePins(
  events: EventStream,
  worker: Pick<PinsWorkerApi, 'upsertPin' | 'removePins'> | null,
  readAgain?: (cause: ReadAgainCause) => Promise<unknown>,
): () => void {
  let queue = Promise.resolve();
  const again = (cause: ReadAgainCause) => {
    queue = queue.then(async () => void (await readAgain?.(cause))).catch(() => {});
  };
  const offReady = events.on('ready', ({ reconnect }) => {
    if (!reconnect) return;
    again('gap');
    // The pin pages read: their details, comments and revisions (the notes are startLiveNotes' own).
    void queryClient.invalidateQueries({ predicate: ({ queryKey: [head, , part] }) => head === 'pin' && part !== 'note' });
  });
  const offPin = events.on('pin', (data) => {
    const e = JSON.parse(data) as PinEvent;
    // An import changed many pins at once (pinId 0): the map reads its categories and pins again.
    if (e.kind === 'import') return again('import');
    // The pin's page, if open, reads it again at once.
    void queryClient.invalidateQueries({ queryKey: ['pin', e.pinId] });
    if (!worker) return;
    // The map: one event at a time, in order (a create then a move of the same pin must land in that order), and
    // after any snapshot load under way: one answered before the edit would put the pin back when its reading begins.
    queue = queue.then(async () => {
      await whenNoSnapshotLoads();
      if (await applyPinEvent(e, { worker, loaded: heldBy, fetchPin })) pinsChanged();
    }).catch(() => {});
  });
  return () => {
    offReady();
    offPin();
  };
}
