import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { EnvelopeSchema } from '../../../common/api';
import { pinsLeft, progressRows, progressRowsOf } from '../../repos/region-progress';

/** Most pin ids a visitor's device sends to be counted (as many as one batch check takes). */
const MAX_VISITOR_MARKS = 50_000;
const VisitorMarksBody = Type.Object({
  pinIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_VISITOR_MARKS }),
});

const ProgressQuery = Type.Object({
  region: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  categoryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

const ProgressRowSchema = Type.Object({
  categoryId: Type.Integer(),
  region: Type.Integer(),
  total: Type.Integer(),
  checked: Type.Integer(),
});
const LeftPinSchema = Type.Object({ id: Type.Integer(), description: Type.String(), floor: Type.Union([Type.Number(), Type.Null()]) });
const ProgressAnswer = {
  200: EnvelopeSchema(Type.Object({ rows: Type.Array(ProgressRowSchema), left: Type.Optional(Type.Array(LeftPinSchema)) })),
};

/**
 * GET /v1/pin/progress — found/total per category and region, counted by the database over every
 * visible pin (not what a browser happens to have loaded; hidden pins count nowhere, so 100 % is reachable);
 * `checked` is 0 for a visitor. With `region` and `categoryId` it also lists that cell's pins the caller has
 * not found (`left`, "남은 핀"), by the same join, so the list always has total − checked entries.
 */
export async function registerRegionProgressRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/pin/progress', { schema: { querystring: ProgressQuery, response: ProgressAnswer } }, async (request) => {
    const { region, categoryId } = request.query as Static<typeof ProgressQuery>;
    const rows = await progressRows(app.db, request.userId ?? 0);
    if (region === undefined || categoryId === undefined) return ok({ rows });
    return ok({ rows, left: await pinsLeft(app.db, request.userId ?? 0, region, categoryId) });
  });

  /**
   * POST /v1/pin/progress — the same rows with `checked` counting the given pins: a visitor's marks, kept on their
   * device only (issue 25 item 10), counted by the same rules (hidden or unknown pins count nowhere).
   */
  app.post('/v1/pin/progress', { schema: { body: VisitorMarksBody, response: ProgressAnswer } }, async (request) => {
    const { pinIds } = request.body as Static<typeof VisitorMarksBody>;
    return ok({ rows: await progressRowsOf(app.db, pinIds) });
  });
}
