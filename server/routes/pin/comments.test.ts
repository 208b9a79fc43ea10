import { describe, expect, it } from 'vitest';
import { AUTHOR, commentServer, PIN } from '../comment/comment-server';

const s = commentServer();
const comment = s.comment;

async function votes(commentId: number, rec: number, dis: number) {
  for (let u = 10; u < 10 + rec; u++) await s.t.call(u, 'POST', `/api/v2/comment/${commentId}/like`, { type: 'recommend' });
  for (let u = 30; u < 30 + dis; u++) await s.t.call(u, 'POST', `/api/v2/comment/${commentId}/like`, { type: 'disrecommend' });
}

describe('GET /v1/pin/:id/comment and PUT /v2/pin/:id/comment', () => {
  it('writes a trimmed comment with an optional image', async () => {
    const r = await s.t.call(AUTHOR, 'PUT', `/api/v2/pin/${PIN}/comment`, { content: '  감사합니다  ', image: '/images/seed-2.webp' });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      pinId: PIN,
      userId: AUTHOR,
      content: '감사합니다',
      image: '/images/seed-2.webp',
      recommend: 0,
      disrecommend: 0,
      myVote: null,
      best: false,
    });
    const https = await s.t.call(AUTHOR, 'PUT', `/api/v2/pin/${PIN}/comment`, { content: 'x', image: 'https://i.example.com/a.png' });
    expect(https.body.result.image).toBe('https://i.example.com/a.png');
  });

  it('refuses visitors, unknown pins, blank or overlong text and bad images', async () => {
    expect((await s.t.call(null, 'PUT', `/api/v2/pin/${PIN}/comment`, { content: 'x' })).body.error?.errClazz).toBe('requires_login');
    expect((await s.t.call(AUTHOR, 'PUT', '/api/v2/pin/999999/comment', { content: 'x' })).status).toBe(404);
    expect((await s.t.call(AUTHOR, 'PUT', `/api/v2/pin/${PIN}/comment`, { content: '   ' })).body.error?.messageTranslated).toBe(
      '내용을 입력해 주세요.',
    );
    expect((await s.t.call(AUTHOR, 'PUT', `/api/v2/pin/${PIN}/comment`, { content: 'a'.repeat(1001) })).body.error?.messageTranslated).toBe(
      '내용은 1,000자 이하로 입력해 주세요.',
    );
    for (const body of [{}, { content: 5 }, { content: 'x', image: 'javascript:alert(1)' }, { content: 'x', image: '/etc/passwd' }]) {
      expect((await s.t.call(AUTHOR, 'PUT', `/api/v2/pin/${PIN}/comment`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('pages newest first with best comments heading page 0', async () => {
    const pin = 88;
    await s.t.db.query('delete from comments where pin_id = $1', [pin]);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await comment(AUTHOR, `댓글 ${i}`, pin));
    // Best: ≥5 recommends and more recommends than disrecommends; top 3 by recommends.
    await votes(ids[1]!, 6, 0);
    await votes(ids[2]!, 8, 1);
    await votes(ids[3]!, 5, 5); // not best: not more recommends than disrecommends
    await votes(ids[4]!, 4, 0); // not best: too few
    await votes(ids[5]!, 7, 0);
    await votes(ids[6]!, 5, 0); // fourth candidate: left out of the best three
    const p0 = await s.t.call(12, 'GET', `/api/v1/pin/${pin}/comment?n=5&page=0`);
    expect(p0.status).toBe(200);
    expect(p0.body.result).toMatchObject({ total: 12, page: 0, n: 5 });
    const c0 = p0.body.result.comments;
    expect(c0.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[5], ids[1], ids[11], ids[10]]);
    expect(c0.map((c: { best: boolean }) => c.best)).toEqual([true, true, true, false, false]);
    expect(c0[0]).toMatchObject({ recommend: 8, disrecommend: 1, myVote: 'recommend', nickname: expect.any(String) });
    const all = [...c0];
    for (let page = 1; page < 3; page++)
      all.push(...(await s.t.call(12, 'GET', `/api/v1/pin/${pin}/comment?n=5&page=${page}`)).body.result.comments);
    expect(all).toHaveLength(12);
    expect(new Set(all.map((c: { id: number }) => c.id)).size).toBe(12);
    expect((await s.t.call(null, 'GET', `/api/v1/pin/${pin}/comment?n=5&page=3`)).body.result.comments).toEqual([]);
    const visitor = await s.t.call(null, 'GET', `/api/v1/pin/${pin}/comment`);
    expect(visitor.body.result.n).toBe(10);
    expect(visitor.body.result.comments[0].myVote).toBeNull();
  });

  it('refuses bad paging', async () => {
    for (const q of ['n=0', 'n=51', 'n=abc', 'page=-1', 'page=1.5']) {
      expect((await s.t.call(null, 'GET', `/api/v1/pin/${PIN}/comment?${q}`)).status, q).toBe(400);
    }
    expect((await s.t.call(null, 'GET', '/api/v1/pin/999999/comment')).status).toBe(404);
  });
});
