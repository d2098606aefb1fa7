import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { describe, it, before, after } from 'node:test';
import { useApi } from '../helpers/api.js';
import { PATIENCE_MS } from '../helpers/patience.js';

/** Resolves when the server closes the socket, with everything it wrote before closing. */
function closed(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  return new Promise((resolve) => socket.on('close', () => resolve(text)));
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

// HTTP only: the store plays no part, so one engine is enough.
describe('slow and idle clients', { timeout: PATIENCE_MS }, () => {
  const api = useApi('pglite', '2026-03-29T00:30:00Z', { HEADERS_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '800', KEEP_ALIVE_TIMEOUT_MS: '400', MAX_CONNECTIONS: '4' });
  let port = 0;
  before(async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.server.address() as { port: number }).port;
  });
  after(() => api.app.server.closeAllConnections());

  it('cuts off a client whose headers never end, saying in time for what, while a real client is still answered', async () => {
    const slow = await opened(port);
    const ends = closed(slow);
    slow.write('GET /api/v1/me HTTP/1.1\r\nHost: cal.example\r\nX-Slow: ');
    const written = await ends;
    assert.match(written, /^HTTP\/1\.1 400 /);
    assert.match(written, /"code":"bad_request","message":"The request did not arrive in time: its headers within 0\.4 s, the whole request within 0\.8 s\."/);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/me`);
    assert.equal(res.status, 401);
  });

  it('closes the connection of a client whose headers never end even when it never reads the answer', async () => {
    // Without a 'data' listener the client never sees the server's FIN: only the server can free the slot.
    const slow = await opened(port);
    slow.write('GET /api/v1/me HTTP/1.1\r\nHost: cal.example\r\nX-Slow: ');
    const gone = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    await new Promise<void>((resolve) => {
      const check = () => api.app.server.getConnections((_e, n) => (n === 0 ? resolve() : setTimeout(check, 20)));
      check();
    });
    slow.destroy();
    await gone;
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/me`)).status, 401);
  });

  it('cuts off a client whose body trickles in past the request timeout', async () => {
    const token = await api.token(await api.owner('Asia/Tokyo'));
    const slow = await opened(port);
    const ends = closed(slow);
    slow.write(`POST /api/v1/requests/tasks HTTP/1.1\r\nHost: cal.example\r\nAuthorization: Bearer ${token}\r\nIdempotency-Key: ${'k'.repeat(20)}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    const timer = setInterval(() => slow.writable && slow.write(' '), 100);
    const written = await ends;
    clearInterval(timer);
    assert.match(written, /^HTTP\/1\.1 400 /);
    assert.match(written, /did not arrive in time/);
  });

  it('closes an idle kept-alive connection after its timeout', async () => {
    const idle = await opened(port);
    const ends = closed(idle);
    idle.write('GET /api/v1/me HTTP/1.1\r\nHost: cal.example\r\n\r\n');
    const written = await ends;
    assert.match(written, /^HTTP\/1\.1 401/, 'answered first, then closed once idle');
  });

  it('holds at most MAX_CONNECTIONS connections: one more is closed at once, and a freed place serves again', async () => {
    const held = await Promise.all([0, 1, 2, 3].map(() => opened(port)));
    // Each is accepted (the server counts it) before the next one tries.
    await new Promise<void>((resolve) => {
      const check = () => (api.app.server.getConnections((_e, n) => (n >= 4 ? resolve() : setImmediate(check))));
      check();
    });
    const extra = await opened(port);
    assert.equal(await closed(extra), '', 'closed without an answer');
    for (const s of held) s.destroy();
    await new Promise<void>((resolve) => {
      const check = () => (api.app.server.getConnections((_e, n) => (n === 0 ? resolve() : setImmediate(check))));
      check();
    });
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/me`)).status, 401);
  });
});
