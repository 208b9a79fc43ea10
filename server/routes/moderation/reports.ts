import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { audit } from '../../moderation/audit';
import { auditRefusals, hiddenStateAuthor, requireRankOver } from '../../moderation/rank';
import { ModerationMessages, requireModerator, type Role } from '../../moderation/roles';
import type { Db } from '../../db';
import { closeReport, listReports, lockReport, mergePins } from '../../repos/moderation';
import { publishPinChange, type PinChangeEvent } from '../../repos/pin-events';
import { setHidden } from '../../repos/revisions';
import { nowMs, withRetry } from '../../repos/tx';
import { REPORT_ACTIONS } from '../../../common/pin-model';
import { DataMessages, Id, IdParams } from '../common';

const ReportsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
  kind: Type.Optional(Type.Union([Type.Literal('duplicate'), Type.Literal('wrong')])),
  categoryId: Type.Optional(Id),
  region: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  reporterId: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
const ActionBody = Type.Object({
  action: Type.Union(REPORT_ACTIONS.map((a) => Type.Literal(a))),
  keepPinId: Type.Optional(Id),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
const HideBody = Type.Object({ hidden: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 500 })) });

/**
 * The role rule (rank.ts) for a call that sets pin `pinId` hidden or shown: flipping a hidden state an admin set is
 * for admins. A pin that is already so (or unknown) passes.
 */
async function requireHideRank(tx: Db, me: { userId: number; role: Role }, pinId: number, hidden: boolean, attempt: string) {
  const { rows } = await tx.query<{ hidden: boolean }>('select hidden from pins where id = $1 for update', [pinId]);
  if (rows[0] && rows[0].hidden !== hidden) await requireRankOver(tx, me, [await hiddenStateAuthor(tx, pinId)], attempt, 'pin', pinId);
}

/** The report queue and its actions; hiding a pin directly. */
export async function registerReportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/moderation/reports', { schema: { querystring: ReportsQuery } }, async (request) => {
    await requireModerator(app.db, request);
    const q = request.query as Static<typeof ReportsQuery>;
    const { status, limit, ...filter } = q;
    return ok(await listReports(app.db, status ?? 'open', limit ?? 200, filter));
  });

  app.post('/v1/moderation/reports/:id', { schema: { params: IdParams, body: ActionBody } }, async (request) => {
    const me = await requireModerator(app.db, request);
    const { userId } = me;
    const { id } = request.params as { id: number };
    const body = request.body as Static<typeof ActionBody>;
    const now = nowMs();
    const events = await auditRefusals(app.db, userId, () =>
      withRetry(app.db, async (tx): Promise<PinChangeEvent[]> => {
        const report = await lockReport(tx, id);
        if (!report) throw ApiError.notFound(ModerationMessages.reportNotFound, `no report ${id}`);
        if (report.status !== 'open') throw ApiError.conflict(ModerationMessages.reportClosed, `report ${id} is ${report.status}`);
        const result: PinChangeEvent[] = [];
        if (body.action === 'hide') {
          await requireHideRank(tx, me, report.targetPinId, true, 'report-hide');
          const f = await setHidden(tx, report.targetPinId, true, userId, now, `report ${id}`);
          if (!f) throw ApiError.notFound(DataMessages.pinNotFound);
          result.push({ pinId: report.targetPinId, categoryIds: [f.categoryId], kind: 'hide' });
        } else if (body.action === 'merge') {
          if (report.duplicatePinId === 0) throw ApiError.badRequest(ModerationMessages.noDuplicate, 'report names no duplicate');
          const pair = [report.targetPinId, report.duplicatePinId];
          // By default the older pin (the smaller id) is kept.
          const keep = body.keepPinId ?? Math.min(...pair);
          if (!pair.includes(keep)) throw ApiError.badRequest(ModerationMessages.keepNotInReport, 'keepPinId not in the report');
          const dup = keep === pair[0] ? pair[1]! : pair[0]!;
          await requireHideRank(tx, me, dup, true, 'report-merge');
          const merged = await mergePins(tx, keep, dup, userId, now);
          if (!merged) throw ApiError.notFound(DataMessages.pinNotFound);
          result.push(
            { pinId: dup, categoryIds: merged.categories, kind: 'merge' },
            { pinId: keep, categoryIds: merged.categories, kind: 'merge' },
          );
        }
        const resolution =
          body.action === 'merge' ? `merge:${body.keepPinId ?? Math.min(report.targetPinId, report.duplicatePinId)}` : body.action;
        await closeReport(
          tx,
          id,
          userId,
          body.action === 'dismiss' ? 'rejected' : 'resolved',
          body.note ? `${resolution} ${body.note}` : resolution,
        );
        await audit(tx, userId, `report-${body.action}`, 'report', id, {
          targetPinId: report.targetPinId,
          duplicatePinId: report.duplicatePinId,
        });
        return result;
      }),
    );
    for (const e of events) await publishPinChange(app.db, e);
    return ok({ id, action: body.action });
  });

  app.post('/v1/moderation/pins/:id/hide', { schema: { params: IdParams, body: HideBody } }, async (request) => {
    const me = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    const { hidden, reason } = request.body as Static<typeof HideBody>;
    const f = await auditRefusals(app.db, me.userId, () =>
      withRetry(app.db, async (tx) => {
        await requireHideRank(tx, me, id, hidden, hidden ? 'hide' : 'unhide');
        return setHidden(tx, id, hidden, me.userId, nowMs(), reason);
      }),
    );
    if (!f) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    await publishPinChange(app.db, { pinId: id, categoryIds: [f.categoryId], kind: hidden ? 'hide' : 'unhide' });
    return ok({ id, hidden });
  });
}
