// Connections from chosen source addresses on loopback (127.0.0.x): the connection-budget tests and bench.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A GET from a chosen source address on loopback: status and body. */
export function getFrom(port: number, path: string, localAddress: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, localAddress, headers: { connection: 'close', ...headers }, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          // An event stream never ends: its first event is enough.
          if (res.headers['content-type']?.startsWith('text/event-stream') && body.includes('\n\n')) {
            resolve({ status: res.statusCode!, body });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`${path} from ${localAddress}: no answer in 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** Opens `n` idle TCP connections from `localAddress`; resolves when each connected or failed. */
export async function openIdle(port: number, n: number, localAddress: string): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 100;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, () => {
        const s = connect({ host: '127.0.0.1', port, localAddress });
        s.on('error', () => undefined);
        sockets.push(s);
        return new Promise<void>((r) => {
          s.once('connect', () => r());
          s.once('error', () => r());
          s.once('close', () => r());
        });
      }),
    );
  }
  return sockets;
}

/** Opens `n` event streams from `localAddress`, each sending its request and keeping the socket. */
export async function openStreams(port: number, n: number, localAddress: string): Promise<{ sockets: Socket[]; answers: string[] }> {
  const sockets: Socket[] = [];
  const answers: string[] = [];
  await Promise.all(
    Array.from({ length: n }, () => {
      const s = connect({ host: '127.0.0.1', port, localAddress });
      s.on('error', () => undefined);
      sockets.push(s);
      s.write(`GET /api/v1/events HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      return new Promise<void>((r) => {
        s.once('data', (b) => {
          answers.push(String(b).split('\r\n')[0]!);
          r();
        });
        s.once('close', () => r());
        setTimeout(r, 10_000).unref();
      });
    }),
  );
  return { sockets, answers };
}
