import { describe, expect, it } from 'vitest';
import { applyCheckResponse, effectiveChecks, recordFromBatch, recordIsCurrent } from './check-rules';
import type { CheckRecord } from './db';

const rec = (checkTime: number, pinIds: number[], userId = 7): CheckRecord => ({ userId, checkTime, pinIds });

describe('check record rule (SPEC §4)', () => {
  it('updates the record when its checkTime equals the response lastCheckTime', () => {
    const next = applyCheckResponse(rec(100, [1, 2]), { check: true, userId: 7, checkTime: 105, lastCheckTime: 100 }, [3]);
    expect(next).toEqual({ userId: 7, checkTime: 105, pinIds: [1, 2, 3] });
  });

  it('updates the record when it is newer than lastCheckTime, and removes on check=false', () => {
    const next = applyCheckResponse(rec(120, [1, 2]), { check: false, userId: 7, checkTime: 130, lastCheckTime: 110 }, [2]);
    expect(next).toEqual({ userId: 7, checkTime: 130, pinIds: [1] });
  });

  it('asks for a refetch when the record is older than lastCheckTime', () => {
    expect(applyCheckResponse(rec(99, [1]), { check: true, userId: 7, checkTime: 105, lastCheckTime: 100 }, [3])).toBeNull();
  });

  it('asks for a refetch when there is no record, or it belongs to another user', () => {
    expect(applyCheckResponse(undefined, { check: true, userId: 7, checkTime: 1, lastCheckTime: 0 }, [3])).toBeNull();
    expect(applyCheckResponse(rec(5, [], 8), { check: true, userId: 7, checkTime: 6, lastCheckTime: 5 }, [3])).toBeNull();
  });

  it('batch-check replaces the list with userChecks', () => {
    expect(recordFromBatch({ userId: 7, checkTime: 9, userChecks: [4, 5] })).toEqual({ userId: 7, checkTime: 9, pinIds: [4, 5] });
  });

  it('a record is current only when its checkTime equals the server one for the same user', () => {
    expect(recordIsCurrent(rec(50, []), 7, 50)).toBe(true);
    expect(recordIsCurrent(rec(50, []), 7, 51)).toBe(false);
    expect(recordIsCurrent(rec(50, [], 8), 7, 50)).toBe(false);
    expect(recordIsCurrent(undefined, 7, 50)).toBe(false);
  });
});

describe('waiting changes over the record', () => {
  it('replays in seq order so the last change of a pin wins', () => {
    const ids = effectiveChecks(rec(1, [1, 2]), [
      { seq: 3, userId: 7, pinIds: [5], check: false, at: 0 },
      { seq: 1, userId: 7, pinIds: [5, 6], check: true, at: 0 },
      { seq: 2, userId: 7, pinIds: [1], check: false, at: 0 },
    ]);
    expect([...ids].sort()).toEqual([2, 6]);
  });
});
