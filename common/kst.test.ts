import { describe, expect, it } from 'vitest';
import { formatKst } from './kst';

describe('formatKst', () => {
  it("names the hour in Korea's time zone, whatever the machine's", () => {
    // 09:00 UTC is 18:00 in Seoul (UTC+9, no daylight saving).
    const text = formatKst(new Date('2026-11-30T09:00:00Z'));
    expect(text).toContain('2026');
    expect(text).toContain('30');
    expect(text).toContain('18:00');
  });
});
