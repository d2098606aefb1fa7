// One client holding many connections to a running service, over loopback only, as issue #32 points
// 5 and 6 probed it: `--connections` sockets from 127.0.0.1 (idle, or with `--slow 1` a request
// whose headers never end, one header line every 2 s), each opened again `--reopen-ms` after it is
// closed (`--reopen-ms -1`: never), for `--seconds`; meanwhile another client from 127.0.0.2 asks
// GET /healthz every 500 ms. It stops by itself and prints what it saw: connections held at most,
// how long the held ones lived before the service cut them, how many of the other client's calls
// were answered and how fast, and whether the service's process (`--pid`) still runs.
//   npx tsx bench/connection-flood.ts --port 3000 [--connections 2000] [--seconds 20] [--slow 0] [--reopen-ms -1] [--read 1] [--pid N]
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { arg, median } from './support.js';

const PORT = arg('port', 3000);
const CONNECTIONS = arg('connections', 2000);
const SECONDS = arg('seconds', 20);
const SLOW = arg('slow', 0) === 1;
const REOPEN_MS = arg('reopen-ms', -1);
const PID = arg('pid', 0);
const READ = arg('read', 1) === 1;
const FLOOD_FROM = '127.0.0.1';
const OTHER_FROM = '127.0.0.2';

const started = performance.now();
const endsAt = started + SECONDS * 1000;
let open = 0;
let maxOpen = 0;
let opened = 0;
let refused = 0;
const lifetimesMs: number[] = [];
const sockets = new Set<Socket>();

function hold(): void {
  if (performance.now() >= endsAt) return;
  const socket = connect({ port: PORT, host: '127.0.0.1', localAddress: FLOOD_FROM });
  sockets.add(socket);
  let connectedAt = 0;
  let trickle: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    connectedAt = performance.now();
    opened++;
    maxOpen = Math.max(maxOpen, ++open);
    if (SLOW) {
      socket.write('GET /healthz HTTP/1.1\r\nHost: probe\r\n');
      trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 2000);
    }
  });
  // Read what the service says, so its close is seen (`--read 0`: a client that never reads).
  if (READ) socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.on('close', () => {
    sockets.delete(socket);
    clearInterval(trickle);
    if (connectedAt > 0) {
      open--;
      lifetimesMs.push(performance.now() - connectedAt);
    } else refused++;
    if (REOPEN_MS >= 0) setTimeout(hold, REOPEN_MS).unref();
  });
}

const other: { ok: number; failed: number; latencies: number[] } = { ok: 0, failed: 0, latencies: [] };
function ask(): Promise<void> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: PORT, path: '/healthz', localAddress: OTHER_FROM, agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) {
          other.ok++;
          other.latencies.push(performance.now() - t0);
        } else other.failed++;
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      other.failed++;
      resolve();
    });
    req.end();
  });
}

// Opened in batches of 100 a turn, so the probe's own loop stays responsive.
for (let i = 0; i < CONNECTIONS; i += 100) {
  for (let j = i; j < Math.min(CONNECTIONS, i + 100); j++) hold();
  await new Promise((resolve) => setImmediate(resolve));
}
while (performance.now() < endsAt) {
  await Promise.all([ask(), new Promise((resolve) => setTimeout(resolve, 500))]);
}
const heldAtEnd = open;
for (const s of sockets) s.destroy();

const alive = PID > 0 ? (() => {
  try {
    process.kill(PID, 0);
    return true;
  } catch {
    return false;
  }
})() : null;
const round = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms));
const lifetimes = [...lifetimesMs].sort((a, b) => a - b);
console.log(JSON.stringify({
  mode: SLOW ? 'slow headers' : 'idle',
  reads: READ,
  asked: CONNECTIONS,
  seconds: SECONDS,
  reopenMs: REOPEN_MS,
  connected: opened,
  refusedBeforeConnect: refused,
  heldAtMost: maxOpen,
  heldAtEnd,
  closedByService: { count: lifetimes.length, minMs: round(lifetimes[0]), medianMs: round(lifetimes.length ? median(lifetimes) : undefined), maxMs: round(lifetimes.at(-1)) },
  otherClient: { answered: other.ok, failed: other.failed, medianMs: round(other.latencies.length ? median(other.latencies) : undefined), maxMs: round(Math.max(...other.latencies, 0)) },
  ...(alive === null ? {} : { serviceAlive: alive }),
}));
