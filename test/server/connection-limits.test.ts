import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { gateConnections } from '../../src/server/connection-gate.js';
import { connectionBudget, RESERVED_DESCRIPTORS, softLimitFromProcLimits } from '../../src/server/descriptor-budget.js';
import { startServer, type RunningServer } from '../../src/server/serve.js';
import { BIN, cliEnv, freePort, PATIENCE_MS, until } from '../cli/cli-harness.js';

/**
 * One client must never stop or starve the server (issue #32 points 5 and 6). The probes of the
 * issue, scaled to run in seconds: one address (127.0.0.1) holds what it can, another (127.0.0.2;
 * Linux routes all of 127/8 to the loopback) must still be served, and the process must live.
 */
const FLOOD = '127.0.0.1';
const OTHER = '127.0.0.2';
const silent = pino({ level: 'silent' });

interface Held {
  socket: net.Socket;
  /** Resolves when the socket closes (by the server, or by the test). */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** A connection from `from`, idle, or with `headers` a request whose headers never end. */
function hold(port: number, from: string, options: { headers?: boolean } = {}): Held {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let done = false;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => (done = true));
  socket.on('error', () => undefined);
  socket.on('data', () => undefined);
  if (options.headers) socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: probe\r\nX-Slow: '));
  return { socket, closed, isClosed: () => done };
}

/** GET `url` from the address `from`, on a connection of its own: the status, or the error's code. */
function getFrom(url: string, from: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

const connections = (server: net.Server) => new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

describe('the connection cap follows the descriptor limit', () => {
  it('under a limit of 1,024 with 79 descriptors open, 1,000 configured connections become what is left, a quarter per address', () => {
    const budget = connectionBudget({ limit: 1024, open: 79 }, { maxConnections: 1000, perAddress: null, metrics: false });
    const left = 1024 - 79 - RESERVED_DESCRIPTORS;
    assert.deepEqual(budget.http, { max: left, perAddress: Math.ceil(left / 4) });
    assert.equal(budget.lowered, true);
    assert.ok(budget.http.max + 79 < 1024, 'every connection held leaves descriptors for the rest');
  });

  it('keeps MAX_CONNECTIONS and MAX_CONNECTIONS_PER_ADDRESS where the limit leaves room, and gives metrics their own few', () => {
    const roomy = connectionBudget({ limit: 524_288, open: 79 }, { maxConnections: 1000, perAddress: 40, metrics: true });
    assert.deepEqual(roomy.http, { max: 1000, perAddress: 40 });
    assert.equal(roomy.lowered, false);
    assert.ok(roomy.metrics && roomy.metrics.max > 0 && roomy.metrics.perAddress < roomy.metrics.max);
    assert.deepEqual(connectionBudget({ limit: null, open: null }, { maxConnections: 1000, perAddress: null, metrics: false }).http, { max: 1000, perAddress: 250 });
  });

  it('reads the soft limit from /proc/self/limits, unlimited as none', () => {
    const text = 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n';
    assert.equal(softLimitFromProcLimits(text), 1024);
    assert.equal(softLimitFromProcLimits(text.replace('1024 ', 'unlimited ')), null);
    assert.equal(softLimitFromProcLimits('nothing here'), null);
  });
});

describe('one client address cannot hold every connection', { timeout: PATIENCE_MS }, () => {
  let dir = '';
  let server: RunningServer;
  let port = 0;
  let metricsPort = 0;
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ca-conn-'));
    metricsPort = await freePort();
    const config = loadConfig({
      PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', MAX_CONNECTIONS: '12', METRICS_PORT: String(metricsPort),
      // Slow requests are held for as long as the test needs them (test/http/slow-clients.test.ts cuts them).
      HEADERS_TIMEOUT_MS: String(PATIENCE_MS), REQUEST_TIMEOUT_MS: String(PATIENCE_MS), SHED_EVENT_LOOP_DELAY_MS: '600000',
    });
    server = await startServer(config, silent);
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('127.0.0.1 holding slow requests and reopening each one cut gets its quarter, and 127.0.0.2 is still answered', async () => {
    // The probe: every connection of the flood is opened again as soon as the server closes it,
    // a bounded number of times, while the other address asks.
    let reopens = 60;
    const live = new Set<Held>();
    const open = () => {
      const h = hold(port, FLOOD, { headers: true });
      live.add(h);
      void h.closed.then(() => {
        live.delete(h);
        if (reopens-- > 0) open();
      });
    };
    for (let i = 0; i < 12; i++) open();
    // Either the flood has spent its reopenings against a gate, or it holds every slot.
    await until(async () => reopens < 0 || (await connections(server.app!.server)) === 12, 'the flood to settle');
    const answers: (number | string)[] = [];
    for (let i = 0; i < 5; i++) answers.push(await getFrom(`${server.url}/healthz`, OTHER));
    assert.deepEqual(answers, [200, 200, 200, 200, 200]);
    for (const h of live) h.socket.destroy();
    await until(async () => (await connections(server.app!.server)) === 0, 'the flood to be gone');
  });

  it('a connection over its address\'s share is closed at once, one within it is served', async () => {
    const held = [0, 1, 2].map(() => hold(port, FLOOD, { headers: true }));
    await until(async () => (await connections(server.app!.server)) === 3, 'three held');
    const extra = hold(port, FLOOD);
    await extra.closed;
    assert.equal(held.some((h) => h.isClosed()), false, 'the three within the share are still held');
    for (const h of held) h.socket.destroy();
    await until(async () => (await connections(server.app!.server)) === 0, 'the three to be gone');
    assert.equal(await getFrom(`${server.url}/healthz`, FLOOD), 200);
  });

  it('the metrics listener is gated too: one address gets its share, another still reads /metrics', async () => {
    const held = Array.from({ length: 16 }, () => hold(metricsPort, FLOOD));
    await until(() => held.filter((h) => h.isClosed()).length >= 12, 'the metrics listener to close all but its share');
    assert.equal(await getFrom(`http://127.0.0.1:${metricsPort}/metrics`, OTHER), 200);
    for (const h of held) h.socket.destroy();
  });
});

describe('a listening socket that runs out of descriptors', () => {
  it('reports EMFILE to the log and keeps serving, where an unheard error would end the process', async () => {
    const http = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    gateConnections(http, { max: 4, perAddress: 4 }, { trustProxy: null, log, name: 'test' });
    // What Node emits when accept() fails with every descriptor taken.
    http.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' }));
    assert.match(warnings.join(''), /no file descriptor is left/);
    assert.equal(await getFrom(`http://127.0.0.1:${(http.address() as net.AddressInfo).port}/`, OTHER), 200);
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
});

describe('serve under a descriptor limit', { timeout: PATIENCE_MS }, () => {
  it('with ulimit -n 300, 400 idle connections from one address leave it running and answering another', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ca-fds-'));
    // The shell sets the limit for itself and the serve it becomes (soft and hard: Node cannot raise it).
    const child = spawn('/bin/sh', ['-c', 'ulimit -n 300 && exec "$0" "$@"', process.execPath, BIN, 'serve', '--port', '0'], {
      env: cliEnv({ DATA_DIR: dir, LOG_LEVEL: 'info', SHED_EVENT_LOOP_DELAY_MS: '600000' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const flood: Held[] = [];
    try {
      await until(() => /calendar-access listening/.test(stdout) || child.exitCode !== null, 'serve to start');
      const started = stdout.split('\n').filter((l) => l.includes('calendar-access listening')).map((l) => JSON.parse(l) as { url: string; maxConnections: number; maxConnectionsPerAddress: number; descriptorLimit: number })[0];
      assert.ok(started, `serve did not start: ${stderr}`);
      assert.equal(started.descriptorLimit, 300);
      assert.ok(started.maxConnections < 300 - RESERVED_DESCRIPTORS, `the cap ${started.maxConnections} leaves room under 300`);
      const port = Number(new URL(started.url).port);
      for (let i = 0; i < 400; i++) flood.push(hold(port, FLOOD));
      // Every socket of the flood is either held by the server or closed by it.
      await until(async () => flood.filter((h) => h.isClosed()).length >= 400 - started.maxConnectionsPerAddress, 'the server to close what is over the share');
      assert.equal(await getFrom(`${started.url}/healthz`, OTHER), 200);
      assert.equal(child.exitCode, null, `serve is still running (stderr: ${stderr.slice(-500)})`);
    } finally {
      for (const h of flood) h.socket.destroy();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('close', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
