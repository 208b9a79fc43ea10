// Pin history and the moderation calls (issue 15): react-query hooks over the API.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { World, WorldFloorArea, WorldRegion } from '../../common/regions';
import type { ReportAction } from '../../common/pin-model';
import type { AuditEntry, ModerationReport, Player, Revision } from '../../common/api';
import { api, apiBaseHost } from '../api';
import { ApiClientError } from '../api/errors';
import { ko } from '../i18n/ko';
import { keys as baseKeys } from './keys';
import type { Me } from './types';
import { loadWorld } from './world';

/** A pin's revisions, the report queue, players and the audit log: the server's response schemas' types. */
export type { AuditEntry, ModerationReport, Player, ReportPin, Revision } from '../../common/api';

/** The report queue's filters beyond its status (GET /moderation/reports). */
export interface ReportFilter { kind?: 'duplicate' | 'wrong'; categoryId?: number; region?: number; reporterId?: number }

/** Report actions of the queue (common/pin-model.ts). */
export type { ReportAction };

export const moderationKeys = {
  revisions: (pinId: number) => ['pin', pinId, 'revisions'] as const,
  all: ['moderation'] as const,
  reports: (status: 'open' | 'resolved', filter: ReportFilter = {}) => ['moderation', 'reports', status, filter] as const,
  changes: (userId: number | null) => ['moderation', 'changes', userId] as const,
  players: (q: string) => ['moderation', 'players', q] as const,
  audit: ['moderation', 'audit'] as const,
  world: ['moderation', 'world'] as const,
};

const m = '/api/v1/moderation';
export const moderationPaths = {
  revisions: (pinId: number) => `/api/v1/pin/${pinId}/revisions`,
  revert: (pinId: number) => `/api/v1/pin/${pinId}/revert`,
  reports: (status: 'open' | 'resolved', filter: ReportFilter = {}) => {
    const q = new URLSearchParams({ status });
    for (const [k, v] of Object.entries(filter)) if (v !== undefined) q.set(k, String(v));
    return `${m}/reports?${q.toString()}`;
  },
  report: (id: number) => `${m}/reports/${id}`,
  changes: (userId: number | null) => `${m}/changes${userId ? `?userId=${userId}` : ''}`,
  revertSince: (userId: number) => `${m}/users/${userId}/revert-since`,
  players: (q: string) => `${m}/users?q=${encodeURIComponent(q)}`,
  suspend: (userId: number) => `${m}/users/${userId}/suspend`,
  role: (userId: number) => `${m}/users/${userId}/role`,
  hide: (pinId: number) => `${m}/pins/${pinId}/hide`,
  audit: `${m}/audit`,
};

/** Whether `me` may moderate (moderators and admins). */
export const isStaff = (me: Me | null | undefined): boolean => me?.role === 'moderator' || me?.role === 'admin';

/** A pin's revisions, newest first (readable by everyone). */
export function useRevisions(pinId: number) {
  return useQuery({ queryKey: moderationKeys.revisions(pinId), queryFn: () => api.get<Revision[]>(moderationPaths.revisions(pinId)), enabled: pinId > 0 });
}

/** Everything a moderator action may have changed: the pin, its history and the moderation lists. */
function useInvalidateAfterAction() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: ['pin'] });
    await qc.invalidateQueries({ queryKey: moderationKeys.all });
    await qc.invalidateQueries({ queryKey: baseKeys.categoryGroups });
  };
}

/** Reverts a pin to a revision (moderators and admins). */
export function useRevert() {
  const done = useInvalidateAfterAction();
  return useMutation({
    mutationFn: ({ pinId, revisionId }: { pinId: number; revisionId: number }) => api.post<{ id: number; categoryId: number }>(moderationPaths.revert(pinId), { revisionId }),
    onSuccess: done,
  });
}

/** The report queue of a status, filtered, newest first. */
export function useReports(status: 'open' | 'resolved', filter: ReportFilter = {}) {
  return useQuery({ queryKey: moderationKeys.reports(status, filter), queryFn: () => api.get<ModerationReport[]>(moderationPaths.reports(status, filter)), staleTime: 0 });
}

export function useReportAction() {
  const done = useInvalidateAfterAction();
  return useMutation({
    mutationFn: ({ id, action, keepPinId }: { id: number; action: ReportAction; keepPinId?: number }) => api.post(moderationPaths.report(id), keepPinId ? { action, keepPinId } : { action }),
    onSuccess: done,
  });
}

export function useChanges(userId: number | null) {
  return useQuery({ queryKey: moderationKeys.changes(userId), queryFn: () => api.get<Revision[]>(moderationPaths.changes(userId)), staleTime: 0 });
}

export function useRevertSince() {
  const done = useInvalidateAfterAction();
  return useMutation({
    mutationFn: ({ userId, since }: { userId: number; since: string }) => api.post<{ reverted: number[]; hidden: number[] }>(moderationPaths.revertSince(userId), { since }),
    onSuccess: done,
  });
}

export function usePlayers(q: string) {
  return useQuery({ queryKey: moderationKeys.players(q), queryFn: () => api.get<Player[]>(moderationPaths.players(q)), staleTime: 0 });
}

export function useSuspend() {
  const done = useInvalidateAfterAction();
  return useMutation({
    mutationFn: ({ userId, until, reason }: { userId: number; until: string | null; reason?: string }) =>
      until ? api.post(moderationPaths.suspend(userId), { until, reason }) : api.delete(moderationPaths.suspend(userId)),
    onSuccess: done,
  });
}

export function useSetRole() {
  const done = useInvalidateAfterAction();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: 'moderator' | 'user' }) => api.post(moderationPaths.role(userId), { role }),
    onSuccess: done,
  });
}

export function useHidePin() {
  const done = useInvalidateAfterAction();
  return useMutation({
    mutationFn: ({ pinId, hidden }: { pinId: number; hidden: boolean }) => api.post(moderationPaths.hide(pinId), { hidden }),
    onSuccess: done,
  });
}

export function useAudit() {
  return useQuery({ queryKey: moderationKeys.audit, queryFn: () => api.get<AuditEntry[]>(moderationPaths.audit), staleTime: 0 });
}

/**
 * PUT of a category's icon file (the body is the file itself; the server checks the bytes, at most
 * 256 KiB, PNG or WebP, and re-encodes it to a 64×64 WebP). Errors carry the server's Korean message.
 */
async function uploadCategoryIcon(id: number, file: Blob): Promise<{ id: number; iconUrl: string }> {
  let res: Response;
  try {
    res = await fetch(`${apiBaseHost()}${m}/categories/${id}/icon`, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
      credentials: 'include',
    });
  } catch (e) {
    throw ApiClientError.client('network', 0, e instanceof Error ? e.message : undefined);
  }
  const env = (await res.json().catch(() => null)) as {
    error: { errClazz: string; messageTranslated: string; message: string } | null;
    result: { id: number; iconUrl: string } | null;
  } | null;
  if (!res.ok || !env?.result)
    throw new ApiClientError(res.status, env?.error?.errClazz ?? 'bad_response', env?.error?.messageTranslated ?? ko.defaultError, null, env?.error?.message);
  return env.result;
}

/** Catalogue upkeep (admins): add, rename or move a category, reorder, add a tag. Each refetches the category list. */
export function useCatalogue() {
  const qc = useQueryClient();
  const done = async () => {
    await qc.invalidateQueries({ queryKey: baseKeys.categoryGroups });
    await qc.invalidateQueries({ queryKey: baseKeys.tagGroups });
    await qc.invalidateQueries({ queryKey: moderationKeys.audit });
  };
  return {
    addCategory: useMutation({ mutationFn: (b: { groupId: number; name: string; icon: number; color?: string | null }) => api.post<{ id: number }>(`${m}/categories`, b), onSuccess: done }),
    editCategory: useMutation({ mutationFn: ({ id, ...b }: { id: number; name?: string; icon?: number; groupId?: number; color?: string | null }) => api.patch(`${m}/categories/${id}`, b), onSuccess: done }),
    order: useMutation({ mutationFn: (ids: number[]) => api.post(`${m}/categories/order`, { ids }), onSuccess: done }),
    addTag: useMutation({ mutationFn: ({ id, ...b }: { id: number; groupName: string; name: string }) => api.post(`${m}/categories/${id}/tags`, b), onSuccess: done }),
    setIcon: useMutation({ mutationFn: ({ id, file }: { id: number; file: Blob }) => uploadCategoryIcon(id, file), onSuccess: done }),
    removeIcon: useMutation({ mutationFn: (id: number) => api.delete(`${m}/categories/${id}/icon`), onSuccess: done }),
  };
}

/** A region as the region editor sends it (server/routes/moderation/world.ts): the import format's region. */
export type RegionDraft = Omit<WorldRegion, 'id' | 'key' | 'gameBounds' | 'floorAreas' | 'pinFloors' | 'tileSet'> & {
  key?: string;
  tileSet: Omit<WorldRegion['tileSet'], 'parts'> & { parts?: WorldRegion['tileSet']['parts'] };
  floorAreas: (Omit<WorldFloorArea, 'id' | 'key' | 'parts'> & { id?: number; key?: string; parts?: WorldFloorArea['parts'] })[];
};

/**
 * The region editor (admins): the world as GET /api/v1/world serves it, and saving a region with its floor areas.
 * A save reloads the world registry of this page (src/data/world.ts), so the map and the floor selector follow.
 */
export function useRegionAdmin() {
  const qc = useQueryClient();
  const world = useQuery({ queryKey: moderationKeys.world, queryFn: () => api.get<World>('/api/v1/world'), staleTime: 0 });
  const done = async () => {
    await loadWorld();
    await qc.invalidateQueries({ queryKey: moderationKeys.world });
    await qc.invalidateQueries({ queryKey: moderationKeys.audit });
  };
  return {
    world,
    save: useMutation({
      mutationFn: ({ id, draft }: { id: number | null; draft: RegionDraft }) =>
        id === null ? api.post<WorldRegion>(`${m}/regions`, draft) : api.put<WorldRegion>(`${m}/regions/${id}`, draft),
      onSuccess: done,
    }),
  };
}
