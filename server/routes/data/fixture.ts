import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createSession } from '../../auth/sessions';
import { seedWorld } from '../../seed/seed';
import { testApp } from '../../test-helper';

/** Demo user ids of the seed: 1 is an admin, 2 a moderator, the rest plain users. */
export const ADMIN = 1;
export const MODERATOR = 2;

/** A test server on a fresh database seeded with `pins` demo pins, and signed-in request helpers. */
export async function seededApp(pins = 1500, options: Parameters<typeof testApp>[1] = {}) {
  const t = await testApp({ seedPins: pins }, options);
  await seedWorld(t.db, { pins, seed: 42, dataDir: t.config.dataDir });
  const cookies = new Map<number, string>();
  async function as(userId: number | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (userId !== null) {
      let c = cookies.get(userId);
      if (!c) {
        c = (await createSession(t.app, userId)).cookieHeader;
        cookies.set(userId, c);
      }
      headers.cookie = c;
    }
    return t.app.inject({ ...opts, headers });
  }
  /** Signed-in (or visitor when userId is null) JSON call; returns status and parsed envelope. */
  async function call(userId: number | null, method: InjectOptions['method'], url: string, payload?: unknown) {
    const r = await as(userId, { method, url, payload: payload as InjectOptions['payload'] });
    // Tests read arbitrary JSON results, so the payload stays untyped here.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: r.statusCode, body: r.json() as { status: number; error: { messageTranslated: string; errClazz: string; message: string } | null; result: any } };
  }
  async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
    return (await t.db.query<T>(sql, params)).rows[0]!;
  }
  return { ...t, as, call, one };
}
