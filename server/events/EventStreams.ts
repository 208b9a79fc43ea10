import type { FastifyReply } from 'fastify';
import type { Db } from '../db';
import type { ConnectionBudget } from '../http/connections';
import { CHECKS_CHANNEL } from '../repos/checks';
import { PIN_CHANNEL } from '../repos/pin-events';
import { NOTES_CHANNEL } from '../repos/notes';

/*
 * The open event streams of one process (GET /v1/events, routes/events.ts) and the LISTEN connection
 * that feeds them. Everyone gets `pin` events (`{pinId, categoryIds, kind}`: an edit reaches every open
 * map); a signed-in stream also gets `check` events (a CheckNotice) for its own checks and `note` events
 * (a NoteNotice, without the text) for its own private notes, made on any device through any process;
 * never another player's. Every committed change is announced with NOTIFY inside its transaction; the
 * process LISTENs on its channels once, while it has any stream open, and writes each notice to the
 * streams it is for.
 *
 * A stream starts with `ready` `{userId}` (null for a visitor: the client compares it with the user it
 * expects), and gets a comment line every HEARTBEAT_MS so proxies keep it open. One stream, not one per
 * kind: a browser opens at most six connections to a host across all its tabs.
 *
 * Budgets (http/connections.ts): EVENTS_PER_IP streams per client address and EVENTS_TOTAL per process,
 * counted with the streams still opening (refusal); per account, the oldest stream past
 * MAX_STREAMS_PER_USER closes (a player's new tab wins over one they left open).
 */

/** How often an idle stream gets a comment line. */
export const HEARTBEAT_MS = 25_000;
/** Most open streams per user in one process (tabs and devices); the oldest is closed first. */
export const MAX_STREAMS_PER_USER = 16;

interface Stream {
  reply: FastifyReply;
  userId: number | null;
  ip: string;
}

/** The registry of one process's event streams and its LISTEN lifecycle. */
export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly byIp = new Map<string, number>();
  private listening: Promise<(() => Promise<void>)[]> | null = null;
  // Streams waiting for the listeners: the last stream closing meanwhile must not stop them.
  private opening = 0;
  private readonly pendingByIp = new Map<string, number>();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: Db,
    private readonly budget: Pick<ConnectionBudget, 'eventsTotal' | 'eventsPerIp'>,
  ) {
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) s.reply.raw.write(': beat\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Why a new stream from `ip` is refused ('total': the process is full; 'perIp': the address is), or null. */
  refusal(ip: string): 'total' | 'perIp' | null {
    if (this.streams.size + this.opening >= this.budget.eventsTotal) return 'total';
    if ((this.byIp.get(ip) ?? 0) + (this.pendingByIp.get(ip) ?? 0) >= this.budget.eventsPerIp) return 'perIp';
    return null;
  }

  /**
   * Makes sure the process listens, with a place held for a stream from `ip` meanwhile (counted with
   * the open streams, so a burst cannot slip past while the listeners start). Rejects when it cannot
   * listen (the database is down): that stream gets the error and the next one tries again.
   */
  async prepare(ip: string): Promise<void> {
    this.opening++;
    this.pendingByIp.set(ip, (this.pendingByIp.get(ip) ?? 0) + 1);
    try {
      const pending = (this.listening ??= this.listenAll());
      await pending.catch((e: unknown) => {
        if (this.listening === pending) this.listening = null;
        throw e;
      });
    } finally {
      this.opening--;
      const p = this.pendingByIp.get(ip)! - 1;
      if (p <= 0) this.pendingByIp.delete(ip);
      else this.pendingByIp.set(ip, p);
    }
  }

  /** Opens a stream on a hijacked reply: headers, the first `ready`, and its place until the client leaves. */
  open(reply: FastifyReply, userId: number | null, ip: string): void {
    const s: Stream = { reply, userId, ip };
    if (userId != null) {
      let mine = this.byUser.get(userId);
      if (!mine) this.byUser.set(userId, (mine = new Set()));
      if (mine.size >= MAX_STREAMS_PER_USER) {
        const oldest = mine.values().next().value!;
        oldest.reply.raw.end();
        this.drop(oldest);
      }
      mine.add(s);
    }
    this.streams.add(s);
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ userId })}\n\n`);
    reply.raw.on('close', () => this.drop(s));
  }

  /** Ends every open stream (they never end by themselves, and closing the server must not wait on them). */
  endAll(): void {
    clearInterval(this.heartbeat);
    for (const s of [...this.streams]) s.reply.raw.end();
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    const stops = this.listening;
    this.listening = null;
    await stops?.then((fs) => Promise.all(fs.map((f) => f()))).catch(() => undefined);
  }

  private send(s: Stream, event: string, data: string): void {
    s.reply.raw.write(`event: ${event}\ndata: ${data}\n\n`);
  }

  private readonly onPin = (payload: string) => {
    for (const s of this.streams) this.send(s, 'pin', payload);
  };

  // A player's own notices go to that player's streams only.
  private toOwner(event: string) {
    return (payload: string) => {
      let userId: unknown;
      try {
        userId = (JSON.parse(payload) as { userId?: unknown }).userId;
      } catch {
        return;
      }
      if (typeof userId !== 'number') return;
      for (const s of this.byUser.get(userId) ?? []) this.send(s, event, payload);
    };
  }

  // After the LISTEN connection dropped and came back, notices of the gap are lost: a second `ready` on each stream
  // makes the page fetch again what it may have missed (the client treats any `ready` after the first so).
  private readonly onGap = () => {
    for (const s of this.streams) this.send(s, 'ready', JSON.stringify({ userId: s.userId }));
  };

  // One onGap is enough: the channels share one LISTEN connection, so they have their gaps together.
  private async listenAll(): Promise<(() => Promise<void>)[]> {
    const got = await Promise.allSettled([
      this.db.listen(PIN_CHANNEL, this.onPin, this.onGap),
      this.db.listen(CHECKS_CHANNEL, this.toOwner('check')),
      this.db.listen(NOTES_CHANNEL, this.toOwner('note')),
    ]);
    const stops = got.flatMap((g) => (g.status === 'fulfilled' ? [g.value] : []));
    const failed = got.find((g) => g.status === 'rejected');
    if (!failed) return stops;
    await Promise.all(stops.map((f) => f().catch(() => undefined)));
    throw failed.reason;
  }

  private drop(s: Stream): void {
    if (!this.streams.delete(s)) return;
    const n = (this.byIp.get(s.ip) ?? 1) - 1;
    if (n <= 0) this.byIp.delete(s.ip);
    else this.byIp.set(s.ip, n);
    const mine = s.userId == null ? undefined : this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine?.size === 0) this.byUser.delete(s.userId!);
    if (this.streams.size === 0 && this.opening === 0) void this.stop();
  }
}
