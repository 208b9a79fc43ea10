import type { FastifyInstance } from 'fastify';
import { registerCategoryRoutes } from './data/category';
import { registerCheckRoutes } from './data/checks';
import { registerCommentRoutes } from './data/comment';
import { registerPinRoutes } from './data/pin';
import { registerProgressRoutes } from './data/progress';
import { registerLiveRoutes } from './data/live';
import { registerRegionProgressRoutes } from './data/region-progress';
import { registerSearchRoutes } from './data/search';
import { registerRevisionRoutes } from './data/revisions';
import { registerPinEventRoutes } from './data/pin-events';
import { typeboxValidator } from './data/validator';

/*
 * The data routes of SPEC §7 (registered under /api). Every path, query and body is checked by a
 * TypeBox schema (bodies strictly, without type coercion); a failure is a 400 envelope with a
 * Korean message, never a 500.
 *
 * Limits
 *   ids (path and body)            integers 1..2,147,483,647
 *   PUT/PATCH /v1/pin              region 0..6; coordX/coordY finite and inside the region's tile-set
 *                                  extent, coordZ an integer floor in -32..32 or null ('좌표에 잘못된 값이
 *                                  입력되었습니다.'); content ≤ 2,000 chars (trimmed, empty = none);
 *                                  tags ≤ 20 known tag ids; image an http(s) URL or /images/<file>, ≤ 500 chars
 *   POST /v1/pin/report            comment 1..1,000 chars; duplicatePinId 0 (none) or another known pin
 *   POST /v1/pin/batch-check       pinIds 1..50,000 (duplicates removed); all must exist or nothing applies
 *   POST /v1/auth/emergency        ≤ 100 records, ≤ 100,000 pin ids per record and in all
 *   GET /v1/pin/:id/comment        n 1..50 (default 10), page 0..100,000
 *   PUT /v2/pin/:id/comment        content 1..1,000 chars (trimmed); image as for pins
 *   GET /v1/search                 q 1..50 chars (trimmed), limit 1..200 (default 30)
 *   GET /v1/me/pins                n 1..200 (default 50), page 0..100,000
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

/** Registers every data route of SPEC §7 except sign-in, sessions and /v1/me itself. */
export async function registerDataRoutes(app: FastifyInstance): Promise<void> {
  // A child scope (same prefix) so the strict validator applies to these routes only.
  await app.register(async (scope) => {
    scope.setValidatorCompiler(typeboxValidator);
    await registerCategoryRoutes(scope);
    await registerPinRoutes(scope);
    await registerCheckRoutes(scope);
    await registerProgressRoutes(scope);
    await registerLiveRoutes(scope);
    await registerCommentRoutes(scope);
    await registerSearchRoutes(scope);
    await registerRevisionRoutes(scope);
    await registerPinEventRoutes(scope);
    await registerRegionProgressRoutes(scope);
  });
}
