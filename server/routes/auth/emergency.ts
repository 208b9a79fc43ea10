import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { mergeChecks } from '../../repos/checks';
import { nowMs } from '../../repos/tx';
import { DataMessages, Id } from '../common';
import { EmergencyResultSchema } from '../../../common/api';
import { answer } from '../responses';

/** Most check records, and pin ids in all, in one emergency call. */
export const MAX_EMERGENCY_RECORDS = 100;
export const MAX_EMERGENCY_IDS = 100_000;

const EmergencyBody = Type.Array(
  Type.Object({
    userId: Type.Integer(),
    checkTime: Type.Optional(Type.Number()),
    pinIds: Type.Array(Id, { maxItems: MAX_EMERGENCY_IDS }),
  }),
  { maxItems: MAX_EMERGENCY_RECORDS },
);

/** POST /v1/auth/emergency: merges the check records a browser kept for the caller (SPEC §4); other users' records are ignored. */
export async function registerEmergencyRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/auth/emergency', { schema: { body: EmergencyBody, response: answer(EmergencyResultSchema) } }, async (request) => {
    const userId = requireUser(request);
    const records = request.body as Static<typeof EmergencyBody>;
    const ids = [...new Set(records.filter((r) => r.userId === userId).flatMap((r) => r.pinIds))];
    if (ids.length > MAX_EMERGENCY_IDS) throw ApiError.badRequest(DataMessages.contentTooLong(MAX_EMERGENCY_IDS), 'too many pin ids');
    const r = await mergeChecks(app.db, userId, ids, nowMs());
    return ok({ userId, checkTime: r.checkTime, merged: r.merged });
  });
}
