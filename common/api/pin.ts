// The answers of the pin calls beyond its detail (SPEC §7): writes, reports, checks, its comments, and the world
// version of the pin snapshots. Declared once for the server's response schemas and the browser's types.
import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** PUT /api/v1/pin, PATCH /api/v1/pin/{id} and POST /api/v1/pin/{id}/revert: the pin and the category it is in now. */
export const PinWrittenSchema = Type.Object({ id: Type.Integer(), categoryId: Type.Integer() });
export type PinWritten = Static<typeof PinWrittenSchema>;

/** POST /api/v1/pin/report: the report filed (duplicatePinId 0: none named). */
export const ReportFiledSchema = Type.Object({ id: Type.Integer(), targetPinId: Type.Integer(), duplicatePinId: Type.Integer() });

/**
 * POST /api/v1/pin/{id}/check: the pin's state after the call (a change older than the pin's last one is ignored),
 * the pin the mark landed on (the kept pin when `id` was merged into it) and the action to undo (null: nothing changed).
 */
export const CheckAnswerSchema = Type.Object({
  check: Type.Boolean(),
  userId: Type.Integer(),
  pinId: Type.Integer(),
  checkTime: Type.Number(),
  /** The player's checkTime before this call. */
  lastCheckTime: Type.Number(),
  actionId: Nullable(Type.Integer()),
});
export type CheckAnswer = Static<typeof CheckAnswerSchema>;

/** POST /api/v1/pin/batch-check: the pins the batch landed on, how many changed or were older than the pins' own. */
export const BatchCheckAnswerSchema = Type.Object({
  userId: Type.Integer(),
  checkTime: Type.Number(),
  lastCheckTime: Type.Number(),
  userChecks: Type.Array(Type.Integer()),
  actionId: Nullable(Type.Integer()),
  changed: Type.Integer(),
  ignored: Type.Integer(),
});
export type BatchCheckAnswer = Static<typeof BatchCheckAnswerSchema>;

/** A comment as a reader sees it (their own vote in myVote); a deleted author reads as '탈퇴한 사용자' with userId null. */
export const CommentSchema = Type.Object({
  id: Type.Integer(),
  pinId: Type.Integer(),
  userId: Nullable(Type.Integer()),
  nickname: Type.String(),
  /** ISO time. */
  createdAt: Type.String(),
  content: Type.String(),
  image: Nullable(Type.String()),
  recommend: Type.Integer(),
  disrecommend: Type.Integer(),
  myVote: Nullable(Type.Union([Type.Literal('recommend'), Type.Literal('disrecommend')])),
  /** One of the best comments heading page 0. */
  best: Type.Boolean(),
});
export type CommentView = Static<typeof CommentSchema>;

/** GET /api/v1/pin/{id}/comment: one page of a pin's comments (best ones first on page 0). */
export const CommentPageSchema = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  n: Type.Integer(),
  comments: Type.Array(CommentSchema),
});

/**
 * GET /api/v1/pins/snapshot: the world's change sequence and every region's version, the version a region's pin
 * snapshot is asked at (common/pin-snapshot.ts SnapshotVersions; a region absent: 0).
 */
export const SnapshotVersionSchema = Type.Object({
  version: Type.Integer(),
  regions: Type.Optional(Type.Record(Type.String(), Type.Integer())),
});
