import type { FastifyInstance } from 'fastify';
import { rateLimitsFromEnv } from '../security/limits';
import { registerImageUpload } from '../images/upload';
import { typeboxValidator } from './validator';
import { registerSessionRoutes } from './auth/session';
import { registerProvidersRoute } from './auth/providers';
import { registerEmergencyRoutes } from './auth/emergency';
import { registerOAuthRoutes } from './oauth/oauth';
import { registerMeRoutes } from './me/me';
import { registerMyCheckRoutes } from './me/checks';
import { registerMyPinRoutes } from './me/pins';
import { registerActionRoutes } from './me/actions';
import { registerExportImportRoutes } from './me/export-import';
import { registerNoteRoutes } from './me/notes';
import { registerPresetRoutes } from './me/presets';
import { registerProfileRoutes } from './me/profiles';
import { registerRivalImportRoutes } from './me/rival-import';
import { registerSavedRouteRoutes } from './me/routes';
import { registerSharedRouteRoutes } from './route/shared';
import { registerCategoryRoutes } from './category/groups';
import { registerCategoryIconRoute } from './category/icon';
import { registerPinListRoutes } from './category/pins-proto';
import { registerPinSnapshotRoutes } from './pins/snapshot';
import { regionsSharingTileSet } from '../../common/regions';
import { registerPinRoutes } from './pin/pin';
import { registerCheckRoutes } from './pin/check';
import { registerPinCommentRoutes } from './pin/comments';
import { registerRevisionRoutes } from './pin/revisions';
import { registerRegionProgressRoutes } from './pin/progress';
import { registerCommentRoutes } from './comment/comment';
import { registerSearchRoutes } from './search/search';
import { registerReportRoutes } from './moderation/reports';
import { registerChangeRoutes } from './moderation/changes';
import { registerPlayerRoutes } from './moderation/players';
import { registerCatalogueRoutes } from './moderation/catalogue';
import { registerWorldAdminRoutes } from './moderation/world';
import { registerEventRoutes } from './events';
import { registerWorldRoutes } from './world';

/*
 * The API's routes (registered under /api). A route's file follows its URL: /v1/me/pins is in
 * me/pins.ts, /v1/pin/:id/check in pin/check.ts, /v1/category/:id/pins-proto in category/pins-proto.ts.
 *
 * Sign-in, sessions, /v1/me and the image host use Fastify's own validator; every other route is
 * checked by TypeBox itself (validator.ts): bodies strictly, without type coercion; a failure is a
 * 400 envelope with a Korean message, never a 500.
 *
 * Limits of the data routes
 *   ids (path and body)            integers 1..2,147,483,647
 *   PUT/PATCH /v1/pin              region a known region; coordX/coordY finite and inside the region's tile-set
 *                                  extent, coordZ an integer floor in -32..32 or null ('좌표에 잘못된 값이
 *                                  입력되었습니다.'); content ≤ 2,000 chars (trimmed, empty = none);
 *                                  tags ≤ 20 known tag ids; image an http(s) URL or /images/<file>, ≤ 500 chars
 *   POST /v1/pin/report            comment 1..1,000 chars; duplicatePinId 0 (none) or another known pin
 *   POST /v1/pin/batch-check       pinIds 1..50,000 (duplicates removed); all must exist or nothing applies
 *   POST /v1/auth/emergency        ≤ 100 records, ≤ 100,000 pin ids per record and in all
 *   GET /v1/pin/:id/comment        n 1..50 (default 10), page 0..100,000
 *   PUT /v2/pin/:id/comment        content 1..1,000 chars (trimmed); image as for pins (our own
 *                                  uploads are stored as /images/<file>, whatever origin they came with)
 *   GET /v1/search                 q 1..50 chars (trimmed), limit 1..200 (default 30), region, category,
 *                                  unfound=true (signed in), after = the previous page's `next` (a pin id)
 *   GET /v1/me/pins                n 1..200 (default 50), page 0..100,000
 *   PUT /v1/me/notes/:id           body 1..MAX_NOTE (500, common/notes.ts) chars (trimmed); one note per player per pin
 *   PUT /v1/me/presets             name 1..30 chars (trimmed), ≤ 2,000 categories, ≤ 500 tags, ≤ 20 presets a player
 *   POST/PATCH /v1/me/profiles     name 1..20 chars (trimmed), unique per account; at most 10 profiles (repos/profiles.ts)
 *   POST /v1/me/routes             name 1..40 chars (trimmed); 1..1,000 visible pins, none twice; ≤ 50 routes a player
 *   request bodies                 1 MiB (the app's bodyLimit)
 *
 * Decisions where the spec is silent
 *   - checkTime moves (to max(now, lastCheckTime + 1)) only when a call changes the user's checks; a
 *     call that changes nothing answers checkTime = lastCheckTime, so repeating a call is harmless.
 *   - pins-proto lists carry tagIds but not tags (the tag-groups call has the names); its ETag is
 *     W/"cat-<id>-<lastEdited>-pb|json" (the representation is part of the tag, Vary: Accept).
 *     totalChecks in that list is as of the encoding; the pin detail has the live count.
 *   - Best comments: ≥ 5 recommends and more recommends than disrecommends, top 3 by recommends,
 *     shown first on page 0 and left out of the newest-first list, so each comment appears once.
 *   - A comment may be deleted by its author or by a moderator or admin.
 *   - The same vote again withdraws it; the other vote replaces it. Authors may vote on their own.
 */

/*
 * The moderation calls, for moderators and admins; a visitor gets
 * requires_login and a player 403. Every action runs in one transaction with its audit entry.
 *
 *   GET  /v1/moderation/reports?status=open|resolved        the report queue, newest first
 *   POST /v1/moderation/reports/:id {action, keepPinId?}    dismiss | resolve | hide | merge
 *   GET  /v1/moderation/changes?since=&userId=&before=      every pin revision, newest first
 *   POST /v1/moderation/users/:id/revert-since {since}      undo a player's edits since a time
 *   GET  /v1/moderation/users?q=                            players (staff first)
 *   POST /v1/moderation/users/:id/suspend {until, reason}   suspend; DELETE lifts it
 *   POST /v1/moderation/users/:id/role {role}               admins: appoint or remove a moderator
 *   POST /v1/moderation/pins/:id/hide {hidden}              hide or show a pin
 *   GET  /v1/moderation/audit?before=                       the audit log, newest first
 *   POST /v1/moderation/categories, PATCH …/categories/:id, POST …/categories/order,
 *   POST …/categories/:id/tags                              admins: catalogue upkeep
 *   PUT/DELETE …/categories/:id/icon (body: the PNG/WebP)   admins: a category's raster icon
 */

/** Registers every route of the API (SPEC §7) on `app` (the /api scope). */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  const limits = rateLimitsFromEnv();
  await registerSessionRoutes(app, limits);
  await registerOAuthRoutes(app, limits);
  await registerMeRoutes(app);
  await registerProvidersRoute(app);
  await registerImageUpload(app);
  // A child scope (same prefix) so the strict validator applies to these routes only.
  await app.register(async (scope) => {
    scope.setValidatorCompiler(typeboxValidator);
    await registerCategoryRoutes(scope);
    await registerCategoryIconRoute(scope);
    await registerPinListRoutes(scope);
    // A server that serves the app prebuilds the snapshots of the regions the map opens on (region 0's tile set).
    await registerPinSnapshotRoutes(scope, { prebuild: app.config.serveClient ? regionsSharingTileSet(0).map((r) => r.id) : [] });
    await registerPinRoutes(scope);
    await registerCheckRoutes(scope);
    await registerMyCheckRoutes(scope);
    await registerEmergencyRoutes(scope);
    await registerActionRoutes(scope);
    await registerExportImportRoutes(scope);
    await registerPinCommentRoutes(scope);
    await registerCommentRoutes(scope);
    await registerSearchRoutes(scope);
    await registerMyPinRoutes(scope);
    await registerRevisionRoutes(scope);
    await registerEventRoutes(scope);
    await registerRegionProgressRoutes(scope);
    await registerNoteRoutes(scope);
    await registerPresetRoutes(scope);
    await registerWorldRoutes(scope);
    await registerProfileRoutes(scope);
    await registerRivalImportRoutes(scope);
    await registerSavedRouteRoutes(scope);
    await registerSharedRouteRoutes(scope);
  });
  await app.register(async (scope) => {
    scope.setValidatorCompiler(typeboxValidator);
    await registerReportRoutes(scope);
    await registerChangeRoutes(scope);
    await registerPlayerRoutes(scope);
    await registerCatalogueRoutes(scope);
    await registerWorldAdminRoutes(scope);
  });
}
