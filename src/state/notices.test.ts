import { describe, expect, it } from 'vitest';
import { notify, subscribeNotices, type Notice } from './notices';

describe('notices', () => {
  it('reach every subscriber until it unsubscribes', () => {
    const a: Notice[] = [];
    const b: Notice[] = [];
    const stopA = subscribeNotices((n) => a.push(n));
    const stopB = subscribeNotices((n) => b.push(n));
    notify({ kind: 'info', message: 'one' });
    stopA();
    notify({ kind: 'error', message: 'two' });
    stopB();
    notify({ kind: 'success', message: 'three' });
    expect(a.map((n) => n.message)).toEqual(['one']);
    expect(b.map((n) => n.message)).toEqual(['one', 'two']);
  });
});
