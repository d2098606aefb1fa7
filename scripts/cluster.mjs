#!/usr/bin/env node
// A local cluster for tests and the benchmark (docs/deploy.md "A local cluster"): 2 api instances,
// 1 worker, and a small round-robin load balancer (http-proxy) on PORT (default 8080), on the
// PostgreSQL of DATABASE_URL and the Redis of REDIS_URL. Ctrl-C (or SIGTERM) stops them all
// gracefully. `--api N` and `--workers M` change the counts.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import httpProxy from 'http-proxy';
import pg from 'pg';
import { SERVE_NODE_FLAGS } from './node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'calendar-access.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const apis = arg('--api', 2);
const workers = arg('--workers', 1);
const port = Number(process.env.PORT || 8080);
/** `--quiet`: only the cluster's own line (the benchmark). */
const quiet = process.argv.includes('--quiet');
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/calendar_access',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://localhost:${port}`,
  // The balancer below is the one proxy: its X-Forwarded-For names the client (per-address limits).
  TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1',
};

/**
 * The database of DATABASE_URL is made when it does not exist yet (a fresh clone starts with one
 * command); the first instance then migrates it.
 */
async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!name) return;
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  try {
    await client.connect();
  } catch (e) {
    console.error(`PostgreSQL does not answer at ${u.host}: ${e.message}`);
    process.exit(1);
  }
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.error(`created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}
await ensureDatabase(env.DATABASE_URL);

/** Starts `serve --role role --port 0`; resolves with its URL from the start-up log line. */
function start(role, n) {
  return new Promise((resolve, reject) => {
    // The start-up line (info) names the URL: the instances log at info at least.
    const level = ['trace', 'debug'].includes(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info';
    const child = spawn(process.execPath, [...SERVE_NODE_FLAGS, bin, 'serve', '--role', role, '--port', '0'], { env: { ...env, PORT: '0', LOG_LEVEL: level }, stdio: ['ignore', 'pipe', 'inherit'] });
    let pending = '';
    child.stdout.on('data', (d) => {
      if (!quiet) process.stdout.write(d.toString().split('\n').filter(Boolean).map((l) => `[${role}-${n}] ${l}\n`).join(''));
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        try {
          const entry = JSON.parse(line);
          if (typeof entry.url === 'string') resolve({ child, url: entry.url, role });
        } catch {
          // not a log line
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`${role}-${n} exited (${code}) before listening`)));
  });
}

// The first instance migrates (under PostgreSQL's advisory lock, so starting them together is safe too).
const first = await start('api', 1);
const rest = await Promise.all([
  ...Array.from({ length: apis - 1 }, (_, i) => start('api', i + 2)),
  ...Array.from({ length: workers }, (_, i) => start('worker', i + 1)),
]);
const all = [first, ...rest];
const targets = all.filter((s) => s.role === 'api').map((s) => s.url);

const proxy = httpProxy.createProxyServer({ xfwd: true, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) });
proxy.on('error', (_e, _req, res) => {
  if ('writeHead' in res && !res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
  res.end('{"error":{"code":"bad_gateway","message":"no api instance answered"}}');
});
let next = 0;
const balancer = http.createServer((req, res) => {
  const target = targets[next++ % targets.length];
  proxy.web(req, res, { target });
});
balancer.keepAliveTimeout = 65_000;
await new Promise((r) => balancer.listen(port, process.env.HOST || '127.0.0.1', r));
// PORT=0 takes a free port: the line names the one taken. `pids` lets a benchmark read each process's CPU time.
const listening = balancer.address().port;
console.log(
  JSON.stringify({
    balancer: `http://${process.env.HOST || '127.0.0.1'}:${listening}`,
    api: targets,
    workers: all.filter((s) => s.role === 'worker').map((s) => s.url),
    pids: { balancer: process.pid, api: all.filter((s) => s.role === 'api').map((s) => s.child.pid), workers: all.filter((s) => s.role === 'worker').map((s) => s.child.pid) },
  }),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  balancer.close();
  await Promise.all(all.map(({ child }) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))))));
  proxy.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
