import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiClientError } from '../api';
import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { store, useFoundSet, useStore } from '../state';
import { categoriesById, ensureCategoryLoaded } from './categories';
import { fetchCheckList, markPins } from './checks';
import { clearVisitorMarks, VISITOR_ID, visitorMarks } from './visitor-checks';
import { fetchProgress, mergeVisitorMarks, visitorMergePreview } from './visitor-merge';
import { offerUndo } from './undo';
import { localDb } from './db';
import { keys, paths, type SearchFilters } from './keys';
import { dataWorker } from './pins-worker';
import { currentUserId, displayName, fetchMe, logout, logoutEverywhere, onLoginSuccess, resetSession, settledSession } from './session';
import type { LeftPin } from '../../common/progress';
import type { CategoryGroup, CommentPage, CommentVotes, Me, MyPins, PinDetail, PinDraft, PinReport, SearchResult, TagGroup } from './types';

/** The signed-in user, or null for a visitor (undefined while loading). */
export function useMe() {
  return useQuery({ queryKey: keys.me, queryFn: fetchMe });
}

/** The name to show for the current user ('방랑자' for a visitor). */
export function useDisplayName(): string {
  return displayName(useMe().data);
}

/** Category groups with their categories (id, name, lastEdited, pinCount, icon). */
export function useCategoryGroups() {
  return useQuery({ queryKey: keys.categoryGroups, queryFn: () => api.get<CategoryGroup[]>(paths.categoryGroups) });
}

/** Tag groups. */
export function useTagGroups() {
  return useQuery({ queryKey: keys.tagGroups, queryFn: () => api.get<TagGroup[]>(paths.tagGroups) });
}

/**
 * Whether a pin is found as the page shows it: the store's found set (the page's one copy, check-sync/index.ts)
 * once it holds this player's (a visitor's marks are there under VISITOR_ID), else the flag a server answer
 * carried (a pin detail's isChecked, a search hit's checked) while the store does not have the player's yet.
 */
export function useFound(): (id: number, answered: boolean | undefined) => boolean {
  const me = useMe().data;
  const snap = useStore();
  const ours = me !== undefined && snap.checksOf === (me?.id ?? VISITOR_ID);
  const { found } = useFoundSet();
  return (id, answered) => (ours ? found.has(id) : answered === true);
}

/** Pin detail (with the caller's isChecked). */
export function usePin(id: number | null | undefined) {
  // The signal: a pin left before its detail answered is not waited for (react-query aborts a query no one watches).
  return useQuery({ queryKey: keys.pin(id ?? 0), queryFn: ({ signal }) => api.get<PinDetail>(paths.pin(id!), { signal }), enabled: id != null && id > 0 });
}

/** One page of a pin's comments (page counted from 0). */
export function useComments(pinId: number, page: number, n: number) {
  return useQuery({ queryKey: keys.comments(pinId, page, n), queryFn: () => api.get<CommentPage>(paths.comments(pinId, page, n)), enabled: pinId > 0 });
}

/** The user's check list from the server (the local record is kept in step). */
export function useMyChecks() {
  const me = useMe().data;
  return useQuery({ queryKey: keys.myChecks, queryFn: () => fetchCheckList(), enabled: me != null });
}

/** The pins the user registered, newest first (the first `n`, at most 200). */
export function useMyPins(n = 200) {
  const me = useMe().data;
  return useQuery({
    queryKey: keys.myPins,
    queryFn: async () => (await api.get<MyPins>(`${paths.myPins}?n=${n}&page=0`)).pins,
    enabled: me != null,
  });
}

/** Hits per search page (the list asks for the next one as the player scrolls near its end). */
export const SEARCH_PAGE = 50;

/**
 * The server's search (case-, accent- and spacing-insensitive; descriptions, tags, category names and
 * pin numbers), a page at a time by keyset cursor: the first page says the total and the matching categories.
 */
export function useSearch(q: string, filters: SearchFilters, pageSize = SEARCH_PAGE) {
  const text = q.trim();
  return useInfiniteQuery({
    queryKey: keys.search(text, filters),
    // Each query's answer lands under its own key, so one that answers after the player typed on is never shown;
    // with the signal its request is aborted once no one watches it (issue 24 item 3).
    queryFn: ({ pageParam, signal }) => api.get<SearchResult>(paths.search(text, filters, pageSize, pageParam ?? undefined), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: text.length > 0 || filters.notes === true,
    staleTime: 0,
  });
}

function requireUserId(): number {
  const id = currentUserId();
  if (id == null) {
    notify({ kind: 'error', message: ko.loginRequired });
    throw new ApiClientError(401, 'requires_login', ko.loginRequired);
  }
  return id;
}

/** Who marks a pin: the signed-in player, or a visitor (kept on this device), once the session is known. */
async function markerId(): Promise<number> {
  return (await settledSession()) === null ? VISITOR_ID : requireUserId();
}

/** Found/total per category and per region, as the server counts them (a visitor's: this device's marks, counted there). */
export function useProgress() {
  const me = useMe();
  const userId = me.data?.id ?? 0;
  // Kept in step with the player's ticks from their changes, with no request (data/check-sync).
  return useQuery({
    queryKey: keys.progress(userId),
    queryFn: () => fetchProgress(me.data ? me.data.id : VISITOR_ID),
    // Wait for the session so a signed-in player's first answer already has their checks.
    enabled: !me.isPending,
  });
}

/** The pins of one category in one region the player has not found ("남은 핀"), as the server counts them; null: not asked. */
export function useLeftPins(cell: { region: number; categoryId: number } | null) {
  const me = useMe();
  const userId = me.data?.id ?? 0;
  return useQuery({
    queryKey: keys.progressLeft(userId, cell?.region ?? -1, cell?.categoryId ?? -1),
    queryFn: async () => {
      const { left } = await api.get<{ left: LeftPin[] }>(paths.progressLeft(cell!.region, cell!.categoryId));
      if (me.data) return left;
      // A visitor's marks are on this device only: the server lists every pin of the cell. The store's found set
      // holds them once published (no second read of the device's copy).
      const marks = store.checksOf === VISITOR_ID ? store.checks : new Set(await visitorMarks());
      return left.filter((p) => !marks.has(p.id));
    },
    enabled: !me.isPending && cell !== null,
  });
}

/** Marks one pin found or not found; resolves 'sent' or 'queued' (offline: sent later). */
export function useCheckPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ pinId, check }: { pinId: number; check: boolean }) => {
      const change = await markPins(await markerId(), [pinId], check);
      offerUndo(change);
      return change.status;
    },
    onMutate: ({ pinId, check }) => {
      qc.setQueryData<PinDetail>(keys.pin(pinId), (d) => {
        if (!d || d.isChecked === check) return d;
        return { ...d, isChecked: check, totalChecks: Math.max(0, (d.totalChecks ?? 0) + (check ? 1 : -1)) };
      });
    },
    onError: (_e, { pinId }) => void qc.invalidateQueries({ queryKey: keys.pin(pinId) }),
  });
}

/** What merging this device's visitor marks would add to the signed-in account (pins the server still shows). */
export function useVisitorMerge() {
  const me = useMe().data;
  return useQuery({
    queryKey: keys.visitorMerge(me?.id ?? 0),
    queryFn: () => visitorMergePreview(me!.id),
    enabled: me != null,
    staleTime: 0,
  });
}

/**
 * Merges the visitor marks into the account as one batch (undoable like any); the device forgets them once the
 * server has the batch (queued offline, they stay until then). Declined, it only forgets them.
 */
export function useMergeVisitorMarks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ pinIds, merge }: { pinIds: number[]; merge: boolean }) => {
      if (!merge) return void (await clearVisitorMarks());
      const change = await mergeVisitorMarks(requireUserId(), pinIds);
      if (change) offerUndo(change);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['visitorMerge'] });
      void qc.invalidateQueries({ queryKey: ['pin'] });
    },
  });
}

/** Marks many pins at once (the multi-check flow). */
export function useBatchCheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ pinIds, check }: { pinIds: number[]; check: boolean }) => {
      await settledSession();
      const change = await markPins(requireUserId(), pinIds, check);
      offerUndo(change);
      return change.status;
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['pin'] }),
  });
}

// After an edit the server's lastEdited moved on, so the cached copy is stale and the pins are fetched.
async function reloadCategory(categoryId: number): Promise<void> {
  const groups = await api.get<CategoryGroup[]>(paths.categoryGroups, { suppressToast: true }).catch(() => null);
  await ensureCategoryLoaded(categoryId, groups ? categoriesById(groups).get(categoryId) : undefined, dataWorker(), localDb());
}

/** Registers a pin (PUT /api/v1/pin); its category is fetched again so the map shows it. */
export function useCreatePin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: PinDraft) => api.put<{ id: number; categoryId: number }>(paths.createPin, draft),
    onSuccess: async (res) => {
      notify({ kind: 'success', message: ko.pinRegistered });
      await qc.invalidateQueries({ queryKey: keys.categoryGroups });
      await reloadCategory(res.categoryId).catch(() => {});
    },
  });
}

/** Edits a pin (PATCH /api/v1/pin/{id}) with any subset of the draft. */
export function useEditPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: Partial<PinDraft> }) => api.patch<{ id: number; categoryId: number }>(paths.pin(id), change),
    onSuccess: async (res) => {
      await qc.invalidateQueries({ queryKey: keys.pin(res.id) });
      await qc.invalidateQueries({ queryKey: keys.categoryGroups });
      await reloadCategory(res.categoryId).catch(() => {});
    },
  });
}

/** Adds a comment (image = a link from uploadImage, or null). */
export function useAddComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ pinId, content, image }: { pinId: number; content: string; image?: string | null }) => api.put(paths.addComment(pinId), { content, image: image ?? null }),
    onSuccess: (_r, { pinId }) => void qc.invalidateQueries({ queryKey: keys.commentsOf(pinId) }),
  });
}

/** Deletes a comment. */
export function useDeleteComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { commentId: number; pinId: number }) => api.delete(paths.deleteComment(commentId)),
    onSuccess: (_r, { pinId }) => void qc.invalidateQueries({ queryKey: keys.commentsOf(pinId) }),
  });
}

/** Recommends or disrecommends a comment (the same vote again withdraws it). */
export function useLikeComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, type }: { commentId: number; pinId: number; type: 'recommend' | 'disrecommend' }) =>
      api.post<CommentVotes>(paths.likeComment(commentId), { type }),
    // The answer carries the comment's new counts and the caller's vote: patch the cached pages.
    onSuccess: (votes, { pinId, commentId }) => {
      qc.setQueriesData<CommentPage>({ queryKey: keys.commentsOf(pinId) }, (page) =>
        page && { ...page, comments: page.comments.map((c) => (c.id === commentId ? { ...c, recommend: votes.recommend, disrecommend: votes.disrecommend, myVote: votes.myVote } : c)) });
    },
  });
}

/** Reports a wrong or duplicate pin (duplicatePinId 0 when none). */
export function useReportPin() {
  return useMutation({
    mutationFn: (report: PinReport) => api.post(paths.report, report),
    onSuccess: () => notify({ kind: 'success', message: ko.reportSubmitted }),
  });
}

/** Changes the nickname; `me` takes the server's answer. */
export function useUpdateNickname() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) => {
      if (!nickname.trim()) {
        notify({ kind: 'error', message: ko.nicknameEmpty });
        throw new ApiClientError(400, 'bad_request', ko.nicknameEmpty);
      }
      return api.patch<Me>(paths.me, { nickname: nickname.trim() });
    },
    onSuccess: (me) => {
      qc.setQueryData(keys.me, me);
      notify({ kind: 'success', message: ko.nicknameChanged });
    },
  });
}

/** Deletes the account: logged out without the logout toast, 'account deleted' instead. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => api.delete(paths.me),
    onSuccess: () => {
      resetSession();
      notify({ kind: 'success', message: ko.accountDeleted });
    },
  });
}

/** Logs out ('logout completed' toast). */
export function useLogout() {
  return useMutation({ mutationFn: () => logout() });
}

/** Logs out every session of the account ('logged out everywhere' toast). */
export function useLogoutEverywhere() {
  return useMutation({ mutationFn: () => logoutEverywhere() });
}

/** Outcome of a provider login: signed in, or a registration step is needed. */
export type LoginOutcome = { status: 'signed-in'; me: Me | null } | { status: 'register' };

/** Exchanges the provider's authorization code; resolves 'register' when the account is new. */
export function useOAuthLogin(provider: string) {
  return useMutation({
    // `state` is the one the server bound to this browser at …/start; it refuses a code without it.
    mutationFn: async ({ code, state }: { code: string; state: string }): Promise<LoginOutcome> => {
      try {
        const res = await api.post<{ registered?: boolean; needsRegistration?: boolean } | null>(paths.oauthLogin(provider), { code, state }, { suppressToast: true });
        if (res && (res.registered === false || res.needsRegistration === true)) return { status: 'register' };
      } catch (e) {
        if (e instanceof ApiClientError && e.errClazz === 'registration_required') return { status: 'register' };
        if (e instanceof ApiClientError) notify({ kind: 'error', message: e.messageTranslated });
        throw e;
      }
      return { status: 'signed-in', me: await onLoginSuccess() };
    },
  });
}

/** Creates the account after a provider login, then signs in (welcome toast). */
export function useRegister(provider: string) {
  return useMutation({
    mutationFn: async (nickname: string) => {
      if (!nickname.trim()) {
        notify({ kind: 'error', message: ko.nicknameEmpty });
        throw new ApiClientError(400, 'bad_request', ko.nicknameEmpty);
      }
      await api.post(paths.oauthRegister(provider), { nickname: nickname.trim() });
      return onLoginSuccess();
    },
  });
}
