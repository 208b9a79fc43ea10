// Saved routes (issue 22 item 1): a planned route kept on the account (/api/v1/me/routes) and opened read-only by
// its share link (/api/v1/route/:token), by anyone.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { ROUTE_LIMITS, type SavedRoute, type SavedRoutesResult, type SharedRoute } from '../../common/api';
import { useMe } from './hooks';
import { keys, paths } from './keys';
import { queryClient } from './query-client';

export type { SavedRoute, SharedRoute };
export { ROUTE_LIMITS };

/** What a saved route holds, without its id, token and times. */
export type RouteContent = Pick<SavedRoute, 'name' | 'pinIds' | 'start' | 'categories' | 'area' | 'region'>;

/** The signed-in player's saved routes, newest first (none for a visitor). */
export function useSavedRoutes() {
  const me = useMe().data;
  return useQuery({
    queryKey: [...keys.routes, me?.id ?? 0],
    queryFn: async () => (await api.get<SavedRoutesResult>(paths.routes)).routes,
    enabled: me != null,
  });
}

/** Saves a planned route; resolves to the whole list (the new one first). */
export function useSaveRoute() {
  const me = useMe().data;
  return useMutation({
    mutationFn: async (r: RouteContent) => (await api.post<SavedRoutesResult>(paths.routes, r)).routes,
    onSuccess: (routes) => queryClient.setQueryData([...keys.routes, me?.id ?? 0], routes),
  });
}

/** Deletes a saved route (its link stops working); resolves to the whole list. */
export function useDeleteRoute() {
  const me = useMe().data;
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<SavedRoutesResult>(paths.route(id))).routes,
    onSuccess: (routes) => queryClient.setQueryData([...keys.routes, me?.id ?? 0], routes),
  });
}

/** A route by its share token, read-only (anyone). */
export function fetchSharedRoute(token: string): Promise<SharedRoute> {
  return api.get<SharedRoute>(paths.sharedRoute(token), { suppressToast: true });
}

/** The share link of a saved route: the map of its region and categories, with the route drawn. */
export function routeShareUrl(
  r: { region: number; categories: readonly number[]; shareToken: string },
  origin = window.location.origin,
): string {
  return `${origin}/?r=${r.region}&c=${r.categories.join(',')}&route=${encodeURIComponent(r.shareToken)}`;
}
