import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { audit } from '../../moderation/audit';
import { auditRefusals } from '../../moderation/rank';
import { ModerationMessages, requireModerator } from '../../moderation/roles';
import { closeReport, listReports, lockReport } from '../../repos/moderation';
import { publishPinChange, type PinChangeEvent } from '../../repos/pin-events';
import { setHidden } from '../../repos/revisions';
import { nowMs, withRetry } from '../../repos/tx';
import { REPORT_ACTIONS } from '../../../common/pin-model';
import { reportActions, requireHideRank } from '../../moderation/report-actions';
import { DataMessages, Id, IdParams } from '../common';
import { EnvelopeSchema, ModerationReportSchema } from '../../../common/api';

const ReportsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
  kind: Type.Optional(Type.Union([Type.Literal('duplicate'), Type.Literal('wrong')])),
  categoryId: Type.Optional(Id),
  region: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  reporterId: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
const ActionBody = Type.Object({
  action: Type.Enum(REPORT_ACTIONS),
  keepPinId: Type.Optional(Id),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
const ActionAnswer = { 200: EnvelopeSchema(Type.Object({ id: Type.Integer(), action: Type.Enum(REPORT_ACTIONS) })) };
const HiddenAnswer = { 200: EnvelopeSchema(Type.Object({ id: Type.Integer(), hidden: Type.Boolean() })) };
const HideBody = Type.Object({ hidden: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 500 })) });

const ReportsAnswer = { 200: EnvelopeSchema(Type.Array(ModerationReportSchema)) };

/** The report queue and its actions; hiding a pin directly. */
export async function registerReportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/moderation/reports', { schema: { querystring: ReportsQuery, response: ReportsAnswer } }, async (request) => {
    await requireModerator(app.db, request);
    const q = request.query as Static<typeof ReportsQuery>;
    const { status, limit, ...filter } = q;
    return ok(await listReports(app.db, status ?? 'open', limit ?? 200, filter));
  });

  app.post('/v1/moderation/reports/:id', { schema: { params: IdParams, body: ActionBody, response: ActionAnswer } }, async (request) => {
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
        const action = reportActions[body.action];
        const done = await action.apply({ tx, me, reportId: id, report, keepPinId: body.keepPinId, now });
        await closeReport(tx, id, userId, action.status, body.note ? `${done.resolution} ${body.note}` : done.resolution);
        await audit(tx, userId, `report-${body.action}`, 'report', id, {
          targetPinId: report.targetPinId,
          duplicatePinId: report.duplicatePinId,
        });
        return done.events;
      }),
    );
    for (const e of events) await publishPinChange(app.db, e);
    return ok({ id, action: body.action });
  });

  app.post('/v1/moderation/pins/:id/hide', { schema: { params: IdParams, body: HideBody, response: HiddenAnswer } }, async (request) => {
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
