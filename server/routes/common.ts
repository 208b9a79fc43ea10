import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import { PIN_LIMITS } from '../../common/pin-model';
import { EnvelopeSchema } from '../../common/api';

/** Largest id accepted in paths and bodies (int4). */
export const MAX_ID = 2_147_483_647;

export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
export const IdParams = Type.Object({ id: Id });

/** An image reference: a URL of an image host (http/https) or the built-in host's /images/<file>. */
export const ImageRef = Type.String({ maxLength: PIN_LIMITS.image, pattern: '^(https?://[^\\s<>"]+|/images/[A-Za-z0-9._-]+)$' });

/**
 * The response schema of a binary answer (protobuf, an image). Such a handler sends a Buffer, which Fastify passes
 * through as it is: the schema documents the answer and never re-serializes it (bytes, content type and ETag unchanged).
 */
export const Binary = (description: string) => ({ type: 'string', format: 'binary', description }) as const;

/** The envelope of a refusal (SPEC §3: `error` set, `result` null), for a route that declares one of its error answers. */
export const ErrorEnvelope = EnvelopeSchema(Type.Null());

/** Korean messages of the data routes (the shared ones live in http/errors.ts). */
export const DataMessages = {
  pinNotFound: '핀을 찾을 수 없습니다.',
  floorAreaUnknown: '이 지역에 없는 층 구역입니다.',
  categoryNotFound: '카테고리를 찾을 수 없습니다.',
  commentNotFound: '댓글을 찾을 수 없습니다.',
  unknownTags: '존재하지 않는 태그가 포함되어 있습니다.',
  unknownPins: (n: number) => `존재하지 않는 핀 ${n.toLocaleString('ko-KR')}개가 포함되어 있어 아무것도 적용하지 않았습니다.`,
  contentEmpty: '내용을 입력해 주세요.',
  contentTooLong: (max: number) => `내용은 ${max.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  duplicateUnknown: '중복 핀으로 지정한 핀을 찾을 수 없습니다.',
  duplicateSelf: '신고할 핀과 중복 핀이 같습니다.',
  commentDeleteForbidden: '본인이 작성한 댓글만 삭제할 수 있습니다.',
  noChanges: '수정할 내용이 없습니다.',
  queryEmpty: '검색어를 입력해 주세요.',
  searchCursorBad: '검색 결과의 다음 쪽을 찾을 수 없습니다. 처음부터 다시 검색해 주세요.',
} as const;

/** Text trimmed and checked for 1..max characters, else a Korean 400. */
export function requireText(value: string, max: number): string {
  const t = value.trim();
  if (t.length === 0) throw ApiError.badRequest(DataMessages.contentEmpty, 'content is empty');
  if (t.length > max) throw ApiError.badRequest(DataMessages.contentTooLong(max), `content longer than ${max}`);
  return t;
}

/** Whether the caller asked for the binary envelope. */
export function wantsProto(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('application/x-protobuf');
}
