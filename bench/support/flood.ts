// One address's connection flood, as a child process of bench/server/connections.bench.ts (its own open-file limit):
//   tsx bench/support/flood.ts PORT COUNT [FROM=127.0.0.1]
// Dials COUNT connections from FROM; half ask for an event stream, half send nothing. A connection the server closes
// is dialled again a second later (an attacker keeping COUNT up). Prints one JSON line a second:
// {dialled, open, streams, refused429, refused503, otherStatus, errors}. Ends on SIGTERM.
import { connect, type Socket } from 'node:net';

const port = Number(process.argv[2]);
const count = Number(process.argv[3]);
const from = process.argv[4] ?? '127.0.0.1';
const stats = { dialled: 0, open: 0, streams: 0, refused429: 0, refused503: 0, otherStatus: 0, errors: 0 };
const sockets = new Set<Socket>();
let stopping = false;

function dial(i: number): void {
  if (stopping) return;
  stats.dialled++;
  const s = connect({ host: '127.0.0.1', port, localAddress: from });
  sockets.add(s);
  let connected = false;
  let stream = false;
  s.on('connect', () => {
    connected = true;
    stats.open++;
    if (i % 2 === 0) s.write('GET /api/v1/events HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
  s.once('data', (b) => {
    const status = String(b).slice(9, 12);
    if (status === '200') {
      stream = true;
      stats.streams++;
    } else if (status === '429') stats.refused429++;
    else if (status === '503') stats.refused503++;
    else stats.otherStatus++;
  });
  s.on('data', () => undefined);
  s.on('error', () => stats.errors++);
  s.on('close', () => {
    sockets.delete(s);
    if (connected) stats.open--;
    if (stream) stats.streams--;
    setTimeout(() => dial(i), 1_000).unref();
  });
}

// Dial in bursts of 500 so the flood is up within a few seconds without tripping the loopback SYN backlog all at once.
for (let i = 0; i < count; i += 500) {
  for (let j = i; j < Math.min(count, i + 500); j++) dial(j);
  await new Promise((r) => setTimeout(r, 20));
}
const timer = setInterval(() => console.log(JSON.stringify(stats)), 1_000);
process.on('SIGTERM', () => {
  stopping = true;
  clearInterval(timer);
  for (const s of sockets) s.destroy();
  console.log(JSON.stringify(stats));
  process.exit(0);
});
