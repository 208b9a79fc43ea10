import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { randomToken } from '../../auth/tokens';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { addRoute, deleteRoute, missingPins, renameRoute, routesOf } from '../../repos/routes';
import { nowMs } from '../../repos/tx';
import { DataMessages, Id, IdParams } from '../common';
import { EnvelopeSchema, ROUTE_LIMITS, RouteAreaKindSchema, SavedRoutesResultSchema } from '../../../common/api';

/** Korean messages of the saved-route routes. */
export const RouteMessages = {
  nameEmpty: '경로 이름을 입력해 주세요.',
  nameTooLong: (max: number) => `경로 이름은 ${max}자 이하로 입력해 주세요.`,
  tooMany: (max: number) => `경로는 ${max}개까지 저장할 수 있습니다. 쓰지 않는 경로를 지운 뒤 다시 저장해 주세요.`,
  tooManyStops: (n: number, max: number) =>
    `경로에 넣을 수 있는 핀은 최대 ${max.toLocaleString('ko-KR')}개예요 (지금 ${n.toLocaleString('ko-KR')}개).`,
  noStops: '정거장이 없는 경로는 저장할 수 없습니다.',
  repeatedStop: '경로에 같은 핀이 두 번 들어 있습니다.',
  tooManyCategories: (max: number) => `경로에는 카테고리를 ${max.toLocaleString('ko-KR')}개까지 담을 수 있습니다.`,
  notFound: '경로를 찾을 수 없습니다.',
  sharedNotFound: '공유된 경로를 찾을 수 없습니다. 링크가 잘못되었거나 경로가 지워졌습니다.',
} as const;

// Finite world coordinates (JSON has no Infinity, but a string or a huge number must not pass).
const Coord = Type.Number({ minimum: -1e7, maximum: 1e7 });
// Longer names and lists than the limits pass the schema so that they get the routes' own messages.
const RouteBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    pinIds: Type.Array(Id, { maxItems: 20_000 }),
    start: Type.Object(
      { x: Coord, y: Coord, floor: Type.Union([Type.Integer({ minimum: -32, maximum: 32 }), Type.Null()]) },
      { additionalProperties: false },
    ),
    categories: Type.Array(Id, { maxItems: 20_000 }),
    area: RouteAreaKindSchema,
    region: Type.Integer({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);
const RenameBody = Type.Object({ name: Type.String({ maxLength: 1000 }) }, { additionalProperties: false });
const Answer = { 200: EnvelopeSchema(SavedRoutesResultSchema) };

function routeName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0) throw ApiError.badRequest(RouteMessages.nameEmpty, 'route name is empty');
  if (name.length > ROUTE_LIMITS.name)
    throw ApiError.badRequest(RouteMessages.nameTooLong(ROUTE_LIMITS.name), `route name longer than ${ROUTE_LIMITS.name}`);
  return name;
}

/**
 * GET, POST, PATCH and DELETE /v1/me/routes: the caller's saved routes (issue 22 item 1). POST saves a planned
 * route (its pins in visiting order, 1..ROUTE_LIMITS.stops visible pins, none twice) with a new share token;
 * PATCH renames; at most ROUTE_LIMITS.routes per player. Every answer is the whole list, newest first. Signed-in
 * players only. The link's read-only view is GET /v1/route/:token (route/shared.ts).
 */
export async function registerSavedRouteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/routes', { schema: { response: Answer } }, async (request) => {
    const userId = requireUser(request);
    return ok({ routes: await routesOf(app.db, userId) });
  });

  app.post('/v1/me/routes', { schema: { body: RouteBody, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const body = request.body as Static<typeof RouteBody>;
    const name = routeName(body.name);
    const n = body.pinIds.length;
    if (n === 0) throw ApiError.badRequest(RouteMessages.noStops, 'route has no stops');
    if (n > ROUTE_LIMITS.stops) throw ApiError.badRequest(RouteMessages.tooManyStops(n, ROUTE_LIMITS.stops), `route of ${n} stops`);
    if (new Set(body.pinIds).size !== n) throw ApiError.badRequest(RouteMessages.repeatedStop, 'route repeats a pin');
    const categories = [...new Set(body.categories)];
    if (categories.length > ROUTE_LIMITS.categories)
      throw ApiError.badRequest(RouteMessages.tooManyCategories(ROUTE_LIMITS.categories), 'too many categories');
    const missing = await missingPins(app.db, body.pinIds);
    if (missing.length)
      throw ApiError.badRequest(DataMessages.unknownPins(missing.length), `unknown pins ${missing.slice(0, 10).join(',')}`);
    const saved = await addRoute(
      app.db,
      userId,
      { name, pinIds: body.pinIds, start: body.start, categories, area: body.area, region: body.region },
      randomToken(16),
      ROUTE_LIMITS.routes,
      nowMs(),
    );
    if (!saved) throw ApiError.badRequest(RouteMessages.tooMany(ROUTE_LIMITS.routes), `more than ${ROUTE_LIMITS.routes} routes`);
    return ok({ routes: await routesOf(app.db, userId) });
  });

  app.patch('/v1/me/routes/:id', { schema: { params: IdParams, body: RenameBody, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const name = routeName((request.body as Static<typeof RenameBody>).name);
    if (!(await renameRoute(app.db, userId, id, name, nowMs()))) throw ApiError.notFound(RouteMessages.notFound, `no route ${id}`);
    return ok({ routes: await routesOf(app.db, userId) });
  });

  app.delete('/v1/me/routes/:id', { schema: { params: IdParams, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    if (!(await deleteRoute(app.db, userId, id))) throw ApiError.notFound(RouteMessages.notFound, `no route ${id}`);
    return ok({ routes: await routesOf(app.db, userId) });
  });
}
