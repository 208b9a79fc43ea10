import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { deletePreset, presetsOf, putPreset } from '../../repos/presets';
import { nowMs } from '../../repos/tx';
import { Id, IdParams } from '../common';
import { EnvelopeSchema, FilterPresetsResultSchema, PRESET_LIMITS } from '../../../common/api';

/** Korean messages of the preset routes. */
export const PresetMessages = {
  nameEmpty: '프리셋 이름을 입력해 주세요.',
  nameTooLong: (max: number) => `프리셋 이름은 ${max}자 이하로 입력해 주세요.`,
  tooMany: (max: number) => `필터 프리셋은 ${max}개까지 저장할 수 있습니다. 쓰지 않는 프리셋을 지운 뒤 다시 저장해 주세요.`,
  tooManyCategories: (max: number) => `프리셋에는 카테고리를 ${max.toLocaleString('ko-KR')}개까지 담을 수 있습니다.`,
  tooManyTags: (max: number) => `프리셋에는 태그를 ${max.toLocaleString('ko-KR')}개까지 담을 수 있습니다.`,
  notFound: '프리셋을 찾을 수 없습니다.',
} as const;

// Longer names and lists than the limits pass the schema so that they get the presets' own messages.
const PresetBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    categories: Type.Array(Id, { maxItems: 20_000 }),
    tags: Type.Array(Id, { maxItems: 20_000 }),
    hideChecked: Type.Boolean(),
  },
  { additionalProperties: false },
);
const Answer = { 200: EnvelopeSchema(FilterPresetsResultSchema) };

/**
 * GET, PUT and DELETE /v1/me/presets: the caller's filter presets (issue 20 item 4). PUT saves the map's
 * categories, highlighted tags and hide-found under a name (the same name again replaces it); at most
 * PRESET_LIMITS.presets per player. Every answer is the whole list, by name. Signed-in players only (a visitor's
 * presets stay on the device).
 */
export async function registerPresetRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/presets', { schema: { response: Answer } }, async (request) => {
    const userId = requireUser(request);
    return ok({ presets: await presetsOf(app.db, userId) });
  });

  app.put('/v1/me/presets', { schema: { body: PresetBody, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const body = request.body as Static<typeof PresetBody>;
    const name = body.name.trim().replace(/\s+/g, ' ');
    if (name.length === 0) throw ApiError.badRequest(PresetMessages.nameEmpty, 'preset name is empty');
    if (name.length > PRESET_LIMITS.name)
      throw ApiError.badRequest(PresetMessages.nameTooLong(PRESET_LIMITS.name), `preset name longer than ${PRESET_LIMITS.name}`);
    const categories = [...new Set(body.categories)];
    const tags = [...new Set(body.tags)];
    if (categories.length > PRESET_LIMITS.categories)
      throw ApiError.badRequest(PresetMessages.tooManyCategories(PRESET_LIMITS.categories), 'too many categories');
    if (tags.length > PRESET_LIMITS.tags) throw ApiError.badRequest(PresetMessages.tooManyTags(PRESET_LIMITS.tags), 'too many tags');
    const saved = await putPreset(
      app.db,
      userId,
      { name, categories, tags, hideChecked: body.hideChecked },
      PRESET_LIMITS.presets,
      nowMs(),
    );
    if (!saved) throw ApiError.badRequest(PresetMessages.tooMany(PRESET_LIMITS.presets), `more than ${PRESET_LIMITS.presets} presets`);
    return ok({ presets: await presetsOf(app.db, userId) });
  });

  app.delete('/v1/me/presets/:id', { schema: { params: IdParams, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    if (!(await deletePreset(app.db, userId, id))) throw ApiError.notFound(PresetMessages.notFound, `no preset ${id}`);
    return ok({ presets: await presetsOf(app.db, userId) });
  });
}
