// Progress profiles (issue 22 item 4): each profile keeps its own checks, undo history, export and counts; one tap
// switches, and every device of the account is told (a `full` check notice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miscountedPins, seededApp } from '../../test-helper';
import { CHECKS_CHANNEL } from '../../repos/checks';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;
const profiles = async (user: number) => (await t.call(user, 'GET', '/api/v1/me/profiles')).body.result;

describe('progress profiles', () => {
  it('a new account has one profile, 기본, holding its checks', async () => {
    const user = await t.newUser('프로필1');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [10, 11], check: true });
    const list = await profiles(user);
    expect(list).toMatchObject({ max: 10, profiles: [{ name: '기본', found: 2, active: true }] });
    expect(list.active).toBe(list.profiles[0].id);
  });

  it('two profiles keep their checks, undo history, export and counts apart; switching back restores', async () => {
    const user = await t.newUser('프로필2');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [100, 101, 102], check: true });
    const first = (await profiles(user)).profiles[0].id;
    const created = await t.call(user, 'POST', '/api/v1/me/profiles', { name: '부계정', activate: true });
    expect(created.status).toBe(200);
    const second = created.body.result.profiles[1];
    expect(second).toMatchObject({ name: '부계정', found: 0, active: true });
    expect(await mine(user)).toEqual([]);
    expect((await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions).toEqual([]);

    const mark = await t.call(user, 'POST', '/api/v1/pin/200/check', { check: true });
    expect(mark.body.result.check).toBe(true);
    await t.call(user, 'POST', '/api/v1/pin/100/check', { check: true });
    expect(await mine(user)).toEqual([100, 200]);
    expect((await t.call(user, 'GET', '/api/v1/me/export')).body.result.pins.map((p: { pinId: number }) => p.pinId)).toEqual([100, 200]);
    const pin = await t.call(user, 'GET', '/api/v1/pin/101');
    expect(pin.body.result.isChecked).toBe(false);
    expect((await profiles(user)).profiles.map((p: { found: number }) => p.found)).toEqual([3, 2]);
    const firstActions = await t.call(user, 'GET', '/api/v1/me/actions');
    expect(firstActions.body.result.actions).toHaveLength(2);

    const back = await t.call(user, 'POST', `/api/v1/me/profiles/${first}/activate`);
    expect(back.body.result.active).toBe(first);
    expect(await mine(user)).toEqual([100, 101, 102]);
    expect((await t.call(user, 'GET', '/api/v1/pin/101')).body.result.isChecked).toBe(true);
    // The second profile's actions are not this one's to list or undo.
    const actions = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'batch', count: 3 });
    const foreign = firstActions.body.result.actions[0].id;
    expect((await t.call(user, 'POST', `/api/v1/me/actions/${foreign}/undo`)).status).toBe(404);
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${actions[0].id}/undo`);
    expect(undo.body.result).toMatchObject({ restored: 3, userChecks: [] });
    await t.call(user, 'POST', `/api/v1/me/profiles/${second.id}/activate`);
    expect(await mine(user)).toEqual([100, 200]);
    expect(await miscountedPins(t.db)).toBe(0);
  });

  it('a switch moves the account’s checkTime and tells every device to fetch the list', async () => {
    const user = await t.newUser('프로필3');
    const heard: { userId: number; full?: boolean; checkTime: number }[] = [];
    const stop = await t.db.listen(CHECKS_CHANNEL, (p) => heard.push(JSON.parse(p)));
    const before = (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.checkTime;
    const made = await t.call(user, 'POST', '/api/v1/me/profiles', { name: '둘째' });
    const id = made.body.result.profiles[1].id;
    expect(made.body.result.checkTime).toBe(before); // creating does not switch
    const switched = await t.call(user, 'POST', `/api/v1/me/profiles/${id}/activate`);
    expect(switched.body.result.checkTime).toBeGreaterThan(before);
    const list = (await t.call(user, 'GET', '/api/v1/me/checks')).body.result;
    expect(list).toMatchObject({ checkTime: switched.body.result.checkTime, pinIds: [] });
    await t.call(user, 'POST', '/api/v1/pin/7/check', { check: true });
    await expect.poll(() => heard.filter((n) => n.userId === user).length, { timeout: 10_000 }).toBe(2);
    const [sw, mark] = heard.filter((n) => n.userId === user);
    expect(sw).toMatchObject({ full: true, checkTime: switched.body.result.checkTime });
    expect(mark).toMatchObject({ lastCheckTime: switched.body.result.checkTime, on: [7] });
    await stop();
  });

  it('rename, limits and bad names answer in Korean; nothing is half made', async () => {
    const user = await t.newUser('프로필4');
    const empty = await t.call(user, 'POST', '/api/v1/me/profiles', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.messageTranslated).toBe('프로필 이름을 입력해 주세요.');
    const long = await t.call(user, 'POST', '/api/v1/me/profiles', { name: '가'.repeat(21) });
    expect(long.body.error?.messageTranslated).toBe('프로필 이름은 20자 이하로 입력해 주세요.');
    const same = await t.call(user, 'POST', '/api/v1/me/profiles', { name: ' 기본 ' });
    expect(same.status).toBe(409);
    expect(same.body.error?.messageTranslated).toBe('같은 이름의 프로필이 이미 있습니다.');
    for (let i = 2; i <= 10; i++) expect((await t.call(user, 'POST', '/api/v1/me/profiles', { name: `계정 ${i}` })).status).toBe(200);
    const eleventh = await t.call(user, 'POST', '/api/v1/me/profiles', { name: '열한번째' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error?.messageTranslated).toBe('프로필은 최대 10개까지 만들 수 있습니다.');
    const list = await profiles(user);
    expect(list.profiles).toHaveLength(10);
    const renamed = await t.call(user, 'PATCH', `/api/v1/me/profiles/${list.profiles[1].id}`, { name: '메인' });
    expect(renamed.body.result.profiles[1].name).toBe('메인');
    const clash = await t.call(user, 'PATCH', `/api/v1/me/profiles/${list.profiles[2].id}`, { name: '메인' });
    expect(clash.body.error?.messageTranslated).toBe('같은 이름의 프로필이 이미 있습니다.');
    // Another player's profile is nobody's here.
    const other = await t.newUser('프로필5');
    const foreign = await t.call(other, 'POST', `/api/v1/me/profiles/${list.profiles[1].id}/activate`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.messageTranslated).toBe('프로필을 찾을 수 없습니다.');
    expect((await t.call(other, 'DELETE', `/api/v1/me/profiles/${list.profiles[1].id}`)).status).toBe(404);
  });

  it('deleting a profile takes its checks and counts along; the active one hands over; the last one stays', async () => {
    const user = await t.newUser('프로필6');
    const first = (await profiles(user)).profiles[0].id;
    const made = await t.call(user, 'POST', '/api/v1/me/profiles', { name: '지울것', activate: true });
    const doomed = made.body.result.profiles[1].id;
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [300, 301], check: true });
    const before = (await t.one<{ n: number }>('select total_checks as n from pins where id = 300')).n;
    const gone = await t.call(user, 'DELETE', `/api/v1/me/profiles/${doomed}`);
    expect(gone.body.result).toMatchObject({ active: first, profiles: [{ id: first, active: true }] });
    expect((await t.one<{ n: number }>('select total_checks as n from pins where id = 300')).n).toBe(before - 1);
    expect(await miscountedPins(t.db)).toBe(0);
    expect(await mine(user)).toEqual([]);
    const last = await t.call(user, 'DELETE', `/api/v1/me/profiles/${first}`);
    expect(last.status).toBe(409);
    expect(last.body.error?.messageTranslated).toBe('마지막 프로필은 삭제할 수 없습니다.');
  });

  it('deleting the account with several profiles drops every profile’s found-counts', async () => {
    const user = await t.newUser('프로필7');
    await t.call(user, 'POST', '/api/v1/pin/400/check', { check: true });
    await t.call(user, 'POST', '/api/v1/me/profiles', { name: '둘', activate: true });
    await t.call(user, 'POST', '/api/v1/pin/400/check', { check: true });
    expect((await t.call(user, 'DELETE', '/api/v1/me')).status).toBe(200);
    expect(await miscountedPins(t.db)).toBe(0);
  });
});
