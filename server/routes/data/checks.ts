import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { batchCheck, checkPin, mergeChecks, userChecks } from '../../repos/checks';
import { nowMs } from '../../repos/tx';
import { DataMessages, Id, IdParams } from './common';

/** Most pin ids in one batch check (duplicates are removed first). */
export const MAX_BATCH_IDS = 50_000;
/** Most check records, and pin ids in all, in one emergency call. */
export const MAX_EMERGENCY_RECORDS = 100;
export const MAX_EMERGENCY_IDS = 100_000;

const CheckBody = Type.Object({ check: Type.Boolean() });
const BatchBody = Type.Object({
  pinIds: Type.Array(Id, { minItems: 1, maxItems: MAX_BATCH_IDS }),
  check: Type.Boolean(),
});
const EmergencyBody = Type.Array(Type.Object({
  userId: Type.Integer(),
  checkTime: Type.Optional(Type.Number()),
  pinIds: Type.Array(Id, { maxItems: MAX_EMERGENCY_IDS }),
}), { maxItems: MAX_EMERGENCY_RECORDS });

/** Single and batch checks, the caller's checks, and the emergency merge. */
export async function registerCheckRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/pin/:id/check', { schema: { params: IdParams, body: CheckBody } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const { check } = request.body as Static<typeof CheckBody>;
    const r = await checkPin(app.db, userId, id, check, nowMs());
    if (!r) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    return ok({ check: r.check, userId: r.userId, checkTime: r.checkTime, lastCheckTime: r.lastCheckTime });
  });

  app.post('/v1/pin/batch-check', { schema: { body: BatchBody } }, async (request) => {
    const userId = requireUser(request);
    const { pinIds, check } = request.body as Static<typeof BatchBody>;
    const ids = [...new Set(pinIds)];
    const r = await batchCheck(app.db, userId, ids, check, nowMs());
    if (r.unknown > 0) throw ApiError.badRequest(DataMessages.unknownPins(r.unknown), `${r.unknown} unknown pin ids; nothing applied`);
    return ok({ userId, checkTime: r.checkTime, lastCheckTime: r.lastCheckTime, userChecks: r.pinIds });
  });

  app.get('/v1/me/checks', async (request) => {
    const userId = requireUser(request);
    return ok(await userChecks(app.db, userId));
  });

  app.post('/v1/auth/emergency', { schema: { body: EmergencyBody } }, async (request) => {
    const userId = requireUser(request);
    const records = request.body as Static<typeof EmergencyBody>;
    const ids = [...new Set(records.filter((r) => r.userId === userId).flatMap((r) => r.pinIds))];
    if (ids.length > MAX_EMERGENCY_IDS) throw ApiError.badRequest(DataMessages.contentTooLong(MAX_EMERGENCY_IDS), 'too many pin ids');
    const r = await mergeChecks(app.db, userId, ids, nowMs());
    return ok({ userId, checkTime: r.checkTime, merged: r.merged });
  });
}
