import type { Db } from '../db';
import type { PinEventKind } from '../../common/pin-model';

/** The LISTEN/NOTIFY channel of pin changes (every server process pushes them to its open maps). */
export const PIN_CHANNEL = 'pin_changes';

/** A pin that was created, edited, moved, reverted, hidden, shown or merged; or an import that changed pins (pinId 0). */
export interface PinChangeEvent {
  pinId: number;
  /** Every category the pin was or is in (a move between categories names both); none for an import (any). */
  categoryIds: number[];
  kind: PinEventKind;
}

/** Tells every server process that a pin changed (after the change committed). */
export async function publishPinChange(db: Db, event: PinChangeEvent): Promise<void> {
  try {
    await db.notify(PIN_CHANNEL, JSON.stringify({ ...event, categoryIds: [...new Set(event.categoryIds)] }));
  } catch {
    // A lost push only delays the map until its next category refetch; the write itself stands.
  }
}
