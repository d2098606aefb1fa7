import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { useApi } from '../helpers/api.js';

/** Sends raw bytes to the listening server and returns everything it answers before closing. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    // Only ends a hang: the answer comes at once, however busy the machine (idle for 5 minutes: none).
    socket.setTimeout(5 * 60_000, () => reject(new Error('no answer')));
  });
}

describe('requests that are not valid HTTP', () => {
  const api = useApi('pglite');
  let port = 0;
  // The harness closes the app after the block.
  before(async () => {
    port = Number(new URL(await api.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  for (const [what, bytes] of [
    ['a Content-Length that is not a number', 'GET /api/v1/me HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['broken chunked encoding', 'POST /api/v1/me HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    // What openapi.json declares on every GET: a header name with a space, a header line without a colon.
    ['a GET whose header name holds a space', 'GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization : Bearer svc_pat_x\r\n\r\n'],
    ['a GET with a header line that has no colon', 'GET /api/v1/me HTTP/1.1\r\nHost: x\r\nAccept application/json\r\n\r\n'],
  ] as const) {
    it(`answers ${what} with 400 bad_request in the error shape, with the envelope's headers`, async () => {
      const answer = await raw(port, bytes);
      const [head, body] = answer.split('\r\n\r\n');
      assert.match(head!, /^HTTP\/1\.1 400 /);
      assert.match(head!, /\r\nSvc-Request-Id: req_[A-Za-z0-9_-]{22}\r\n/i);
      assert.match(head!, /\r\nCache-Control: no-store\r\n/i);
      assert.match(head!, /\r\nRateLimit-Limit: 60\r\n/i);
      assert.match(head!, /\r\nRateLimit-Remaining: \d+\r\n/i);
      assert.match(head!, /\r\nRateLimit-Reset: \d+\r\n/i);
      const parsed = JSON.parse(body!);
      assert.deepEqual(Object.keys(parsed.error).sort(), ['code', 'message', 'requestId']);
      assert.equal(parsed.error.code, 'bad_request');
      assert.equal(parsed.error.message, 'The request is not valid HTTP.');
      assert.equal(parsed.error.requestId, /Svc-Request-Id: (\S+)/i.exec(head!)![1]);
    });
  }
});
