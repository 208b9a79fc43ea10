import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { pinVisible } from '../../repos/pins';
import { deleteNote, noteOf, putNote } from '../../repos/notes';
import { nowMs } from '../../repos/tx';
import { DataMessages, IdParams } from '../common';
import { EnvelopeSchema, PinNoteResultSchema } from '../../../common/api';
import { MAX_NOTE } from '../../../common/notes';

/** Korean messages of the note routes. */
export const NoteMessages = {
  noteEmpty: '메모 내용을 입력해 주세요.',
  noteTooLong: (max: number) => `메모는 ${max.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
} as const;

// Longer bodies than MAX_NOTE pass the schema so that they get the note's own message, not the validator's.
const NoteBody = Type.Object({ body: Type.String({ maxLength: 10_000 }) });
const Answer = { 200: EnvelopeSchema(PinNoteResultSchema) };

/**
 * GET, PUT and DELETE /v1/me/notes/:id: the caller's private note on pin :id (one per player per pin,
 * 1..MAX_NOTE characters after trimming). Signed-in players only; a hidden or unknown pin is a 404 as
 * everywhere, its notes included. A change reaches the player's other devices over /v1/events (`note`).
 */
export async function registerNoteRoutes(app: FastifyInstance): Promise<void> {
  const visiblePin = async (id: number) => {
    if (!(await pinVisible(app.db, id))) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
  };

  app.get('/v1/me/notes/:id', { schema: { params: IdParams, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    await visiblePin(id);
    return ok({ note: await noteOf(app.db, userId, id) });
  });

  app.put('/v1/me/notes/:id', { schema: { params: IdParams, body: NoteBody, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const text = (request.body as Static<typeof NoteBody>).body.trim();
    if (text.length === 0) throw ApiError.badRequest(NoteMessages.noteEmpty, 'note is empty');
    if (text.length > MAX_NOTE) throw ApiError.badRequest(NoteMessages.noteTooLong(MAX_NOTE), `note longer than ${MAX_NOTE}`);
    await visiblePin(id);
    return ok({ note: await putNote(app.db, userId, id, text, nowMs()) });
  });

  app.delete('/v1/me/notes/:id', { schema: { params: IdParams, response: Answer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    await visiblePin(id);
    await deleteNote(app.db, userId, id, nowMs());
    return ok({ note: null });
  });
}
