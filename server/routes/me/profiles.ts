import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { createProfile, deleteProfile, listProfiles, renameProfile, switchProfile } from '../../repos/profiles';
import { nowMs } from '../../repos/tx';
import { IdParams } from '../common';
import { ProfileListSchema } from '../../../common/api';
import { answer } from '../responses';

// Names longer than MAX_PROFILE_NAME pass the schema so that they get the profile's own Korean message.
const NameBody = Type.Object({ name: Type.String({ maxLength: 1_000 }) });
const Answer = answer(ProfileListSchema);
const CreateBody = Type.Object({ name: Type.String({ maxLength: 1_000 }), activate: Type.Optional(Type.Boolean()) });

/**
 * The caller's progress profiles (server/repos/profiles.ts). Every answer is the whole list (GET /v1/me/profiles's):
 *   GET    /v1/me/profiles                  the list, the active one, the limit (10)
 *   POST   /v1/me/profiles                  { name, activate? } create (1..20 characters, unique per account)
 *   PATCH  /v1/me/profiles/:id              { name } rename
 *   POST   /v1/me/profiles/:id/activate     switch (every device of the account follows over /v1/events)
 *   DELETE /v1/me/profiles/:id              delete with its checks and history (not the last one)
 */
export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/profiles', { schema: { response: Answer } }, async (request) => ok(await listProfiles(app.db, requireUser(request))));

  app.post('/v1/me/profiles', { schema: { body: CreateBody, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const body = request.body as Static<typeof CreateBody>;
    await createProfile(app.db, userId, body.name, nowMs(), body.activate ?? false);
    return ok(await listProfiles(app.db, userId));
  });

  app.patch('/v1/me/profiles/:id', { schema: { params: IdParams, body: NameBody, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    await renameProfile(app.db, userId, (request.params as { id: number }).id, (request.body as Static<typeof NameBody>).name);
    return ok(await listProfiles(app.db, userId));
  });

  app.post('/v1/me/profiles/:id/activate', { schema: { params: IdParams, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    await switchProfile(app.db, userId, (request.params as { id: number }).id, nowMs());
    return ok(await listProfiles(app.db, userId));
  });

  app.delete('/v1/me/profiles/:id', { schema: { params: IdParams, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    await deleteProfile(app.db, userId, (request.params as { id: number }).id, nowMs());
    return ok(await listProfiles(app.db, userId));
  });
}
