import type { FastifyInstance } from 'fastify';
import type { ProgressRow } from '../../../common/progress';
import { ok } from '../../http/envelope';

/**
 * GET /v1/pin/progress — found/total per category and region, counted by the database over every
 * visible pin (not what a browser happens to have loaded; hidden pins count nowhere, so 100 % is reachable);
 * `checked` is 0 for a visitor.
 */
export async function registerRegionProgressRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/pin/progress', async (request) => {
    const { rows } = await app.db.query<ProgressRow>(
      `select p.category_id as "categoryId", p.region, count(*)::int as total, count(c.pin_id)::int as checked
         from pins p left join checks c on c.pin_id = p.id and c.user_id = $1
        where not p.hidden
        group by p.category_id, p.region order by p.category_id, p.region`,
      [request.userId ?? 0],
    );
    return ok({ rows });
  });
}
