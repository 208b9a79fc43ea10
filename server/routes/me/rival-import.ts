import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { readRivalBackup } from '../../../common/rival-backup';
import { applyImport, previewImport } from '../../repos/progress';
import { createProfile, listProfiles } from '../../repos/profiles';
import { matchMarkers, summarise } from '../../repos/rival';
import { nowMs } from '../../repos/tx';
import { deviceLabel } from '../device';
import { RivalPlanSchema } from '../../../common/api';
import { answer } from '../responses';

/** A whole backup may be bigger than other bodies. */
const BODY_LIMIT = 16 * 1024 * 1024;

const Body = Type.Object({
  /** The backup, parsed (common/rival-backup.ts). */
  data: Type.Unknown(),
  /** Which of its profiles (index, default 0). */
  profile: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  /** Into our active profile, or a new profile named as the backup's (made active). */
  target: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('new')])),
  preview: Type.Optional(Type.Boolean()),
});

export const RivalMessages = {
  noSuchProfile: '백업에 그런 프로필이 없습니다.',
} as const;

/**
 * POST /v1/me/import/rival {data, profile?, target?, preview?}: progress from the other fan map's backup. The
 * preview says per backup profile how many found markers match our pins (by key, by position) and what merging the
 * chosen one into the target would change; applying merges it as one import action (undoable like any import).
 */
export async function registerRivalImportRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/me/import/rival', { schema: { body: Body, response: answer(RivalPlanSchema) }, bodyLimit: BODY_LIMIT }, async (request) => {
    const userId = requireUser(request);
    const { data, profile = 0, target = 'active', preview } = request.body as Static<typeof Body>;
    const read = readRivalBackup(data);
    if ('error' in read) throw ApiError.badRequest(read.error.message, read.error.detail);
    const chosen = read.backup.profiles[profile];
    if (!chosen) throw ApiError.badRequest(RivalMessages.noSuchProfile, `no profile ${profile}`);
    const { profiles, pinsOf } = summarise(read.backup, await matchMarkers(app.db, read.backup));
    const pins = pinsOf(profile);
    const mine = await listProfiles(app.db, userId);
    const into = target === 'new' ? chosen.name : mine.profiles.find((p) => p.active)!.name;
    const base = { profiles, profile, target, into };
    if (preview) {
      const plan =
        target === 'new'
          ? { mode: 'merge' as const, add: pins.length, remove: 0, unchanged: 0, unknown: 0 }
          : await previewImport(app.db, userId, 'merge', pins, nowMs());
      return ok({ applied: false, ...base, ...plan });
    }
    if (target === 'new') await createProfile(app.db, userId, chosen.name, nowMs(), true);
    const r = await applyImport(app.db, userId, 'merge', pins, nowMs(), deviceLabel(request));
    return ok({ applied: true, ...base, ...r.plan, actionId: r.actionId, checkTime: r.checkTime });
  });
}
