// Deleting a comment and voting on it (/api/v1/comment, /api/v2/comment: server/routes/comment).
import { Type, type Static } from 'typebox';

export const VoteTypeSchema = Type.Union([Type.Literal('recommend'), Type.Literal('disrecommend')]);
export type VoteType = Static<typeof VoteTypeSchema>;

/** POST /api/v2/comment/{id}/like: the comment's counts and the caller's vote after the change. */
export const CommentVotesSchema = Type.Object({
  commentId: Type.Integer(),
  recommend: Type.Integer(),
  disrecommend: Type.Integer(),
  myVote: Type.Union([VoteTypeSchema, Type.Null()]),
});
export type CommentVotes = Static<typeof CommentVotesSchema>;

/** DELETE /api/v1/comment/{id}. */
export const CommentDeletedSchema = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() });
export type CommentDeleted = Static<typeof CommentDeletedSchema>;
