import { Type, type Static } from 'typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { fail, ok } from '../../http/envelope';
import { ApiError, ErrClazz } from '../../http/errors';
import { IconMessages, MAX_ICON_BYTES, iconUrl, normalizeColor, prepareCategoryIcon } from '../../images/category-icon';
import { audit } from '../../moderation/audit';
import { ModerationMessages, requireAdmin } from '../../moderation/roles';
import {
  addCategory,
  addCategoryTag,
  categoryGroupExists,
  countCategories,
  editCategory,
  reorderCategories,
  setCategoryIcon,
} from '../../repos/categories';
import { nowMs } from '../../repos/tx';
import { DataMessages, Id, IdParams } from '../common';
import {
  CategoryIconResultSchema,
  CategoryOrderResultSchema,
  EnvelopeSchema,
  IdResultSchema,
  TagAddedResultSchema,
} from '../../../common/api';

const Name = Type.String({ maxLength: 100 });
const Icon = Type.Integer({ minimum: 0, maximum: 10_000 });
// The colour's form is checked by normalizeColor, for its own Korean message.
const Color = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);
const NewCategory = Type.Object({ groupId: Id, name: Name, icon: Icon, color: Type.Optional(Color) });
const CategoryPatch = Type.Object({
  name: Type.Optional(Name),
  icon: Type.Optional(Icon),
  groupId: Type.Optional(Id),
  color: Type.Optional(Color),
});
const Order = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 10_000 }) });
const NewTag = Type.Object({ groupName: Name, name: Name, flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })) });

const IdAnswer = { 200: EnvelopeSchema(IdResultSchema) };
const IconAnswer = { 200: EnvelopeSchema(CategoryIconResultSchema) };
const OrderAnswer = { 200: EnvelopeSchema(CategoryOrderResultSchema) };
const TagAnswer = { 200: EnvelopeSchema(TagAddedResultSchema) };

function nameOf(v: string): string {
  const t = v.trim();
  if (!t) throw ApiError.badRequest(ModerationMessages.nameEmpty, 'name is empty');
  return t;
}

/**
 * Catalogue upkeep for admins (the game adds collectibles every patch): add, rename, regroup and
 * reorder categories, add tags. Each bumps the category's lastEdited so clients refetch it.
 */
export async function registerCatalogueRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/moderation/categories', { schema: { body: NewCategory, response: IdAnswer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const b = request.body as Static<typeof NewCategory>;
    const name = nameOf(b.name);
    const color = normalizeColor(b.color);
    if (!(await categoryGroupExists(app.db, b.groupId)))
      throw ApiError.badRequest(ModerationMessages.groupNotFound, `no group ${b.groupId}`);
    const id = await app.db.transaction(async (tx) => {
      const added = await addCategory(tx, { groupId: b.groupId, name, icon: b.icon, color }, nowMs());
      await audit(tx, actor, 'category-add', 'category', added, { name, groupId: b.groupId, icon: b.icon, color });
      return added;
    });
    return ok({ id });
  });

  app.patch('/v1/moderation/categories/:id', { schema: { params: IdParams, body: CategoryPatch, response: IdAnswer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as { id: number };
    const b = request.body as Static<typeof CategoryPatch>;
    const name = b.name === undefined ? null : nameOf(b.name);
    const color = b.color === undefined ? undefined : normalizeColor(b.color);
    if (b.groupId !== undefined && !(await categoryGroupExists(app.db, b.groupId)))
      throw ApiError.badRequest(ModerationMessages.groupNotFound, `no group ${b.groupId}`);
    const found = await app.db.transaction(async (tx) => {
      if (!(await editCategory(tx, id, { name, icon: b.icon, groupId: b.groupId, color }, nowMs()))) return false;
      await audit(tx, actor, 'category-edit', 'category', id, { ...b, ...(color !== undefined && { color }) });
      return true;
    });
    if (!found) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
    return ok({ id });
  });

  // The icon routes take the file itself as the body (image/png, image/webp or any type: the bytes are
  // sniffed), at most MAX_ICON_BYTES; in their own scope so the parser reaches no other route.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ICON_BYTES }, (_req, body, done) => done(null, body));
    const tooLarge = (err: FastifyError, reply: FastifyReply) =>
      err.statusCode === 413 ? reply.status(413).send(fail(413, ErrClazz.tooLarge, IconMessages.tooLarge, err.message)) : null;
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (tooLarge(err, reply)) return;
      throw err;
    });

    scope.put('/v1/moderation/categories/:id/icon', { schema: { params: IdParams, response: IconAnswer } }, async (request) => {
      const actor = await requireAdmin(app.db, request);
      const { id } = request.params as { id: number };
      // text/plain and JSON keep Fastify's own parsers: a string is sniffed as bytes, a JSON body is no image.
      const body = request.body;
      if (body != null && !Buffer.isBuffer(body) && typeof body !== 'string')
        throw new ApiError(415, ErrClazz.unsupportedMedia, IconMessages.badType, 'a JSON body');
      const icon = await prepareCategoryIcon(typeof body === 'string' ? Buffer.from(body) : (body as Buffer | undefined));
      const found = await app.db.transaction(async (tx) => {
        if (!(await setCategoryIcon(tx, id, icon, nowMs()))) return false;
        await audit(tx, actor, 'category-icon', 'category', id, { hash: icon.hash, bytes: icon.webp.length });
        return true;
      });
      if (!found) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
      return ok({ id, iconUrl: iconUrl(id, icon.hash) });
    });

    scope.delete('/v1/moderation/categories/:id/icon', { schema: { params: IdParams, response: IconAnswer } }, async (request) => {
      const actor = await requireAdmin(app.db, request);
      const { id } = request.params as { id: number };
      const found = await app.db.transaction(async (tx) => {
        if (!(await setCategoryIcon(tx, id, null, nowMs()))) return false;
        await audit(tx, actor, 'category-icon', 'category', id, { hash: null });
        return true;
      });
      if (!found) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
      return ok({ id, iconUrl: null });
    });
  });

  app.post('/v1/moderation/categories/order', { schema: { body: Order, response: OrderAnswer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const ids = [...new Set((request.body as Static<typeof Order>).ids)];
    if ((await countCategories(app.db, ids)) !== ids.length)
      throw ApiError.badRequest(DataMessages.categoryNotFound, 'unknown category in order');
    await app.db.transaction(async (tx) => {
      await reorderCategories(tx, ids, nowMs());
      await audit(tx, actor, 'category-order', 'category', null, { ids });
    });
    return ok({ ids });
  });

  app.post('/v1/moderation/categories/:id/tags', { schema: { params: IdParams, body: NewTag, response: TagAnswer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as { id: number };
    const b = request.body as Static<typeof NewTag>;
    const [groupName, name] = [nameOf(b.groupName), nameOf(b.name)];
    const tagId = await app.db.transaction(async (tx) => {
      const t = await addCategoryTag(tx, id, { groupName, name, flag: b.flag ?? null }, nowMs());
      if (t === null) return null;
      await audit(tx, actor, 'tag-add', 'tag', t, { categoryId: id, groupName, name });
      return t;
    });
    if (tagId === null) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
    return ok({ id: tagId, categoryId: id });
  });
}
