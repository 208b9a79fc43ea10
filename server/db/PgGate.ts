import pg from 'pg';
import { DbUnavailableError, isConnectOutage } from './unavailable';

/** How long a probe may take to connect, and the pause between probes while the database is down. */
const PROBE_TIMEOUT_MS = 2_000;
const PROBE_EVERY_MS = 250;

/**
 * The pool's gate in front of PostgreSQL. When a connection cannot be made because the database is not there
 * (refused, starting up or shutting down, unreachable, silent past the connect timeout), the gate shuts: every
 * query fails at once with DbUnavailableError (a 503 "try again shortly") instead of each request trying, and
 * perhaps waiting out, a connection of its own. One probe connects every PROBE_EVERY_MS; its first success opens
 * the gate, so service is back a quarter of a second after the database.
 */
export class PgGate {
  private down = false;
  private downSince = 0;
  private probing: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Times the gate shut (for /metrics). */
  outages = 0;

  constructor(
    private readonly url: string,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  /** Whether queries may go to the database now. */
  get up(): boolean {
    return !this.down;
  }

  /** Throws while the database is known to be down. */
  enter(): void {
    if (this.down) throw new DbUnavailableError();
  }

  /** Tells the gate a connection failed; it shuts when the failure means the database is not there. */
  failed(e: unknown): void {
    if (this.down || this.closed || !isConnectOutage(e)) return;
    this.down = true;
    this.downSince = Date.now();
    this.outages++;
    this.log(
      `데이터베이스에 연결할 수 없습니다. 요청은 503으로 답하고 다시 연결을 시도합니다. / Database unreachable (${(e as Error).message.split('\n')[0]}); answering 503 and probing.`,
    );
    this.probe();
  }

  private probe(): void {
    this.probing = setTimeout(() => {
      this.probing = undefined;
      void this.tryOnce().then((ok) => {
        if (this.closed) return;
        if (!ok) return this.probe();
        this.down = false;
        this.log(`데이터베이스에 다시 연결했습니다. / Database reachable again after ${Date.now() - this.downSince} ms.`);
      });
    }, PROBE_EVERY_MS);
    this.probing.unref();
  }

  private async tryOnce(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  close(): void {
    this.closed = true;
    if (this.probing) clearTimeout(this.probing);
  }
}
