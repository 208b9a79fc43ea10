import { randomBytes } from 'node:crypto';
import type { Db } from '../db';

/** What one process tells the others about a code (a NOTIFY payload on the code's channel). */
export type BusEvent =
  | { k: 'tracker' }
  | { k: 'tracker-left' }
  | { k: 'viewer'; id: string }
  | { k: 'viewer-left'; id: string }
  | { k: 'to-viewer'; to: string; text: string }
  | { k: 'to-tracker'; text: string };

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; the envelope needs a little of it. */
export const MAX_BUS_TEXT = 7_600;
/** Presence rows not refreshed for this long belong to a process that died; they are ignored and swept. */
const STALE_S = 90;
const HEARTBEAT_MS = 30_000;
/** The longest an admission waits for this process's deletes in flight. */
const REMOVAL_WAIT_MS = 2_000;
/** The tracker seat's peer id in presence rows. */
const SEAT = 'SERVER';

/**
 * The tracker relay's link between processes on one PostgreSQL: a channel per code (LISTEN while this process
 * has a socket of the code, NOTIFY to publish) and presence rows (`relay_peers`) that hold the tracker seat and
 * the per-code viewer limit across processes.
 */
export class RelayBus {
  /** This process's name in presence rows and on the channels (its own notifications are ignored). */
  readonly proc = randomBytes(6).toString('base64url');
  private readonly subs = new Map<string, { n: number; ready: Promise<() => Promise<void>> }>();
  private readonly tails = new Map<string, Promise<void>>();
  /** Deletes of presence rows not yet landed, by code: an admission counts after them, so a seat given back is free. */
  private readonly removals = new Map<string, Set<Promise<void>>>();
  /** Tracker claims under way, by code: whether each took the seat. */
  private readonly claims = new Map<string, Promise<boolean>>();
  private readonly timer: ReturnType<typeof setInterval>;
  /** Notifications published (for /metrics). */
  published = 0;

  constructor(
    private readonly db: Db,
    private readonly onEvent: (code: string, event: BusEvent) => void,
  ) {
    this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Starts listening on the code's channel (counted: the last `leave` stops it). */
  async enter(code: string): Promise<void> {
    let sub = this.subs.get(code);
    if (!sub) {
      sub = {
        n: 0,
        ready: this.db.listen(channel(code), (payload) => {
          const m = JSON.parse(payload) as BusEvent & { p: string };
          if (m.p !== this.proc) this.onEvent(code, m);
        }),
      };
      this.subs.set(code, sub);
    }
    sub.n++;
    try {
      await sub.ready;
    } catch (e) {
      // Not listening (the database is down): forget the attempt, so the next socket of the code tries again.
      if (--sub.n === 0 && this.subs.get(code) === sub) this.subs.delete(code);
      throw e;
    }
  }

  leave(code: string): void {
    const sub = this.subs.get(code);
    if (!sub || --sub.n > 0) return;
    this.subs.delete(code);
    void sub.ready.then((stop) => stop()).catch(() => undefined);
  }

  /** Publishes to the code's channel; one code's notifications are sent one after another, so they arrive in order. */
  publish(code: string, event: BusEvent): void {
    this.published++;
    const payload = JSON.stringify({ ...event, p: this.proc });
    const prev = this.tails.get(code) ?? Promise.resolve();
    const next = prev.then(() => this.db.notify(channel(code), payload)).catch(() => undefined);
    this.tails.set(code, next);
    void next.then(() => {
      if (this.tails.get(code) === next) this.tails.delete(code);
    });
  }

  /** Takes the code's tracker seat for this process (a newer tracker anywhere replaces an older one). */
  async claimTracker(code: string, ip = ''): Promise<void> {
    // After this process's own deletes of the code: a departed tracker's delete landing after the claim would drop
    // the new seat (one made while the claim is under way waits for it, below in `remove`).
    await this.removed(code);
    const claim = this.db.query(
      `insert into relay_peers (code, peer_id, proc, ip) values ($1, 'SERVER', $2, $3)
       on conflict (code, peer_id) do update set proc = excluded.proc, ip = excluded.ip, seen_at = now()`,
      [code, this.proc, ip],
    );
    const took = claim.then(
      () => true,
      () => false,
    );
    this.claims.set(code, took);
    try {
      await claim;
    } finally {
      if (this.claims.get(code) === took) this.claims.delete(code);
    }
  }

  /**
   * One address's budget in every process (under the address's advisory lock): refused for 'sockets' when it
   * holds `maxSockets` live seats anywhere, for 'codes' when `code` is new to it and it touched `codesPerMin`
   * others in the last minute; otherwise the code counts as touched now.
   */
  async admitAddress(ip: string, code: string, maxSockets: number, codesPerMin: number): Promise<'sockets' | 'codes' | null> {
    await this.removed(null);
    return this.db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('relay-ip:' || $1))", [ip]);
      const held = await tx.query<{ n: number }>(
        'select count(*)::int as n from relay_peers where ip = $1 and seen_at > now() - make_interval(secs => $2)',
        [ip, STALE_S],
      );
      if ((held.rows[0]?.n ?? 0) >= maxSockets) return 'sockets';
      const touched = await tx.query<{ others: number; seen: boolean }>(
        `select count(*) filter (where code <> $2)::int as others, coalesce(bool_or(code = $2), false) as seen
           from relay_ip_codes where ip = $1 and at > now() - interval '1 minute'`,
        [ip, code],
      );
      const t = touched.rows[0] ?? { others: 0, seen: false };
      if (!t.seen && t.others >= codesPerMin) return 'codes';
      await tx.query('insert into relay_ip_codes (ip, code) values ($1, $2) on conflict (ip, code) do update set at = now()', [ip, code]);
      return null;
    });
  }

  /**
   * Adds a viewer when the code has fewer than `max` live viewers in all processes (counted under the code's
   * advisory lock); says whether a tracker is connected anywhere.
   */
  async addViewer(code: string, id: string, max: number, ip = '', maxFromIp = Infinity): Promise<{ admitted: boolean; tracker: boolean }> {
    await this.removed(code);
    return this.db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('relay:' || $1))", [code]);
      const { rows } = await tx.query<{ viewers: number; fromIp: number; tracker: boolean }>(
        `select count(*) filter (where peer_id <> 'SERVER')::int as viewers,
                count(*) filter (where peer_id <> 'SERVER' and ip = $3)::int as "fromIp",
                bool_or(peer_id = 'SERVER') as tracker
           from relay_peers where code = $1 and seen_at > now() - make_interval(secs => $2)`,
        [code, STALE_S, ip],
      );
      const row = rows[0] ?? { viewers: 0, fromIp: 0, tracker: false };
      if (row.viewers >= max || row.fromIp >= maxFromIp) return { admitted: false, tracker: Boolean(row.tracker) };
      await tx.query('insert into relay_peers (code, peer_id, proc, ip) values ($1, $2, $3, $4)', [code, id, this.proc, ip]);
      return { admitted: true, tracker: Boolean(row.tracker) };
    });
  }

  /** Live viewers of the code held by other processes. */
  async remoteViewers(code: string): Promise<string[]> {
    const { rows } = await this.db.query<{ peer_id: string }>(
      `select peer_id from relay_peers where code = $1 and peer_id <> 'SERVER' and proc <> $2
          and seen_at > now() - make_interval(secs => $3)`,
      [code, this.proc, STALE_S],
    );
    return rows.map((r) => r.peer_id);
  }

  /** Drops this process's presence row of a peer that left. */
  remove(code: string, peerId: string): void {
    // A tracker leaving while a newer one's claim of the seat (the same row) is under way: the row is the newer one's
    // once the claim lands, so it is deleted only if the claim failed.
    const claim = peerId === SEAT ? this.claims.get(code) : undefined;
    const pending = this.removals.get(code) ?? new Set<Promise<void>>();
    this.removals.set(code, pending);
    const done = (claim ?? Promise.resolve(false))
      .then(async (claimed) => {
        if (!claimed)
          await this.db.query('delete from relay_peers where code = $1 and peer_id = $2 and proc = $3', [code, peerId, this.proc]);
      })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        pending.delete(done);
        if (pending.size === 0 && this.removals.get(code) === pending) this.removals.delete(code);
      });
    pending.add(done);
  }

  /**
   * Resolves once the deletes this process has issued so far for `code` (null: for every code) have landed or
   * failed, or after REMOVAL_WAIT_MS: a delete stuck on a lock delays admissions, never stops them.
   */
  private async removed(code: string | null): Promise<void> {
    const sets = code === null ? [...this.removals.values()] : [this.removals.get(code)].filter((s) => s !== undefined);
    const all = sets.flatMap((s) => [...s]);
    if (all.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(all), new Promise<void>((resolve) => (timer = setTimeout(resolve, REMOVAL_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private async heartbeat(): Promise<void> {
    await this.db.query('update relay_peers set seen_at = now() where proc = $1', [this.proc]).catch(() => undefined);
    await this.db.query('delete from relay_peers where seen_at < now() - make_interval(secs => $1)', [STALE_S * 2]).catch(() => undefined);
    await this.db.query("delete from relay_ip_codes where at < now() - interval '2 minutes'").catch(() => undefined);
  }

  /** Stops the heartbeat and removes this process's presence (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.db.query('delete from relay_peers where proc = $1', [this.proc]).catch(() => undefined);
  }
}

function channel(code: string): string {
  return `relay_${code.toLowerCase()}`;
}
