import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { listActions, undoAction } from '../../repos/progress';
import { nowMs } from '../../repos/tx';
import { IdParams } from '../common';
import { deviceLabel } from '../device';
import { RecentActionsSchema, UndoResultSchema } from '../../../common/api';
import { answer } from '../responses';

/** Most actions GET /v1/me/actions lists. */
export const MAX_ACTIONS_LISTED = 50;

/** Korean messages of the action routes. */
export const ActionMessages = {
  actionNotFound: '되돌릴 작업을 찾을 수 없습니다.',
  alreadyUndone: '이미 실행 취소한 작업입니다.',
  forgotten: '오래된 작업이라 더 이상 실행 취소할 수 없습니다.',
} as const;

/** GET /v1/me/actions (the caller's recent check actions) and POST /v1/me/actions/:id/undo. */
export async function registerActionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/actions', { schema: { response: answer(RecentActionsSchema) } }, async (request) => {
    const userId = requireUser(request);
    return ok({ actions: await listActions(app.db, userId, MAX_ACTIONS_LISTED) });
  });

  app.post('/v1/me/actions/:id/undo', { schema: { params: IdParams, response: answer(UndoResultSchema) } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const r = await undoAction(app.db, userId, id, nowMs(), deviceLabel(request));
    if (r.kind === 'missing') throw ApiError.notFound(ActionMessages.actionNotFound, `no action ${id}`);
    if (r.kind === 'undone') throw ApiError.conflict(ActionMessages.alreadyUndone, `action ${id} already undone`);
    if (r.kind === 'forgotten') throw ApiError.conflict(ActionMessages.forgotten, `action ${id} no longer has undo data`);
    return ok({
      userId,
      actionId: r.actionId,
      restored: r.restored,
      checkTime: r.checkTime,
      lastCheckTime: r.lastCheckTime,
      userChecks: r.pinIds,
    });
  });
}
