// Query keys and the paths they read: one place for every server query (SPEC §7).

/** What a search narrows to (GET /api/v1/search): one region, one category, the pins not yet found. */
export interface SearchFilters {
  region?: number;
  category?: number;
  unfound?: boolean;
  /** "내 메모": the signed-in player's private notes only (an empty query lists them all). */
  notes?: boolean;
}

/** react-query keys. */
export const keys = {
  me: ['me'] as const,
  categoryGroups: ['category', 'groups'] as const,
  tagGroups: ['category', 'tag-groups'] as const,
  pin: (id: number) => ['pin', id] as const,
  comments: (pinId: number, page: number, n: number) => ['pin', pinId, 'comments', page, n] as const,
  commentsOf: (pinId: number) => ['pin', pinId, 'comments'] as const,
  /** The player's private note on a pin (under ['pin'], so a sign-out drops it). */
  note: (pinId: number) => ['pin', pinId, 'note'] as const,
  myChecks: ['me', 'checks'] as const,
  myPins: ['me', 'pins'] as const,
  myActions: ['me', 'actions'] as const,
  /** The player's filter presets (the account's, or this device's for a visitor). */
  presets: ['me', 'presets'] as const,
  /** The player's progress profiles (issue 22). */
  profiles: ['me', 'profiles'] as const,
  /** The player's saved routes (issue 22). */
  routes: ['me', 'routes'] as const,
  visitorMerge: (userId: number) => ['visitorMerge', userId] as const,
  search: (q: string, f: SearchFilters) => ['search', q, f.region ?? null, f.category ?? null, f.unfound === true, f.notes === true] as const,
  providers: ['auth', 'providers'] as const,
  /** The local settings row (IndexedDB, not the server). */
  settings: ['settings'] as const,
  /** Found/total per category and region; per user (0 = visitor). */
  progress: (userId: number) => ['progress', userId] as const,
  progressAll: ['progress'] as const,
  /** A region's pins of one category the player has not found ("남은 핀"); under progressAll, so asked again with it. */
  progressLeft: (userId: number, region: number, categoryId: number) => ['progress', userId, 'left', region, categoryId] as const,
};

/** Server paths. */
export const paths = {
  me: '/api/v1/me',
  /** The versions of the region pin snapshots, every region's (GET /api/v1/pins/snapshot/{region}/{version} is the worker's). */
  pinSnapshot: '/api/v1/pins/snapshot',
  myChecks: '/api/v1/me/checks',
  myPins: '/api/v1/me/pins',
  myActions: '/api/v1/me/actions',
  undoAction: (id: number) => `/api/v1/me/actions/${id}/undo`,
  profiles: '/api/v1/me/profiles',
  profile: (id: number) => `/api/v1/me/profiles/${id}`,
  activateProfile: (id: number) => `/api/v1/me/profiles/${id}/activate`,
  note: (pinId: number) => `/api/v1/me/notes/${pinId}`,
  presets: '/api/v1/me/presets',
  preset: (id: number) => `/api/v1/me/presets/${id}`,
  routes: '/api/v1/me/routes',
  route: (id: number) => `/api/v1/me/routes/${id}`,
  sharedRoute: (token: string) => `/api/v1/route/${encodeURIComponent(token)}`,
  events: '/api/v1/events',
  exportChecks: (format: 'json' | 'csv') => `/api/v1/me/export?format=${format}`,
  importChecks: '/api/v1/me/import',
  categoryGroups: '/api/v1/category/groups',
  tagGroups: '/api/v1/category/tag-groups',
  pinsProto: (categoryId: number) => `/api/v1/category/${categoryId}/pins-proto`,
  pin: (id: number) => `/api/v1/pin/${id}`,
  createPin: '/api/v1/pin',
  report: '/api/v1/pin/report',
  check: (id: number) => `/api/v1/pin/${id}/check`,
  batchCheck: '/api/v1/pin/batch-check',
  comments: (pinId: number, page: number, n: number) => `/api/v1/pin/${pinId}/comment?n=${n}&page=${page}`,
  addComment: (pinId: number) => `/api/v2/pin/${pinId}/comment`,
  deleteComment: (id: number) => `/api/v1/comment/${id}`,
  likeComment: (id: number) => `/api/v2/comment/${id}/like`,
  search: (q: string, f: SearchFilters, limit: number, after?: string) => {
    const p = new URLSearchParams({ q, limit: String(limit) });
    if (f.region !== undefined) p.set('region', String(f.region));
    if (f.category !== undefined) p.set('category', String(f.category));
    if (f.unfound) p.set('unfound', 'true');
    if (f.notes) p.set('notes', 'true');
    if (after !== undefined) p.set('after', after);
    return `/api/v1/search?${p}`;
  },
  refresh: '/api/v1/auth/refresh',
  logout: '/api/v1/auth/logout',
  logoutAll: '/api/v1/auth/logout-all',
  emergency: '/api/v1/auth/emergency',
  providers: '/api/v1/auth/providers',
  oauthStart: (provider: string) => `/api/v1/oauth/${encodeURIComponent(provider)}/start`,
  progress: '/api/v1/pin/progress',
  progressLeft: (region: number, categoryId: number) => `/api/v1/pin/progress?region=${region}&categoryId=${categoryId}`,
  oauthLogin: (provider: string) => `/api/v1/oauth/${provider}/login`,
  oauthRegister: (provider: string) => `/api/v1/oauth/${provider}/register`,
};
