import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { store } from '../state';
import { readSettings, saveSettings, DEFAULT_SETTINGS, type Settings } from './db';
import { keys } from './keys';
import { queryClient } from './query-client';
import { updateSettings, useSettings, type SettingsChange } from './settings';
import { freshProfile } from './test-support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(freshProfile);

describe('settings: one row, one copy, one writer (SPEC §3)', () => {
  it('updateSettings keeps the stored values a change does not name, and writes in call order', async () => {
    await saveSettings({ filterSearch: true, redirectOnPinRegister: false });
    // Nothing has read the settings yet: the copy is not made up from the defaults.
    const writes = [updateSettings({ pinSize: 'large' }), updateSettings({ pinSize: 'default', hideChecked: true })];
    // The page says a write is under way until the last one lands (journeys wait on it before a reload).
    expect(document.documentElement.dataset.settingsSaving).toBe('');
    await writes[0];
    expect(document.documentElement.dataset.settingsSaving).toBe('');
    await Promise.all(writes);
    expect(document.documentElement.dataset.settingsSaving).toBeUndefined();
    const stored = await readSettings();
    expect(stored).toMatchObject({ filterSearch: true, redirectOnPinRegister: false, pinSize: 'default', hideChecked: true });
    expect(queryClient.getQueryData<Settings>(keys.settings)).toEqual(stored);
  });

  it('useSettings reads the stored row, and its setter shows the change at once, applies it to the map and saves it', async () => {
    await saveSettings({ filterSearch: true });
    let value: [Settings, (c: SettingsChange) => void] | undefined;
    const el = document.createElement('div');
    document.body.appendChild(el);
    const root = createRoot(el);
    function Probe() {
      value = useSettings();
      return null;
    }
    await act(async () => root.render(createElement(QueryClientProvider, { client: queryClient }, createElement(Probe))));
    await expect.poll(() => value?.[0].filterSearch).toBe(true);
    await act(async () => value![1]({ hideChecked: true, redirectOnPinRegister: false }));
    expect(value![0]).toMatchObject({ ...DEFAULT_SETTINGS, filterSearch: true, hideChecked: true, redirectOnPinRegister: false });
    expect(store.homeFilters.hideChecked).toBe(true);
    await expect.poll(async () => (await readSettings())?.redirectOnPinRegister).toBe(false);
    root.unmount();
    el.remove();
  });
});
