import Dexie, { type Table } from 'dexie';
import type { FilterPreset } from '../../common/api';

/** Name of the local browser database (SPEC §3). */
export const DB_NAME = 'pins store v2';
/** The single fixed key of the settings row. */
export const SETTINGS_KEY = 'settings';

/** A cached category: its raw PinList bytes (compact: one row per category, not per pin). */
export interface CachedCategory {
  id: number;
  lastEdited: number;
  /** The raw PinList protobuf bytes, as the pins worker handed them over (a Blob; rows cached before 2026-11 hold an ArrayBuffer). */
  bytes: Blob | ArrayBuffer;
  count?: number;
  name?: string;
}

/** A region's pin snapshot (issue 21) as the server sent it, kept for the warm start. */
export interface CachedSnapshot {
  region: number;
  /** The region's version (before per-region versions: the world version it was read at). */
  version: number;
  /** The PinSnapshot bytes (a Blob, stored by reference: no copy on the main thread). */
  bytes: Blob;
  pins: number;
}

/** The local record of a user's checks (key = user id). */
export interface CheckRecord {
  userId: number;
  checkTime: number;
  pinIds: number[];
}

/** Pin icon size. */
export type PinSize = 'default' | 'large';

/** Local settings (SPEC §3), one row under SETTINGS_KEY. */
export interface Settings {
  fixedKey: typeof SETTINGS_KEY;
  hideChecked: boolean;
  /** Unused since the panel always shows its category search (kept: rows stored before say it). */
  filterSearch: boolean;
  redirectOnPinRegister: boolean;
  lastRegion: number;
  pinSize: PinSize;
  /** Found pins drawn fainter still on the map (absent in rows saved before the setting: off). */
  foundFaint?: boolean;
  /** Categories shown on the map (ours: the spec keeps this in the home filters). */
  enabledCategories?: number[];
  /** Category groups folded in the map's panel (absent: all open). */
  collapsedGroups?: number[];
  /** Categories the player turned on lately, newest first (the panel's 최근). */
  recentCategories?: number[];
  /** A visitor's filter presets (a signed-in player's are the account's, on the server). */
  presets?: FilterPreset[];
}

/** Defaults of a first run. */
export const DEFAULT_SETTINGS: Settings = {
  fixedKey: SETTINGS_KEY,
  hideChecked: false,
  filterSearch: false,
  redirectOnPinRegister: true,
  lastRegion: 0,
  pinSize: 'default',
};

/**
 * A check change not yet accepted by the server. Replayed in `seq` order when the server
 * answers again; meanwhile the UI shows it applied over the user's check record.
 */
export interface OutboxEntry {
  seq?: number;
  userId: number;
  pinIds: number[];
  check: boolean;
  /** When the user made the change (epoch ms). */
  at: number;
}

/** The Dexie database 'pins store v2'. */
export class PinsStoreDb extends Dexie {
  cats!: Table<CachedCategory, number>;
  checks!: Table<CheckRecord, number>;
  settings!: Table<Settings, string>;
  outbox!: Table<OutboxEntry, number>;
  snaps!: Table<CachedSnapshot, number>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({ cats: 'id', checks: 'userId', settings: 'fixedKey', outbox: '++seq, userId' });
    this.version(2).stores({ snaps: 'region' });
  }
}

let instance: PinsStoreDb | null = null;
/** The app's local database (opened lazily). */
export function localDb(): PinsStoreDb {
  instance ??= new PinsStoreDb();
  return instance;
}

/** Closes and forgets the database handle (tests reopen it as a page reload would). */
export function closeLocalDb(): void {
  instance?.close();
  instance = null;
}

/** Stored settings, or null on a first run. */
export async function readSettings(db = localDb()): Promise<Settings | null> {
  return (await db.settings.get(SETTINGS_KEY)) ?? null;
}

/** Merges a change into the stored settings. */
export async function saveSettings(change: Partial<Omit<Settings, 'fixedKey'>>, db = localDb()): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const next: Settings = { ...DEFAULT_SETTINGS, ...(await db.settings.get(SETTINGS_KEY)), ...change, fixedKey: SETTINGS_KEY };
    await db.settings.put(next);
    return next;
  });
}
