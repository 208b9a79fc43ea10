// The local settings (SPEC §3): one row in IndexedDB, one copy in the query cache, one writer
// (updateSettings). The map's own settings (region, hide found, pin size, categories) live in the
// store; start-up saves them through updateSettings whenever the store changes.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { setFoundFaint, setHideChecked, setPinSize } from '../state';
import { DEFAULT_SETTINGS, localDb, readSettings, saveSettings, type PinsStoreDb, type Settings } from './db';
import { keys } from './keys';
import { queryClient } from './query-client';

/** A change to the settings (the fixed key stays). */
export type SettingsChange = Partial<Omit<Settings, 'fixedKey'>>;

let writing: Promise<unknown> = Promise.resolve();
let pendingWrites = 0;
/**
 * While a settings write is under way the page's root says so (`data-settings-saving`): a reload before it lands
 * reads the row as it was. Journeys wait for it to go before they reload.
 */
function markSaving(delta: number): void {
  pendingWrites += delta;
  if (typeof document === 'undefined') return;
  if (pendingWrites > 0) document.documentElement.dataset.settingsSaving = '';
  else delete document.documentElement.dataset.settingsSaving;
}
/**
 * The one writer of the settings: the change shows at once (query cache), then is merged into the
 * stored row; writes go one at a time, in call order. Resolves to the settings as stored.
 */
export function updateSettings(change: SettingsChange, db: PinsStoreDb = localDb()): Promise<Settings> {
  // Only a copy read from the row is patched: a bare change over the defaults would hide the stored values.
  if (queryClient.getQueryData(keys.settings)) queryClient.setQueryData<Settings>(keys.settings, (s) => s && { ...s, ...change });
  markSaving(1);
  const saved: Promise<Settings> = writing
    .catch(() => {})
    .then(() => saveSettings(change, db))
    .then((row) => {
      // A later write still pending already patched the copy; the last one to finish sets it.
      if (writing === saved) queryClient.setQueryData(keys.settings, row);
      return row;
    })
    .finally(() => markSaving(-1));
  writing = saved;
  return saved;
}

/** The local settings, and a setter that applies a change to the map and saves it. */
export function useSettings(): [Settings, (change: SettingsChange) => void] {
  const { data } = useQuery({ queryKey: keys.settings, queryFn: async () => (await readSettings().catch(() => null)) ?? DEFAULT_SETTINGS });
  const update = useCallback((change: SettingsChange) => {
    if (change.hideChecked !== undefined) setHideChecked(change.hideChecked);
    if (change.pinSize !== undefined) setPinSize(change.pinSize);
    if (change.foundFaint !== undefined) setFoundFaint(change.foundFaint);
    void updateSettings(change).catch(() => {});
  }, []);
  return [data ?? DEFAULT_SETTINGS, update];
}
