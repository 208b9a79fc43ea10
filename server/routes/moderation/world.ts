import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { EnvelopeSchema, WorldRegionSchema } from '../../../common/api';
import type { WorldRegion } from '../../../common/regions';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { FloorArea, Region, type ImportFile } from '../../import/format';
import { ImportError } from '../../import/import';
import { applyWorld } from '../../import/world';
import { audit } from '../../moderation/audit';
import { requireAdmin } from '../../moderation/roles';
import { bumpRegionVersions } from '../../repos/pin-snapshot';
import { readWorld, worldChanged } from '../../world/world';
import { Id } from '../common';

/** Korean messages of the region editor. */
export const WorldAdminMessages = {
  regionNotFound: '지역을 찾을 수 없습니다.',
  regionNameTaken: (name: string) => `지역 이름 "${name}"은(는) 이미 쓰이고 있습니다.`,
  keyTaken: '같은 키가 다른 지역이나 층 구역에 이미 있습니다.',
} as const;

/** A floor area as the editor sends it: the import format's, and the id of the one it edits (none: a new one). */
const AdminFloorArea = Type.Object({ ...FloorArea.properties, id: Type.Optional(Id) }, { additionalProperties: false });
/** A region as the editor sends it: the import format's region, without an id (the URL names it). */
const { id: _id, floorAreas: _areas, ...regionFields } = Region.properties;
const AdminRegion = Type.Object(
  { ...regionFields, floorAreas: Type.Optional(Type.Array(AdminFloorArea, { maxItems: 1000 })) },
  { additionalProperties: false },
);
type AdminRegion = Static<typeof AdminRegion>;
const RegionParams = Type.Object({ id: Type.Integer({ minimum: 0, maximum: 32_767 }) });
const Answer = { response: { 200: EnvelopeSchema(WorldRegionSchema) } };

/** The Korean half of an import problem ("한국어 / English"), for the error envelope. */
const korean = (problem: string) => problem.split(' / ')[0]!;

/**
 * The region editor of the catalogue screen (issue 20 item 1), for admins:
 *
 *   POST /v1/moderation/regions        a new region (the next free id) with its floor areas
 *   PUT  /v1/moderation/regions/:id    a region's fields; its floor areas with an id are edited, those without added,
 *                                      those left out stay (as an import does; pins keep their areas)
 *
 * Both go through the import's own world code (server/import/world.ts): the same checks (boxes, an invertible game
 * transform, names unique per tile set) with their Korean messages, one transaction, the world registry and every
 * other server process reloaded after the commit (GET /v1/world's ETag follows), and the region's snapshot version bumped.
 */
export async function registerWorldAdminRoutes(app: FastifyInstance): Promise<void> {
  const save = async (actor: number, id: number | null, body: AdminRegion): Promise<WorldRegion> => {
    const file = { categoryGroups: [], regions: [{ ...body, ...(id !== null && { id }) }] } as unknown as ImportFile;
    let saved: number;
    try {
      saved = await app.db.transaction(async (tx) => {
        const before = await readWorld(tx);
        if (id !== null && !before.regions.some((r) => r.id === id))
          throw ApiError.notFound(WorldAdminMessages.regionNotFound, `no region ${id}`);
        if (id === null && before.regions.some((r) => r.name === body.name || (body.key !== undefined && r.key === body.key)))
          throw ApiError.conflict(WorldAdminMessages.regionNameTaken(body.name), `region ${body.name} exists`);
        await applyWorld(tx, file);
        const after = await readWorld(tx);
        const region = after.regions.find((r) => (id !== null ? r.id === id : r.name === body.name))!;
        await bumpRegionVersions(tx, [region.id]);
        await audit(tx, actor, id === null ? 'region-add' : 'region-edit', 'region', region.id, {
          name: region.name,
          label: region.label,
          floorAreas: region.floorAreas.length,
        });
        return region.id;
      });
    } catch (e) {
      if (e instanceof ImportError) throw ApiError.badRequest(korean(e.problem), `${e.where}: ${e.problem}`);
      if ((e as { code?: unknown }).code === '23505') throw ApiError.conflict(WorldAdminMessages.keyTaken, (e as Error).message);
      throw e;
    }
    const world = (await worldChanged(app.db)).world;
    return world.regions.find((r) => r.id === saved)!;
  };

  app.post('/v1/moderation/regions', { schema: { body: AdminRegion, ...Answer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    return ok(await save(actor, null, request.body as AdminRegion));
  });

  app.put('/v1/moderation/regions/:id', { schema: { params: RegionParams, body: AdminRegion, ...Answer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as Static<typeof RegionParams>;
    return ok(await save(actor, id, request.body as AdminRegion));
  });
}
