import { describe, expect, it } from 'vitest';
import { readRivalBackup, rivalMessages } from './rival-backup';

const messageOf = (data: unknown) => {
  const r = readRivalBackup(data);
  return 'error' in r ? r.error.message : null;
};

describe('the other map’s backup', () => {
  it('reads profiles, found markers (true, a time, an ISO time; false is not found) and markers', () => {
    const r = readRivalBackup({
      version: 1,
      profiles: [
        { name: '  메인  계정 ', found: { a1: true, '17': 1_700_000_000_000, b2: '2024-05-01T00:00:00Z', c3: false, d4: null } },
        { found: {} },
      ],
      markers: [{ id: 'a1', key: 'wuwa:chest:1', category: '보물상자', x: 1.5, y: -2, region: 0 }, { id: 17 }],
    });
    expect(r).toEqual({
      backup: {
        profiles: [
          {
            name: '메인 계정',
            found: [{ marker: '17', at: 1_700_000_000_000 }, { marker: 'a1' }, { marker: 'b2', at: Date.parse('2024-05-01T00:00:00Z') }],
          },
          { name: '프로필 2', found: [] },
        ],
        markers: [{ id: 'a1', key: 'wuwa:chest:1', category: '보물상자', x: 1.5, y: -2, region: 0 }, { id: '17' }],
      },
    });
  });

  it('says in Korean what is wrong with a malformed backup, and where', () => {
    expect(messageOf(null)).toBe(rivalMessages.notBackup);
    expect(messageOf({ version: 1, pins: [] })).toBe(rivalMessages.notBackup);
    expect(messageOf({ version: 2, profiles: [] })).toBe(rivalMessages.badVersion(2));
    expect(messageOf({ profiles: [] })).toBe(rivalMessages.badVersion(undefined));
    expect(messageOf({ version: 1, profiles: {} })).toBe(rivalMessages.notBackup);
    expect(messageOf({ version: 1, profiles: [] })).toBe(rivalMessages.noProfiles);
    expect(messageOf({ version: 1, profiles: Array.from({ length: 21 }, () => ({ found: {} })) })).toBe(rivalMessages.tooManyProfiles);
    expect(messageOf({ version: 1, profiles: [{ found: {} }, { name: '둘' }] })).toBe(rivalMessages.badProfile(2));
    expect(messageOf({ version: 1, profiles: [{ name: 5, found: {} }] })).toBe(rivalMessages.badProfile(1));
    expect(messageOf({ version: 1, profiles: [{ found: { x: 'yes' } }] })).toBe(rivalMessages.badFound(1, 'x'));
    expect(messageOf({ version: 1, profiles: [{ found: { x: -5 } }] })).toBe(rivalMessages.badFound(1, 'x'));
    expect(messageOf({ version: 1, profiles: [{ found: { ['m'.repeat(101)]: true } }] })).toBe(rivalMessages.badMarkerId(1));
    expect(
      messageOf({
        version: 1,
        profiles: [{ found: {} }],
        markers: [
          { id: 'a', x: 1, y: 1 },
          { id: 'b', x: '1', y: 2 },
        ],
      }),
    ).toBe(rivalMessages.badMarker(2));
    expect(messageOf({ version: 1, profiles: [{ found: {} }], markers: [{ x: 1, y: 1 }] })).toBe(rivalMessages.badMarker(1));
    expect(messageOf({ version: 1, profiles: [{ found: {} }], markers: [{ id: 'a', x: 1 }] })).toBe(rivalMessages.badMarker(1));
    expect(messageOf({ version: 1, profiles: [{ found: {} }], markers: { a: 1 } })).toBe(rivalMessages.badMarker(1));
  });
});
