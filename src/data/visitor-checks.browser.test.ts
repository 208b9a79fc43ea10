import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { store } from '../state';
import { knownChecks, markPins, publishChecks, undoChange } from './checks';
import { localDb } from './db';
import { freshProfile, requestsTo, simulateReload } from './test-support';
import { clearVisitorMarks, VISITOR_ID, visitorMarks } from './visitor-checks';

// Issue 25 item 10: a visitor's marks live in this browser's IndexedDB only.
describe("a visitor's marks", () => {
  beforeEach(freshProfile);
  afterEach(() => clearVisitorMarks());

  it('are kept in IndexedDB, shown, survive a reload, and send nothing', async () => {
    const before = requestsTo('/check');
    const change = await markPins(VISITOR_ID, [11, 12], true);
    expect(change).toMatchObject({ status: 'sent', userId: VISITOR_ID, count: 2, check: true });
    expect([...store.checks].sort()).toEqual([11, 12]);
    expect(requestsTo('/check')).toBe(before);
    expect(await localDb().outbox.count()).toBe(0);

    simulateReload();
    expect(store.checks.size).toBe(0);
    await publishChecks(VISITOR_ID);
    expect([...store.checks].sort()).toEqual([11, 12]);
    expect(store.checksOf).toBe(VISITOR_ID);
    expect((await visitorMarks()).sort()).toEqual([11, 12]);
    expect([...(await knownChecks(VISITOR_ID))].sort()).toEqual([11, 12]);
  });

  it('undo takes back exactly the pins a mark changed', async () => {
    await markPins(VISITOR_ID, [21], true);
    const change = await markPins(VISITOR_ID, [21, 22], true);
    expect(await undoChange(VISITOR_ID, change.seq)).toBe(true);
    // 21 was found before that mark: it stays found.
    expect(await visitorMarks()).toEqual([21]);
    expect([...store.checks]).toEqual([21]);
    expect(await undoChange(VISITOR_ID, change.seq)).toBe(false);
  });

  it('are forgotten once merged or declined', async () => {
    await markPins(VISITOR_ID, [31], true);
    await clearVisitorMarks();
    expect(await visitorMarks()).toEqual([]);
  });
});
