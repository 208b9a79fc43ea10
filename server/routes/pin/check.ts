import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { batchCheck, checkPin } from '../../repos/checks';
import { nowMs } from '../../repos/tx';
import { DataMessages, Id, IdParams } from '../common';
import { deviceLabel } from '../device';
import { BatchCheckAnswerSchema, CheckAnswerSchema, EnvelopeSchema } from '../../../common/api';

/** Most pin ids in one batch check (duplicates are removed first). */
export const MAX_BATCH_IDS = 50_000;

/** When the player made the change (epoch ms); optional so the spec's clients still work. */
const At = Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }));
const CheckBody = Type.Object({ check: Type.Boolean(), at: At });
const BatchBody = Type.Object({
  pinIds: Type.Array(Id, { minItems: 1, maxItems: MAX_BATCH_IDS }),
  check: Type.Boolean(),
  at: At,
});

const CheckAnswer = { 200: EnvelopeSchema(CheckAnswerSchema) };
const BatchAnswer = { 200: EnvelopeSchema(BatchCheckAnswerSchema) };

/** POST /v1/pin/:id/check and POST /v1/pin/batch-check. */
export async function registerCheckRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/pin/:id/check', { schema: { params: IdParams, body: CheckBody, response: CheckAnswer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const { check, at } = request.body as Static<typeof CheckBody>;
    const now = nowMs();
    const r = await checkPin(app.db, userId, id, check, now, at ?? now, deviceLabel(request));
    if (!r) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    // `check` is the pin's state after the call: a change older than the pin's last one is ignored. `pinId` is the pin
    // the mark landed on: the kept pin when `id` was merged into it as a duplicate.
    return ok({
      check: r.check,
      userId: r.userId,
      pinId: r.pinId,
      checkTime: r.checkTime,
      lastCheckTime: r.lastCheckTime,
      actionId: r.actionId,
    });
  });

  app.post('/v1/pin/batch-check', { schema: { body: BatchBody, response: BatchAnswer } }, async (request) => {
    const userId = requireUser(request);
    const { pinIds, check, at } = request.body as Static<typeof BatchBody>;
    const ids = [...new Set(pinIds)];
    const now = nowMs();
    const r = await batchCheck(app.db, userId, ids, check, now, at ?? now, deviceLabel(request));
    if (r.unknown > 0) throw ApiError.badRequest(DataMessages.unknownPins(r.unknown), `${r.unknown} unknown pin ids; nothing applied`);
    return ok({
      userId,
      checkTime: r.checkTime,
      lastCheckTime: r.lastCheckTime,
      userChecks: r.pinIds,
      actionId: r.actionId,
      changed: r.changed,
      ignored: r.ignored,
    });
  });
}
