import { describe, expect, it } from 'vitest';
import { progressFileMessages, readProgressFileText } from './progress-file';

describe('readProgressFileText', () => {
  it('reads the JSON export, bare or in the API envelope, and CSV; duplicates keep the latest time', () => {
    const pins = [{ pinId: 3, checkedAt: 5 }, { pinId: 3, checkedAt: 9 }, { pinId: 4 }];
    const want = { pins: [{ pinId: 3, checkedAt: 9 }, { pinId: 4 }] };
    expect(readProgressFileText(JSON.stringify({ version: 1, pins }))).toEqual(want);
    expect(readProgressFileText('\uFEFF' + JSON.stringify({ status: 200, result: { version: 1, pins } }))).toEqual(want);
    expect(readProgressFileText('pinId,checkedAt\r\n3,1970-01-01T00:00:00.005Z\r\n3,1970-01-01T00:00:00.009Z\r\n4\r\n')).toEqual(want);
  });

  it('refuses what is not a pin id or not an export, naming the line', () => {
    expect(readProgressFileText('{"version":1,')).toMatchObject({ error: { message: progressFileMessages.badFile } });
    for (const id of ['0x10', '1e3', '+7', '1.0', '-1', '0', '2147483648', ' '])
      expect(readProgressFileText(`pinId\n5\n${id},2026-01-01T00:00:00Z\n`), id).toMatchObject({
        error: { message: progressFileMessages.badLine(3) },
      });
    expect(readProgressFileText('5,2026-01-01T00:00:00Z,x')).toMatchObject({ error: { message: progressFileMessages.extraColumns(1) } });
  });
});
