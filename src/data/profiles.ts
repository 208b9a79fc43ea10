import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { fetchCheckList, flushOutbox, publishChecks } from './checks';
import { localDb, type PinsStoreDb } from './db';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import { currentUserId } from './session';
import { forgetUndo } from './undo';
import type { ProfileList } from '../../common/profiles';

/*
 * Progress profiles (issue 22 item 4): the account's progress sets, one active. The server owns which is active; a
 * switch (here or on another device, told by a `full` check notice) makes this device fetch the list again, so the
 * map, the counts and the undo history all follow the active profile.
 */

export type { ProfileList, ProgressProfile } from '../../common/profiles';

/** The signed-in player's profiles (none for a visitor). */
export function useProfiles(enabled: boolean) {
  return useQuery({
    queryKey: keys.profiles,
    queryFn: () => api.get<ProfileList>(paths.profiles, { suppressToast: true }),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * Shows the active profile's checks after a switch: the whole list again (the map takes the whole set), the
 * device's undo history forgotten (its changes were the other profile's), counts and details read again.
 */
async function showActiveProfile(userId: number, db: PinsStoreDb): Promise<void> {
  forgetUndo();
  await fetchCheckList(db);
  await publishChecks(userId, db, { reset: true });
  for (const queryKey of [keys.myActions, keys.progressAll, ['pin']]) void queryClient.invalidateQueries({ queryKey });
}

/** Makes profile `id` the active one; changes still waiting on this device are sent first (to the profile left). */
export async function switchProfile(id: number, db: PinsStoreDb = localDb()): Promise<ProfileList> {
  const userId = currentUserId();
  if (userId != null) await flushOutbox(userId, db);
  const list = await api.post<ProfileList>(paths.activateProfile(id), {}, { suppressToast: true });
  queryClient.setQueryData(keys.profiles, list);
  if (userId != null) await showActiveProfile(userId, db);
  return list;
}

/** The profile mutations (create, rename, switch, delete); each answers the whole list. Errors are Korean. */
export function useProfileActions() {
  const qc = useQueryClient();
  const settle = async (list: ProfileList, switched: boolean) => {
    qc.setQueryData(keys.profiles, list);
    const userId = currentUserId();
    if (switched && userId != null) await showActiveProfile(userId, localDb());
  };
  const before = () => qc.getQueryData<ProfileList>(keys.profiles)?.active;
  return {
    create: useMutation({
      mutationFn: async ({ name, activate }: { name: string; activate: boolean }) => {
        const userId = currentUserId();
        if (activate && userId != null) await flushOutbox(userId, localDb());
        const list = await api.post<ProfileList>(paths.profiles, { name, activate }, { suppressToast: true });
        await settle(list, activate);
        return list;
      },
    }),
    rename: useMutation({
      mutationFn: async ({ id, name }: { id: number; name: string }) => {
        const list = await api.patch<ProfileList>(paths.profile(id), { name }, { suppressToast: true });
        await settle(list, false);
        return list;
      },
    }),
    switchTo: useMutation({ mutationFn: (id: number) => switchProfile(id) }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        const was = before();
        const list = await api.delete<ProfileList>(paths.profile(id), undefined, { suppressToast: true });
        await settle(list, list.active !== was);
        return list;
      },
    }),
  };
}
