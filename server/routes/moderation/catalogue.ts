import { Type, type Static } from 'typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { fail, ok } from '../../http/envelope';
import { ApiError, ErrClazz } from '../../http/errors';
import { IconMessages, MAX_ICON_BYTES, iconUrl, normalizeColor, prepareCategoryIcon } from '../../images/category-icon';
import { audit } from '../../moderation/audit';
import { ModerationMessages, requireAdmin } from '../../moderation/roles';
import { bumpCategories } from '../../repos/categories';
import { nowMs } from '../../repos/tx';
import { DataMessages, Id, IdParams } from '../common';

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
  const groupExists = async (id: number) => (await app.db.query('select 1 from category_groups where id = $1', [id])).rows.length > 0;

  app.post('/v1/moderation/categories', { schema: { body: NewCategory } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const b = request.body as Static<typeof NewCategory>;
    const name = nameOf(b.name);
    const color = normalizeColor(b.color);
    if (!(await groupExists(b.groupId))) throw ApiError.badRequest(ModerationMessages.groupNotFound, `no group ${b.groupId}`);
    const id = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `insert into categories (group_id, name, icon, sort, last_edited, color)
         values ($1, $2, $3, (select coalesce(max(sort), 0) + 1 from categories where group_id = $1), $4, $5) returning id`,
        [b.groupId, name, b.icon, nowMs(), color],
      );
      await audit(tx, actor, 'category-add', 'category', rows[0]!.id, { name, groupId: b.groupId, icon: b.icon, color });
      return rows[0]!.id;
    });
    return ok({ id });
  });

  app.patch('/v1/moderation/categories/:id', { schema: { params: IdParams, body: CategoryPatch } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as { id: number };
    const b = request.body as Static<typeof CategoryPatch>;
    const name = b.name === undefined ? null : nameOf(b.name);
    const color = b.color === undefined ? undefined : normalizeColor(b.color);
    if (b.groupId !== undefined && !(await groupExists(b.groupId)))
      throw ApiError.badRequest(ModerationMessages.groupNotFound, `no group ${b.groupId}`);
    const found = await app.db.transaction(async (tx) => {
      const r = await tx.query(
        `update categories set name = coalesce($2, name), icon = coalesce($3, icon), group_id = coalesce($4, group_id),
                color = case when $5 then $6 else color end where id = $1`,
        [id, name, b.icon ?? null, b.groupId ?? null, color !== undefined, color ?? null],
      );
      if (r.rowCount === 0) return false;
      await bumpCategories(tx, [id], nowMs());
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

    scope.put('/v1/moderation/categories/:id/icon', { schema: { params: IdParams } }, async (request) => {
      const actor = await requireAdmin(app.db, request);
      const { id } = request.params as { id: number };
      // text/plain and JSON keep Fastify's own parsers: a string is sniffed as bytes, a JSON body is no image.
      const body = request.body;
      if (body != null && !Buffer.isBuffer(body) && typeof body !== 'string')
        throw new ApiError(415, ErrClazz.unsupportedMedia, IconMessages.badType, 'a JSON body');
      const icon = await prepareCategoryIcon(typeof body === 'string' ? Buffer.from(body) : (body as Buffer | undefined));
      const found = await app.db.transaction(async (tx) => {
        const r = await tx.query('update categories set icon_webp = $2, icon_hash = $3 where id = $1', [id, icon.webp, icon.hash]);
        if (r.rowCount === 0) return false;
        await bumpCategories(tx, [id], nowMs());
        await audit(tx, actor, 'category-icon', 'category', id, { hash: icon.hash, bytes: icon.webp.length });
        return true;
      });
      if (!found) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
      return ok({ id, iconUrl: iconUrl(id, icon.hash) });
    });

    scope.delete('/v1/moderation/categories/:id/icon', { schema: { params: IdParams } }, async (request) => {
      const actor = await requireAdmin(app.db, request);
      const { id } = request.params as { id: number };
      const found = await app.db.transaction(async (tx) => {
        const r = await tx.query('update categories set icon_webp = null, icon_hash = null where id = $1', [id]);
        if (r.rowCount === 0) return false;
        await bumpCategories(tx, [id], nowMs());
        await audit(tx, actor, 'category-icon', 'category', id, { hash: null });
        return true;
      });
      if (!found) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
      return ok({ id, iconUrl: null });
    });
  });

  app.post('/v1/moderation/categories/order', { schema: { body: Order } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const ids = [...new Set((request.body as Static<typeof Order>).ids)];
    const known =
      (await app.db.query<{ n: number }>('select count(*)::int as n from categories where id = any($1::int[])', [ids])).rows[0]?.n ?? 0;
    if (known !== ids.length) throw ApiError.badRequest(DataMessages.categoryNotFound, 'unknown category in order');
    await app.db.transaction(async (tx) => {
      await tx.query('update categories c set sort = o.i from unnest($1::int[]) with ordinality as o(id, i) where c.id = o.id', [ids]);
      await bumpCategories(tx, ids, nowMs());
      await audit(tx, actor, 'category-order', 'category', null, { ids });
    });
    return ok({ ids });
  });

  app.post('/v1/moderation/categories/:id/tags', { schema: { params: IdParams, body: NewTag } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as { id: number };
    const b = request.body as Static<typeof NewTag>;
    const [groupName, name] = [nameOf(b.groupName), nameOf(b.name)];
    const tagId = await app.db.transaction(async (tx) => {
      if ((await tx.query('select 1 from categories where id = $1 for update', [id])).rows.length === 0) return null;
      let group = (await tx.query<{ id: number }>('select id from tag_groups where category_id = $1 and name = $2', [id, groupName]))
        .rows[0]?.id;
      group ??= (
        await tx.query<{ id: number }>(
          'insert into tag_groups (category_id, name, sort) values ($1, $2, (select coalesce(max(sort), 0) + 1 from tag_groups where category_id = $1)) returning id',
          [id, groupName],
        )
      ).rows[0]!.id;
      const t = (
        await tx.query<{ id: number }>('insert into tags (group_id, name, flag) values ($1, $2, $3) returning id', [
          group,
          name,
          b.flag ?? null,
        ])
      ).rows[0]!.id;
      await bumpCategories(tx, [id], nowMs());
      await audit(tx, actor, 'tag-add', 'tag', t, { categoryId: id, groupName, name });
      return t;
    });
    if (tagId === null) throw ApiError.notFound(DataMessages.categoryNotFound, `no category ${id}`);
    return ok({ id: tagId, categoryId: id });
  });
}
