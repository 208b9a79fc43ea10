// Filter presets (issue 20 item 4): the map's categories, highlighted tags and hide-found under a name. A signed-in
// player's are the account's (/api/v1/me/presets, on every device); a visitor's stay in this device's settings row.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { PRESET_LIMITS, type FilterPreset, type FilterPresetsResult } from '../../common/api';
import { readSettings } from './db';
import { useMe } from './hooks';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import { updateSettings } from './settings';

export type { FilterPreset };
export { PRESET_LIMITS };

/** What a preset holds, without its id and time. */
export type PresetContent = Pick<FilterPreset, 'name' | 'categories' | 'tags' | 'hideChecked'>;

const byName = (a: FilterPreset, b: FilterPreset) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

async function visitorPresets(): Promise<FilterPreset[]> {
  return [...((await readSettings().catch(() => null))?.presets ?? [])].sort(byName);
}

/** The player's presets, by name: the account's when signed in, this device's for a visitor. */
export function usePresets() {
  const me = useMe();
  const signedIn = me.data != null;
  return useQuery({
    queryKey: [...keys.presets, signedIn ? (me.data?.id ?? 0) : 0],
    queryFn: async () => (signedIn ? (await api.get<FilterPresetsResult>(paths.presets)).presets : visitorPresets()),
    enabled: me.data !== undefined,
  });
}

/** A visitor's preset saved on this device under its name (the same name replaces it), at most PRESET_LIMITS.presets. */
async function saveVisitorPreset(p: PresetContent): Promise<FilterPreset[]> {
  const all = await visitorPresets();
  const rest = all.filter((x) => x.name !== p.name);
  if (rest.length >= PRESET_LIMITS.presets) throw new Error(`at most ${PRESET_LIMITS.presets} presets`);
  const id = Math.max(0, ...all.map((x) => x.id)) + 1;
  const next = [...rest, { ...p, id: all.find((x) => x.name === p.name)?.id ?? id, updatedAt: Date.now() }].sort(byName);
  await updateSettings({ presets: next });
  return next;
}

/** Saves the current filters as a named preset; resolves to the whole list. */
export function useSavePreset() {
  const me = useMe().data;
  return useMutation({
    mutationFn: async (p: PresetContent) =>
      me ? (await api.put<FilterPresetsResult>(paths.presets, p)).presets : saveVisitorPreset(p),
    onSuccess: (presets) => queryClient.setQueryData([...keys.presets, me?.id ?? 0], presets),
  });
}

/** Deletes a preset; resolves to the whole list. */
export function useDeletePreset() {
  const me = useMe().data;
  return useMutation({
    mutationFn: async (id: number) => {
      if (me) return (await api.delete<FilterPresetsResult>(paths.preset(id))).presets;
      const next = (await visitorPresets()).filter((x) => x.id !== id);
      await updateSettings({ presets: next });
      return next;
    },
    onSuccess: (presets) => queryClient.setQueryData([...keys.presets, me?.id ?? 0], presets),
  });
}
