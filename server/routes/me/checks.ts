import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { userChecks } from '../../repos/checks';
import { UserChecksSchema } from '../../../common/api';
import { answer } from '../responses';

/** GET /v1/me/checks: the caller's whole check list and checkTime. */
export async function registerMyCheckRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/checks', { schema: { response: answer(UserChecksSchema) } }, async (request) => {
    const userId = requireUser(request);
    return ok(await userChecks(app.db, userId));
  });
}
