import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { closableServer } from '../../src/server/http-close.js';
import { startServer } from '../../src/server/serve.js';

/**
 * Stopping is never held up by a client: browsers open spare connections before they need them, and
 * Node's own close() waits on such a connection for as long as the browser keeps it.
 */
function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}
const closed = (socket: net.Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('stopping the HTTP server', () => {
  it('serve stops while a client holds a connection that has sent nothing, and that connection is ended', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ca-close-'));
    const config = loadConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', SHUTDOWN_GRACE_MS: '600000' });
    const server = await startServer(config, pino({ level: 'silent' }));
    try {
      const port = Number(new URL(server.url).port);
      const spare = await connect(port);
      const used = await fetch(`${server.url}/healthz`);
      assert.equal(used.status, 200);
      await server.stop();
      await closed(spare);
      assert.equal(spare.destroyed, true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a request still unanswered when the grace time ends is cut then, not waited for', async () => {
    const server = createServer(() => undefined); // never answers
    const closable = closableServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const socket = await connect(port);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise<void>((resolve) => server.once('request', () => resolve()));
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    let stopped = false;
    const stopping = closable.close(done, 300).then(() => (stopped = true));
    assert.equal(socket.destroyed, false, 'a request under way is not cut at once');
    await stopping;
    assert.equal(stopped, true);
    await closed(socket);
  });
});
