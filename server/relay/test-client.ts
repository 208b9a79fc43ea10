import WebSocket from 'ws';

/** A `ws` client for tests that queues every text frame and waits for the ones asked for. */
export class TestSocket {
  readonly messages: Record<string, unknown>[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket; resolves once it is open (or closed at once, for refused ones). */
  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options);
    const t = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(t));
      ws.once('error', reject);
    });
  }

  send(v: unknown): void {
    this.ws.send(typeof v === 'string' ? v : JSON.stringify(v));
  }

  /** The first queued message matching `pred` (removed from the queue), waiting up to `ms`. */
  async next(pred: (m: Record<string, unknown>) => boolean = () => true, ms = 3000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.messages.findIndex(pred);
      if (i >= 0) return this.messages.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${ms} ms; have ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits `ms` and returns whatever matching messages arrived (for "nothing came" checks). */
  async quiet(pred: (m: Record<string, unknown>) => boolean, ms = 300): Promise<Record<string, unknown>[]> {
    await new Promise((r) => setTimeout(r, ms));
    return this.messages.filter(pred);
  }

  close(): void {
    this.ws.close();
  }
}

/** The `msg.type` of a relay packet. */
export const typeOf = (m: Record<string, unknown>) => (m.msg as { type?: string } | undefined)?.type;
