// The moderation calls' response schemas (issue 24 item 5) drop nothing: each answer below reaches the moderation
// page field for field as its handler made it (answer-probe.ts), nulls included.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN, MODERATOR } from '../../test-helper';
import { probedServer } from '../answer-probe';

const s = probedServer();

const PLAYER = 7;
const send = s.result;
const pin = async (over: object = {}) =>
  (await send(PLAYER, 'PUT', '/api/v1/pin', { coordX: 1, coordY: 2, categoryId: 3, region: 0, tags: [], ...over })).id as number;

describe('moderation answers keep every field', () => {
  it('the report queue: open (with and without a duplicate) and resolved', async () => {
    const [a, b] = [await pin({ content: '설명' }), await pin()];
    await send(PLAYER, 'POST', '/api/v1/pin/report', { targetPinId: a, duplicatePinId: b, comment: '중복' });
    await send(PLAYER, 'POST', '/api/v1/pin/report', { targetPinId: b, duplicatePinId: 0, comment: '틀림' });
    const open = await send(MODERATOR, 'GET', '/api/v1/moderation/reports?status=open');
    const dup = open.find((r: { target: { id: number } }) => r.target.id === a);
    expect(dup).toMatchObject({
      status: 'open',
      reporterId: PLAYER,
      resolution: null,
      resolvedAt: null,
      duplicate: { id: b, coordZ: null },
    });
    expect(dup.target).toMatchObject({ description: '설명', categoryName: expect.any(String), hidden: false, totalChecks: 0 });
    const wrong = open.find((r: { target: { id: number } }) => r.target.id === b);
    expect(wrong.duplicate).toBeNull();
    await send(MODERATOR, 'POST', `/api/v1/moderation/reports/${wrong.id}`, { action: 'dismiss' });
    const resolved = await send(MODERATOR, 'GET', '/api/v1/moderation/reports?status=resolved');
    expect(resolved.find((r: { id: number }) => r.id === wrong.id)).toMatchObject({
      status: 'rejected',
      resolution: expect.any(String),
      resolvedAt: expect.any(String),
    });
  });

  it('changes, revert-since and the audit log', async () => {
    const vandal = await s.t.newUser('답반달');
    const made = (await send(vandal, 'PUT', '/api/v1/pin', { coordX: 3, coordY: 4, categoryId: 3, region: 0, tags: [] })).id;
    await send(vandal, 'PATCH', '/api/v1/pin/5', { content: '낙서', coordZ: 1 });
    const changes = await send(MODERATOR, 'GET', `/api/v1/moderation/changes?userId=${vandal}`);
    expect(changes.map((c: { pinId: number; kind: string }) => [c.pinId, c.kind])).toEqual([
      [5, 'edit'],
      [made, 'create'],
    ]);
    expect(changes[1]).toMatchObject({ before: null, changes: [{ field: 'created' }], nickname: '답반달' });
    const undone = await send(MODERATOR, 'POST', `/api/v1/moderation/users/${vandal}/revert-since`, { since: '2000-01-01T00:00:00Z' });
    expect(undone).toEqual({ reverted: [5], hidden: [made] });
    const audit = await send(MODERATOR, 'GET', '/api/v1/moderation/audit?limit=20');
    // `detail` is each action's own JSON (arrays, strings, nested): it must come through whole.
    expect(audit.find((e: { action: string }) => e.action === 'revert-since')).toMatchObject({
      actorId: MODERATOR,
      actorNickname: expect.any(String),
      targetType: 'user',
      targetId: vandal,
      detail: { since: '2000-01-01T00:00:00.000Z', reverted: [5], hidden: [made] },
    });
  });

  it('players: the list with a suspension in force, suspend, lift, role', async () => {
    const player = await s.t.newUser('답정지');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect(await send(MODERATOR, 'POST', `/api/v1/moderation/users/${player}/suspend`, { until, reason: '도배' })).toEqual({
      id: player,
      suspendedUntil: until,
      reason: '도배',
    });
    const list = await send(MODERATOR, 'GET', '/api/v1/moderation/users?q=답정지');
    expect(list).toEqual([
      {
        id: player,
        nickname: '답정지',
        role: 'user',
        createdAt: expect.any(String),
        suspendedUntil: until,
        suspendReason: '도배',
        edits: 0,
      },
    ]);
    expect(await send(MODERATOR, 'DELETE', `/api/v1/moderation/users/${player}/suspend`)).toEqual({ id: player, suspendedUntil: null });
    expect((await send(MODERATOR, 'GET', '/api/v1/moderation/users?q=답정지'))[0]).toMatchObject({
      suspendedUntil: null,
      suspendReason: null,
    });
    expect(await send(ADMIN, 'POST', `/api/v1/moderation/users/${player}/role`, { role: 'moderator' })).toEqual({
      id: player,
      role: 'moderator',
    });
  });

  it('the catalogue: add, edit, icon on and off, order, a tag', async () => {
    const { id } = await send(ADMIN, 'POST', '/api/v1/moderation/categories', { groupId: 1, name: '새 수집품', icon: 3, color: '#aa00cc' });
    expect(await send(ADMIN, 'PATCH', `/api/v1/moderation/categories/${id}`, { name: '고친 이름', color: null })).toEqual({ id });
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 1 } } })
      .png()
      .toBuffer();
    const icon = await send(ADMIN, 'PUT', `/api/v1/moderation/categories/${id}/icon`, png, { 'content-type': 'image/png' });
    expect(icon).toEqual({ id, iconUrl: expect.stringMatching(/^\/api\/v1\/category\/\d+\/icon\/[0-9a-f]{16}\.webp$/) });
    expect(await send(ADMIN, 'DELETE', `/api/v1/moderation/categories/${id}/icon`)).toEqual({ id, iconUrl: null });
    expect(await send(ADMIN, 'POST', '/api/v1/moderation/categories/order', { ids: [id, 3] })).toEqual({ ids: [id, 3] });
    expect(await send(ADMIN, 'POST', `/api/v1/moderation/categories/${id}/tags`, { groupName: '종류', name: '금색' })).toEqual({
      id: expect.any(Number),
      categoryId: id,
    });
    // What the repositories wrote: the list shows the category renamed, uncoloured, without icon, with its tag group.
    const groups = (await s.t.call(null, 'GET', '/api/v1/category/groups')).body.result as { categories: Record<string, unknown>[] }[];
    const cat = groups.flatMap((g) => g.categories).find((c) => c.id === id);
    expect(cat).toMatchObject({ name: '고친 이름', color: null, iconUrl: null, tagGroups: [{ id: expect.any(Number), name: '종류' }] });
  });
});
