import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX, NICKNAME_MIN, nicknameMessages, nicknameProblem } from './nickname';

describe('the nickname rule', () => {
  it('counts characters, not UTF-16 units, after trimming', () => {
    expect(nicknameProblem('  가나  ')).toBeNull();
    expect(nicknameProblem('가'.repeat(NICKNAME_MAX))).toBeNull();
    expect(nicknameProblem('😀'.repeat(NICKNAME_MAX))).toBeNull();
    expect(nicknameProblem('가'.repeat(NICKNAME_MAX + 1))).toBe('length');
    expect(nicknameProblem('가'.repeat(NICKNAME_MIN - 1))).toBe('length');
  });

  it('refuses blank and invisible characters', () => {
    expect(nicknameProblem('   ')).toBe('empty');
    expect(nicknameProblem('가\u200b나')).toBe('characters');
  });

  it('says the bounds it keeps', () => {
    expect(nicknameMessages.length).toContain(`${NICKNAME_MIN}~${NICKNAME_MAX}자`);
  });
});
