import { Type, type Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isKnownRegion, regionById, extentContains, floorAreaById, tileSetFloorAreas } from '../../../common/regions';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError, Messages } from '../../http/errors';
import {
  categoryExists,
  countTags,
  createPin,
  createReport,
  lockPinFields,
  pinDetail,
  pinVisible,
  updatePin,
  type PinFields,
} from '../../repos/pins';
import { requireEditAllowance, requireOurImage, storedImage } from '../../moderation/guard-rails';
import { publishPinChange } from '../../repos/pin-events';
import { seesHidden } from './revisions';
import { nowMs, withRetry } from '../../repos/tx';
import { DataMessages, Id, IdParams, ImageRef, requireText } from '../common';
import { fitsFloat4 } from '../../http/input';
import { EnvelopeSchema, PinDetailSchema, PinWrittenSchema, ReportFiledSchema } from '../../../common/api';
import { PIN_LIMITS } from '../../../common/pin-model';

const PinDetailAnswer = { 200: EnvelopeSchema(PinDetailSchema) };
const Written = { 200: EnvelopeSchema(PinWrittenSchema) };
const ReportAnswer = { 200: EnvelopeSchema(ReportFiledSchema) };

/** coordZ holds a floor: sub-map depths lie well inside this range. */
const MAX_FLOOR = 32;

// Coordinates are loose in the schema (any number or null) so a bad value gets the spec's
// own message ('좌표에 잘못된 값이 입력되었습니다.') rather than the generic one.
const Coord = Type.Unknown();
const draftFields = {
  coordX: Coord,
  coordY: Coord,
  coordZ: Type.Optional(Coord),
  content: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])),
  tags: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  categoryId: Type.Optional(Type.Unknown()),
  region: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  image: Type.Optional(Type.Union([ImageRef, Type.Null(), Type.Literal('')])),
  /** A named floor area of the region's tile set (GET /v1/world); its depth is the pin's coordZ. Null: by position. */
  floorAreaId: Type.Optional(Type.Union([Id, Type.Null()])),
};
const Draft = Type.Object(draftFields);
const DraftPatch = Type.Partial(Type.Object(draftFields));
type DraftPatch = Static<typeof DraftPatch>;
const Patch = { params: IdParams, body: DraftPatch, response: Written };

const Report = Type.Object({
  targetPinId: Id,
  duplicatePinId: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  comment: Type.String({ maxLength: 10_000 }),
});

function coordinatesInvalid(detail: string): ApiError {
  return ApiError.badRequest(Messages.coordinatesInvalid, `invalid coordinates: ${detail}`);
}

function finite(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw coordinatesInvalid(`${name} must be a finite number`);
  // Stored as float4 (real): 1e-46 would underflow in the database.
  if (!fitsFloat4(v)) throw coordinatesInvalid(`${name} is outside the float4 range`);
  return v;
}

function categoryIdOf(v: unknown): number {
  if (v === undefined || v === null || v === 0) throw ApiError.badRequest(Messages.categoryRequired, 'categoryId is required');
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2_147_483_647)
    throw ApiError.badRequest(DataMessages.categoryNotFound, 'categoryId must be a positive integer');
  return v;
}

/** Checks a complete draft: coordinates inside the region's tile set, known category and tags. */
async function validateFields(app: FastifyInstance, f: PinFields): Promise<PinFields> {
  if (!isKnownRegion(f.region)) throw ApiError.badRequest(Messages.badRequest, 'unknown region');
  const region = regionById(f.region);
  if (!extentContains(region.info.extent, f.coordX, f.coordY)) throw coordinatesInvalid(`outside the extent of ${region.info.name}`);
  if (f.coordZ !== null && (!Number.isInteger(f.coordZ) || Math.abs(f.coordZ) > MAX_FLOOR))
    throw coordinatesInvalid('coordZ must be a floor number');
  if (!(await categoryExists(app.db, f.categoryId)))
    throw ApiError.badRequest(DataMessages.categoryNotFound, `unknown category ${f.categoryId}`);
  const tags = [...new Set(f.tags)];
  if (tags.length > PIN_LIMITS.tags) throw ApiError.badRequest(Messages.badRequest, `at most ${PIN_LIMITS.tags} tags`);
  if ((await countTags(app.db, tags)) !== tags.length) throw ApiError.badRequest(DataMessages.unknownTags, 'unknown tag ids');
  const description = f.description === null ? null : f.description.trim();
  if (description !== null && description.length > PIN_LIMITS.description)
    throw ApiError.badRequest(DataMessages.contentTooLong(PIN_LIMITS.description), 'description too long');
  return { ...f, tags: tags.sort((a, b) => a - b), description: description || null, image: f.image || null };
}

/** A floor area the draft names: one of the region's tile set, at the pin's depth ('좌표에 잘못된 값이 입력되었습니다.' otherwise). */
function requireFloorArea(f: PinFields, floorAreaId: number | null | undefined): number | null {
  if (floorAreaId == null) return null;
  const area = floorAreaById(floorAreaId);
  if (!area || !tileSetFloorAreas(f.region).some((a) => a.id === floorAreaId))
    throw ApiError.badRequest(DataMessages.floorAreaUnknown, `floor area ${floorAreaId} is not one of region ${f.region}`);
  if (area.depth !== f.coordZ) throw coordinatesInvalid(`coordZ ${f.coordZ} is not the depth ${area.depth} of floor area ${floorAreaId}`);
  return floorAreaId;
}

/** The draft's fields over `base` (a PATCH changes only what it names). */
function merge(base: PinFields, d: DraftPatch): PinFields {
  return {
    categoryId: d.categoryId !== undefined ? categoryIdOf(d.categoryId) : base.categoryId,
    region: d.region ?? base.region,
    coordX: d.coordX !== undefined ? finite(d.coordX, 'coordX') : base.coordX,
    coordY: d.coordY !== undefined ? finite(d.coordY, 'coordY') : base.coordY,
    coordZ: d.coordZ !== undefined ? (d.coordZ === null ? null : finite(d.coordZ, 'coordZ')) : base.coordZ,
    description: d.content !== undefined ? d.content : base.description,
    image: d.image !== undefined ? d.image || null : base.image,
    tags: d.tags ?? base.tags,
  };
}

/** Turns a schema failure of a draft into the spec's messages where one applies. */
function draftValidation(request: FastifyRequest): void {
  const err = request.validationError as (Error & { validation?: { instancePath?: string }[] }) | undefined;
  if (!err) return;
  const path = err.validation?.[0]?.instancePath ?? '';
  if (/^\/coord[XYZ]/.test(path) || /coord[XYZ]/.test(err.message)) throw coordinatesInvalid(err.message);
  if (/categoryId/.test(path + err.message)) throw ApiError.badRequest(Messages.categoryRequired, err.message);
  throw ApiError.badRequest(Messages.badRequest, err.message);
}

/** GET/PUT/PATCH pins and POST reports. */
export async function registerPinRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/pin/:id', { schema: { params: IdParams, response: PinDetailAnswer } }, async (request) => {
    const { id } = request.params as { id: number };
    const pin = await pinDetail(app.db, id, request.userId);
    // A hidden pin (a moderator's call) is shown to moderators and admins only.
    if (!pin || (pin.hidden && !(await seesHidden(app, request.userId)))) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    return ok(pin);
  });

  app.put('/v1/pin', { schema: { body: Draft, response: Written }, attachValidation: true }, async (request) => {
    const userId = requireUser(request);
    draftValidation(request);
    const body = request.body as Static<typeof Draft>;
    const categoryId = categoryIdOf(body.categoryId);
    const d = { ...body, image: await storedImage(app.db, app.config, body.image) };
    requireOurImage(app.config, d.image);
    await requireEditAllowance(app.db, app.config, userId);
    const fields = await validateFields(
      app,
      merge(
        { categoryId, region: d.region, coordX: NaN, coordY: NaN, coordZ: null, description: null, image: null, tags: [] },
        { ...d, coordX: d.coordX ?? null, coordY: d.coordY ?? null },
      ),
    );
    const id = await createPin(app.db, userId, fields, nowMs(), requireFloorArea(fields, body.floorAreaId));
    await publishPinChange(app.db, { pinId: id, categoryIds: [fields.categoryId], kind: 'create' });
    return ok({ id, categoryId: fields.categoryId });
  });

  app.patch('/v1/pin/:id', { schema: Patch, attachValidation: true }, async (request) => {
    const userId = requireUser(request);
    draftValidation(request);
    const { id } = request.params as { id: number };
    const body = request.body as DraftPatch;
    if (Object.values(body).every((v) => v === undefined)) throw ApiError.badRequest(DataMessages.noChanges, 'empty patch');
    const d = body.image === undefined ? body : { ...body, image: await storedImage(app.db, app.config, body.image) };
    if (!(await pinVisible(app.db, id)) && !(await seesHidden(app, userId)))
      throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    requireOurImage(app.config, d.image);
    await requireEditAllowance(app.db, app.config, userId);
    // Validation reads outside the transaction; the write locks the pin and re-reads it.
    const current = await withRetry(app.db, (tx) => lockPinFields(tx, id));
    if (!current) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    const checked = await validateFields(app, merge(current, d));
    const floorAreaId = requireFloorArea(checked, d.floorAreaId);
    const { categoryId, was } = await withRetry(app.db, async (tx) => {
      const before = await lockPinFields(tx, id);
      if (!before) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
      const next = merge(before, d);
      const clean = { ...next, tags: [...new Set(next.tags)].sort((a, b) => a - b), description: next.description?.trim() || null };
      await updatePin(tx, id, userId, before, clean, nowMs(), 'edit', floorAreaId);
      return { categoryId: clean.categoryId, was: before.categoryId };
    });
    await publishPinChange(app.db, { pinId: id, categoryIds: [was, categoryId], kind: 'edit' });
    return ok({ id, categoryId });
  });

  app.post('/v1/pin/report', { schema: { body: Report, response: ReportAnswer } }, async (request) => {
    const userId = requireUser(request);
    const { targetPinId, duplicatePinId, comment } = request.body as Static<typeof Report>;
    const text = requireText(comment, PIN_LIMITS.reportComment);
    if (!(await pinVisible(app.db, targetPinId))) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${targetPinId}`);
    if (duplicatePinId !== 0) {
      if (duplicatePinId === targetPinId) throw ApiError.badRequest(DataMessages.duplicateSelf, 'duplicate equals target');
      if (!(await pinVisible(app.db, duplicatePinId))) throw ApiError.badRequest(DataMessages.duplicateUnknown, `no pin ${duplicatePinId}`);
    }
    const id = await createReport(app.db, userId, targetPinId, duplicatePinId, text);
    return ok({ id, targetPinId, duplicatePinId });
  });
}
