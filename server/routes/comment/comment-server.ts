// The demo world the comment tests share: one seeded server per test file, the pin they comment on
// and the player who writes.
import { afterAll, beforeAll, expect } from 'vitest';
import { seededApp } from '../../test-helper';
import { answerProbe } from '../answer-probe';

export const PIN = 77;
export const AUTHOR = 9;

/**
 * Starts a seeded server around this test file's tests: `t` is the server, `comment` writes one and answers its id,
 * `probe` checks that an answer kept all its handler gave (answer-probe.ts).
 */
export function commentServer() {
  const probe = answerProbe();
  const server = {
    t: null as unknown as Awaited<ReturnType<typeof seededApp>>,
    probe,
    async comment(user: number, content: string, pin = PIN): Promise<number> {
      const r = await server.t.call(user, 'PUT', `/api/v2/pin/${pin}/comment`, { content });
      expect(r.status).toBe(200);
      return r.body.result.id as number;
    },
  };
  beforeAll(async () => {
    server.t = await seededApp(1500, { onRoute: probe.onRoute });
  }, 60_000);
  afterAll(async () => {
    await server.t?.close();
  });
  return server;
}
