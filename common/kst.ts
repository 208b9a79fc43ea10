// Times as Korean players read them: in Korea's time zone whatever the machine's, so the server's
// messages and the pages name the same hour.

/** A time in Korea's time zone (e.g. 2026년 11월 30일 18:00). */
export function formatKst(d: Date): string {
  return d.toLocaleString('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
