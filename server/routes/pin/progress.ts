import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { LeftPin, ProgressRow } from '../../../common/progress';
import { ok } from '../../http/envelope';

/** Most pin ids a visitor's device sends to be counted (as many as one batch check takes). */
const MAX_VISITOR_MARKS = 50_000;
const VisitorMarksBody = Type.Object({
  pinIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_VISITOR_MARKS }),
});

const ProgressQuery = Type.Object({
  region: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  categoryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

/**
 * GET /v1/pin/progress — found/total per category and region, counted by the database over every
 * visible pin (not what a browser happens to have loaded; hidden pins count nowhere, so 100 % is reachable);
 * `checked` is 0 for a visitor. With `region` and `categoryId` it also lists that cell's pins the caller has
 * not found (`left`, "남은 핀"), by the same join, so the list always has total − checked entries.
 */
export async function registerRegionProgressRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/pin/progress', { schema: { querystring: ProgressQuery } }, async (request) => {
    const { region, categoryId } = request.query as Static<typeof ProgressQuery>;
    const { rows } = await app.db.query<ProgressRow>(
      `select p.category_id as "categoryId", p.region, count(*)::int as total, count(c.pin_id)::int as checked
         from pins p left join checks c on c.pin_id = p.id and c.user_id = $1
        where not p.hidden
        group by p.category_id, p.region order by p.category_id, p.region`,
      [request.userId ?? 0],
    );
    if (region === undefined || categoryId === undefined) return ok({ rows });
    const left = await app.db.query<LeftPin>(
      `select p.id, left(split_part(coalesce(p.description, ''), E'\\n', 1), 80) as description, p.coord_z as floor
         from pins p left join checks c on c.pin_id = p.id and c.user_id = $1
        where p.region = $2 and p.category_id = $3 and c.pin_id is null and not p.hidden
        order by p.id`,
      [request.userId ?? 0, region, categoryId],
    );
    return ok({ rows, left: left.rows });
  });

  /**
   * POST /v1/pin/progress — the same rows with `checked` counting the given pins: a visitor's marks, kept on their
   * device only (issue 25 item 10), counted by the same rules (hidden or unknown pins count nowhere).
   */
  app.post('/v1/pin/progress', { schema: { body: VisitorMarksBody } }, async (request) => {
    const { pinIds } = request.body as Static<typeof VisitorMarksBody>;
    const { rows } = await app.db.query<ProgressRow>(
      `select p.category_id as "categoryId", p.region, count(*)::int as total,
              (count(*) filter (where p.id = any($1::int[])))::int as checked
         from pins p
        where not p.hidden
        group by p.category_id, p.region order by p.category_id, p.region`,
      [[...new Set(pinIds)]],
    );
    return ok({ rows });
  });
}
