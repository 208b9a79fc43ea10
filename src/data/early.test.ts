import { describe, expect, it } from 'vitest';
import { earlyStartOf, startOptionsOf } from './early';

describe('early requests', () => {
  it('start only on the routes that show the map', () => {
    for (const path of ['/', '/edit', '/pin/12', '/pin/12/', '/pin/12/edit']) expect(earlyStartOf(path, ''), path).toEqual({});
    for (const path of ['/login', '/overlay', '/overlay/setup', '/oauth/kakao', '/search', '/mypage', '/moderation', '/register/kakao', '/pin/x', '/nope'])
      expect(earlyStartOf(path, '?bench'), path).toBeNull();
  });

  it("keep the scale bench's pins path", () => {
    expect(earlyStartOf('/', '?bench&pins=category')).toEqual({ pins: 'category' });
  });

  it('leave the pins to the stream overlay on its own route, and only there', () => {
    expect(startOptionsOf('?code=ABCD1234', '/overlay')).toEqual({ pins: 'none' });
    for (const path of ['/', '/overlay/setup', '/login', '/mypage']) expect(startOptionsOf('', path), path).toEqual({});
  });
});
