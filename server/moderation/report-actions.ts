import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { mergePins } from '../repos/moderation';
import type { PinChangeEvent } from '../repos/pin-events';
import { setHidden } from '../repos/revisions';
import type { ReportAction } from '../../common/pin-model';
import { DataMessages } from '../routes/common';
import { hiddenStateAuthor, requireRankOver } from './rank';
import { ModerationMessages, type Role } from './roles';

/*
 * What each report action (common/pin-model.ts REPORT_ACTIONS) does to a report's pins, one registered
 * object per action: POST /v1/moderation/reports/:id looks the action up here, runs it inside its
 * transaction, closes the report with the action's status and resolution and audits it. A new action
 * is one more entry.
 */

/** What an action gets: the transaction, the moderator, the locked report and the call's options. */
export interface ReportActionContext {
  tx: Db;
  me: { userId: number; role: Role };
  reportId: number;
  report: { targetPinId: number; duplicatePinId: number };
  /** The pin a merge keeps (one of the report's two); absent = the older one. */
  keepPinId?: number;
  now: number;
}

/** One report action. */
export interface ReportActionHandler {
  /** The report's status once the action closed it. */
  status: 'rejected' | 'resolved';
  /** Applies the action; answers the pin changes to announce once committed and the report's resolution text. */
  apply(ctx: ReportActionContext): Promise<{ events: PinChangeEvent[]; resolution: string }>;
}

/**
 * The role rule (rank.ts) for a call that sets pin `pinId` hidden or shown: flipping a hidden state an admin set is
 * for admins. A pin that is already so (or unknown) passes.
 */
export async function requireHideRank(tx: Db, me: { userId: number; role: Role }, pinId: number, hidden: boolean, attempt: string) {
  const { rows } = await tx.query<{ hidden: boolean }>('select hidden from pins where id = $1 for update', [pinId]);
  if (rows[0] && rows[0].hidden !== hidden) await requireRankOver(tx, me, [await hiddenStateAuthor(tx, pinId)], attempt, 'pin', pinId);
}

/** Every report action by name. */
export const reportActions: Record<ReportAction, ReportActionHandler> = {
  /** The report was wrong: closed as rejected, the pins untouched. */
  dismiss: { status: 'rejected', apply: async () => ({ events: [], resolution: 'dismiss' }) },

  /** The report was right and was dealt with elsewhere (an edit): closed, the pins untouched. */
  resolve: { status: 'resolved', apply: async () => ({ events: [], resolution: 'resolve' }) },

  /** The reported pin is hidden. */
  hide: {
    status: 'resolved',
    async apply({ tx, me, reportId, report, now }) {
      await requireHideRank(tx, me, report.targetPinId, true, 'report-hide');
      const f = await setHidden(tx, report.targetPinId, true, me.userId, now, `report ${reportId}`);
      if (!f) throw ApiError.notFound(DataMessages.pinNotFound);
      return { events: [{ pinId: report.targetPinId, categoryIds: [f.categoryId], kind: 'hide' }], resolution: 'hide' };
    },
  },

  /** The report's two pins are one: the duplicate is merged into the kept pin (by default the older, the smaller id). */
  merge: {
    status: 'resolved',
    async apply({ tx, me, report, keepPinId, now }) {
      if (report.duplicatePinId === 0) throw ApiError.badRequest(ModerationMessages.noDuplicate, 'report names no duplicate');
      const pair = [report.targetPinId, report.duplicatePinId];
      const keep = keepPinId ?? Math.min(...pair);
      if (!pair.includes(keep)) throw ApiError.badRequest(ModerationMessages.keepNotInReport, 'keepPinId not in the report');
      const dup = keep === pair[0] ? pair[1]! : pair[0]!;
      await requireHideRank(tx, me, dup, true, 'report-merge');
      const merged = await mergePins(tx, keep, dup, me.userId, now);
      if (!merged) throw ApiError.notFound(DataMessages.pinNotFound);
      return {
        events: [
          { pinId: dup, categoryIds: merged.categories, kind: 'merge' },
          { pinId: keep, categoryIds: merged.categories, kind: 'merge' },
        ],
        resolution: `merge:${keep}`,
      };
    },
  },
};
