import { describe, expect, it } from 'vitest';
import { MODERATOR } from '../../test-helper';
import { AUTHOR, commentServer } from './comment-server';
import { CommentDeletedSchema, CommentVotesSchema } from '../../../common/api';

const s = commentServer();
const comment = s.comment;

describe('DELETE /v1/comment/:id and POST /v2/comment/:id/like', () => {
  it('votes once per user; the same vote withdraws it, the other replaces it', async () => {
    const id = await comment(AUTHOR, '투표');
    const a = await s.t.call(20, 'POST', `/api/v2/comment/${id}/like`, { type: 'recommend' });
    expect(a.body.result).toEqual({ commentId: id, recommend: 1, disrecommend: 0, myVote: 'recommend' });
    const b = await s.t.call(20, 'POST', `/api/v2/comment/${id}/like`, { type: 'disrecommend' });
    expect(b.body.result).toMatchObject({ recommend: 0, disrecommend: 1, myVote: 'disrecommend' });
    const c = await s.t.call(20, 'POST', `/api/v2/comment/${id}/like`, { type: 'disrecommend' });
    expect(c.body.result).toMatchObject({ recommend: 0, disrecommend: 0, myVote: null });
    await Promise.all([21, 22, 23].map((u) => s.t.call(u, 'POST', `/api/v2/comment/${id}/like`, { type: 'recommend' })));
    expect((await s.t.call(24, 'POST', `/api/v2/comment/${id}/like`, { type: 'recommend' })).body.result.recommend).toBe(4);
    expect((await s.t.call(20, 'POST', `/api/v2/comment/${id}/like`, { type: 'like' })).status).toBe(400);
    expect((await s.t.call(20, 'POST', '/api/v2/comment/999999/like', { type: 'recommend' })).status).toBe(404);
    expect((await s.t.call(null, 'POST', `/api/v2/comment/${id}/like`, { type: 'recommend' })).status).toBe(401);
  });

  it('lets the author or a moderator delete, nobody else', async () => {
    const id = await comment(AUTHOR, '지울 댓글');
    const other = await s.t.call(AUTHOR + 1, 'DELETE', `/api/v1/comment/${id}`);
    expect(other.status).toBe(403);
    expect(other.body.error?.messageTranslated).toBe('본인이 작성한 댓글만 삭제할 수 있습니다.');
    expect((await s.t.call(null, 'DELETE', `/api/v1/comment/${id}`)).status).toBe(401);
    expect((await s.t.call(AUTHOR, 'DELETE', `/api/v1/comment/${id}`)).body.result).toEqual({ id, deleted: true });
    expect((await s.t.call(AUTHOR, 'DELETE', `/api/v1/comment/${id}`)).status).toBe(404);
    const id2 = await comment(AUTHOR, '신고된 댓글');
    expect((await s.t.call(MODERATOR, 'DELETE', `/api/v1/comment/${id2}`)).status).toBe(200);
    expect((await s.t.call(AUTHOR, 'DELETE', '/api/v1/comment/abc')).status).toBe(400);
  });

  it('shows a deleted author as 탈퇴한 사용자', async () => {
    const user = await s.t.newUser('곧탈퇴');
    const id = await comment(user, '안녕', 99);
    await s.t.db.query('delete from users where id = $1', [user]);
    const list = (await s.t.call(null, 'GET', '/api/v1/pin/99/comment?n=50')).body.result.comments;
    expect(list.find((c: { id: number }) => c.id === id)).toMatchObject({ nickname: '탈퇴한 사용자', userId: null, content: '안녕' });
  });

  it('answers keep every field the client reads (issue 24 item 5)', async () => {
    const id = await comment(AUTHOR, '모양');
    const like = await s.t.as(20, { method: 'POST', url: `/api/v2/comment/${id}/like`, payload: { type: 'recommend' } });
    expect(s.probe.whole(like, CommentVotesSchema)).toEqual({ commentId: id, recommend: 1, disrecommend: 0, myVote: 'recommend' });
    const del = await s.t.as(AUTHOR, { method: 'DELETE', url: `/api/v1/comment/${id}` });
    expect(s.probe.whole(del, CommentDeletedSchema)).toEqual({ id, deleted: true });
  });
});
