import type { FastifyInstance } from 'fastify';
import { rateLimitsFromEnv } from '../security/limits';
import { registerImageUpload } from '../images/upload';
import { typeboxValidator } from './validator';
import type { RouteFolder } from './folder';
import { authRoutes } from './auth';
import { oauthRoutes } from './oauth';
import { meRoutes } from './me';
import { categoryRoutes } from './category';
import { pinsRoutes } from './pins';
import { pinRoutes } from './pin';
import { commentRoutes } from './comment';
import { searchRoutes } from './search';
import { moderationRoutes } from './moderation';
import { routeRoutes } from './route';
import { registerEventRoutes } from './events';
import { registerWorldRoutes } from './world';

/*
 * The API's routes (registered under /api). A route's file follows its URL: /v1/me/pins is in
 * me/pins.ts, /v1/pin/:id/check in pin/check.ts, /v1/category/:id/pins-proto in category/pins-proto.ts.
 * Each folder's index.ts lists its registrations (a RouteFolder, folder.ts); FOLDERS below names the folders.
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

/** The routes of server/routes' own files (the event stream, the world) and the image host (server/images). */
const rootRoutes: RouteFolder = { plain: [registerImageUpload], strict: [registerEventRoutes, registerWorldRoutes] };

/** Every folder of routes (moderation: see moderation/index.ts). */
const FOLDERS: readonly RouteFolder[] = [
  authRoutes,
  oauthRoutes,
  meRoutes,
  categoryRoutes,
  pinsRoutes,
  pinRoutes,
  commentRoutes,
  searchRoutes,
  moderationRoutes,
  routeRoutes,
  rootRoutes,
];

/** Registers every route of the API (SPEC §7) on `app` (the /api scope). */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  const limits = rateLimitsFromEnv();
  for (const folder of FOLDERS) {
    for (const register of folder.plain ?? []) await register(app, limits);
    if (!folder.strict?.length) continue;
    // A child scope (same prefix) so the strict validator applies to these routes only.
    await app.register(async (scope) => {
      scope.setValidatorCompiler(typeboxValidator);
      for (const register of folder.strict ?? []) await register(scope, limits);
    });
  }
}
