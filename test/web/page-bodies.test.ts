import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Server } from 'node:http';
import { useApi } from '../helpers/api.js';
import { PATIENCE_MS } from '../helpers/patience.js';
import { rawPost } from '../helpers/raw-post.js';

const MiB = 1024 * 1024;
const BOUNDARY = '----page-bodies-test';
const SITE = { Host: 'cal.example', Origin: 'https://cal.example' };

/** A browser-like multipart post of one 10 MiB file, as an unauthenticated flooder sends it. */
const tenMiBFile = (path: string) => ({
  path,
  headers: { ...SITE, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
  start: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"\r\n\r\nmallory\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.ics"\r\nContent-Type: text/calendar\r\n\r\n`,
  fill: 10 * MiB,
  end: `\r\n--${BOUNDARY}--\r\n`,
});

// HTTP only: the store plays no part in refusing a body, so one engine is enough.
describe('what the pages read of a post they do not take', { timeout: PATIENCE_MS }, () => {
  const api = useApi('pglite', '2026-03-29T00:30:00Z');
  let server: Server;
  before(async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    server = api.app.server;
  });
  after(() => api.app.server.closeAllConnections());

  for (const path of ['/signin', '/signup', '/app/account/password', '/someone/book']) {
    it(`answers an unauthenticated 10 MiB multipart post to ${path} with 415, having read less than 1 MiB of it`, async () => {
      const res = await rawPost(server, tenMiBFile(path));
      assert.equal(res.status, 415, res.text.slice(0, 300));
      assert.match(res.text, /<h1>Not a form this page takes<\/h1><p>This page takes a form as a browser sends one without a file/);
      assert.match(res.text, /\r\nconnection: close\r\n/i, 'the rest of the body is never read');
      assert.ok(res.serverRead < MiB, `the server read ${res.serverRead} bytes`);
    });
  }

  it('refuses a 300 KiB form to sign-in and to a booking page with 413 and a sentence, as the API refuses a body over 256 KiB', async () => {
    for (const path of ['/signin', '/someone/book']) {
      const res = await rawPost(server, { path, headers: { ...SITE, 'Content-Type': 'application/x-www-form-urlencoded' }, start: 'username=', fill: 300 * 1024 });
      assert.equal(res.status, 413, `${path}: ${res.text.slice(0, 300)}`);
      assert.match(res.text, /A form sent to this page is at most 256 KiB; this one is larger, and nothing was done\./);
      assert.ok(res.serverRead < MiB, `${path}: the server read ${res.serverRead} bytes`);
    }
  });

  it('still signs in with an ordinary form on a kept-alive connection', async () => {
    const res = await rawPost(server, { path: '/signin', headers: { ...SITE, 'Content-Type': 'application/x-www-form-urlencoded' }, start: 'username=nobody&password=', fill: 12 });
    assert.equal(res.status, 422, res.text.slice(0, 300));
    assert.doesNotMatch(res.text, /\r\nconnection: close\r\n/i);
  });
});
