import pg from 'pg';

/** The longest pause between two tries to open a dropped LISTEN connection again. */
const MAX_RETRY_MS = 1_000;

interface Channel {
  handlers: Set<(payload: string) => void>;
  gaps: Set<() => void>;
}

/**
 * One dedicated connection per process carries every LISTEN; handlers are kept per channel. It is opened on the
 * first `listen` and closed with the pool. When the connection drops (a database restart, a network blip) it is
 * opened again with backoff (100 ms doubling to 1 s) and every channel is listened to again; notifications sent
 * meanwhile are lost, as PostgreSQL keeps none for a listener that is not connected, so each channel's `onGap`
 * callbacks run once it is heard again (a listener can then fetch what it may have missed).
 */
export class PgListener {
  /** The open connection; undefined while it is being opened or after it dropped. */
  private client: pg.Client | undefined;
  private opening: Promise<pg.Client> | undefined;
  /** Connections opened so far: every one after the first is a reconnect. */
  private opened = 0;
  private readonly channels = new Map<string, Channel>();
  private closed = false;
  private retryMs = 100;
  private retrying: ReturnType<typeof setTimeout> | undefined;
  /** Times the connection was opened again after dropping (for /metrics). */
  reconnects = 0;

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> {
    const client = await this.connect();
    let ch = this.channels.get(channel);
    const fresh = !ch;
    if (!ch) this.channels.set(channel, (ch = { handlers: new Set(), gaps: new Set() }));
    ch.handlers.add(handler);
    if (onGap) ch.gaps.add(onGap);
    const stop = async () => {
      const c = this.channels.get(channel);
      if (!c?.handlers.delete(handler)) return;
      if (onGap) c.gaps.delete(onGap);
      if (c.handlers.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
    if (fresh) {
      try {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (e) {
        await stop();
        throw e;
      }
    }
    return stop;
  }

  /** The connection, opened (and every channel listened to on it) when there is none. */
  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    return (this.opening ??= this.open().finally(() => (this.opening = undefined)));
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (m) => {
      for (const h of this.channels.get(m.channel)?.handlers ?? []) h(m.payload ?? '');
    });
    let dead = false;
    const lost = () => {
      dead = true;
      if (this.client !== client) return;
      this.client = undefined;
      this.retryLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (dead || this.closed) throw new Error('LISTEN connection closed while opening');
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    this.client = client;
    this.retryMs = 100;
    if (this.opened++ > 0) {
      this.reconnects++;
      for (const ch of this.channels.values()) for (const gap of ch.gaps) gap();
    }
    return client;
  }

  private retryLater(): void {
    if (this.closed || this.retrying) return;
    this.retrying = setTimeout(() => {
      this.retrying = undefined;
      if (this.closed || this.client) return;
      this.connect().catch(() => this.retryLater());
    }, this.retryMs);
    this.retrying.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retrying) clearTimeout(this.retrying);
    const c = this.client;
    this.client = undefined;
    this.channels.clear();
    await c?.end().catch(() => undefined);
  }
}
