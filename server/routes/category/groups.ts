import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../http/envelope';
import { CategoryGroupSchema, EnvelopeSchema, TagGroupSchema } from '../../../common/api';
import { listGroups, listTagGroups } from '../../repos/categories';

/** GET /v1/category/groups (the categories, by group) and GET /v1/category/tag-groups. */
export async function registerCategoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/category/groups', { schema: { response: { 200: EnvelopeSchema(Type.Array(CategoryGroupSchema)) } } }, async () =>
    ok(await listGroups(app.db)),
  );

  app.get('/v1/category/tag-groups', { schema: { response: { 200: EnvelopeSchema(Type.Array(TagGroupSchema)) } } }, async () =>
    ok(await listTagGroups(app.db)),
  );
}
