import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../http/envelope';
import { EnvelopeSchema, WorldSchema } from '../../common/api';
import { followWorld, worldAnswer } from '../world/world';

/**
 * GET /v1/world: every region (map) and its floor areas, which the client reads at start before the map
 * renders. Revalidated on every start (no-cache) against a strong ETag of the world's JSON: an unchanged
 * world costs a 304 and no body.
 */
export async function registerWorldRoutes(app: FastifyInstance): Promise<void> {
  // Another process changed the world (npm run import, an admin on another instance): read it again.
  const following = followWorld(app.db).catch(() => null);
  app.addHook('onClose', async () => {
    await (
      await following
    )?.();
  });
  app.get('/v1/world', { schema: { response: { 200: EnvelopeSchema(WorldSchema), 304: Type.Null() } } }, async (request, reply) => {
    const answer = await worldAnswer(app.db);
    reply.header('cache-control', 'no-cache').header('etag', answer.etag);
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === answer.etag || t.trim() === '*')) return reply.status(304).send();
    return ok(answer.world);
  });
}
