import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import {
  classifyAddress,
  guardedLookup,
  OutboundRefused,
  resolvePublic,
  validateOutboundUrl,
  type OutboundPolicy,
  type Resolver,
} from '../../src/net/public-address.js';
import { guardedFetch, OutboundFailure, type GuardedFetchOptions } from '../../src/net/guarded-fetch.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import { PATIENT_FETCH } from '../helpers/patience.js';

const family = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);
const answers = (...addresses: string[]): LookupAddress[] => addresses.map((address) => ({ address, family: family(address) }));

/** A resolver that gives each answer in turn (the last one repeats) and counts the questions. */
function scriptedResolver(...script: LookupAddress[][]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    return script[Math.min(calls.length - 1, script.length - 1)]!;
  };
  return Object.assign(resolve, { calls });
}

const strict = (resolve?: Resolver): OutboundPolicy => ({ allowPrivateHosts: [], ...(resolve ? { resolve } : {}) });

describe('classifying addresses', () => {
  const refused: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['::1', /loopback/],
    ['10.0.0.1', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /metadata/],
    ['169.254.1.1', /link-local/],
    ['fe80::1', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.127.255.255', /carrier-grade NAT/],
    ['fc00::1', /unique local/],
    ['fd12:3456:789a::1', /unique local/],
    ['::ffff:127.0.0.1', /IPv4-mapped 127\.0\.0\.1, loopback/],
    ['::ffff:7f00:1', /IPv4-mapped 127\.0\.0\.1, loopback/],
    ['::ffff:10.1.2.3', /IPv4-mapped 10\.1\.2\.3, private/],
    ['::ffff:169.254.169.254', /metadata/],
    ['::ffff:8.8.8.8', /IPv4-mapped 8\.8\.8\.8/],
    ['::ffff:0:7f00:1', /IPv4-translated 127\.0\.0\.1, loopback/],
    ['64:ff9b::7f00:1', /NAT64 127\.0\.0\.1, loopback/],
    ['64:ff9b:1::a00:1', /local-use/],
    ['2002:7f00:1::1', /6to4 127\.0\.0\.1, loopback/],
    ['2002:c0a8:101::1', /6to4 192\.168\.1\.1, private/],
    // Teredo: client 10.0.0.1 stored inverted (f5ff:fffe), server 65.54.227.120
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', /Teredo client 10\.0\.0\.1, private/],
    ['::7f00:1', /reserved/],
    ['fec0::1', /site-local/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['ff02::1', /multicast/],
    ['0.0.0.0', /unspecified/],
    ['::', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['240.0.0.1', /reserved/],
    ['192.0.0.8', /reserved/],
    ['192.0.2.1', /documentation/],
    ['198.51.100.7', /documentation/],
    ['203.0.113.9', /documentation/],
    ['2001:db8::1', /documentation/],
    ['3fff::1', /documentation/],
    ['198.18.0.1', /benchmarking/],
    ['198.19.255.255', /benchmarking/],
    ['2001:2::1', /benchmarking/],
    ['localhost', /not an IP address/],
    ['127.1', /not an IP address/],
  ];
  for (const [address, range] of refused) {
    it(`refuses ${address}`, () => {
      const verdict = classifyAddress(address);
      assert.equal(verdict.public, false);
      assert.match((verdict as { range: string }).range, range);
    });
  }

  const allowed = [
    '8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '198.20.0.1', '169.255.0.1',
    '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '64:ff9b::808:808', '2002:808:808::1',
    // Teredo with a public client (8.8.8.8 inverted: f7f7:f7f7)
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ];
  for (const address of allowed) {
    it(`lets ${address} through as public`, () => {
      assert.deepEqual(classifyAddress(address), { public: true });
    });
  }
});

describe('resolving a host name through the guard', () => {
  it('refuses a name that resolves to one public and one private address, naming the private one', async () => {
    const resolve = scriptedResolver(answers('93.184.216.34', '10.0.0.7'));
    await assert.rejects(resolvePublic('calendar.example.com', strict(resolve)), (e: unknown) => {
      assert.ok(e instanceof OutboundRefused);
      assert.equal(e.reason, 'not_public');
      assert.match(e.message, /calendar\.example\.com resolves to 10\.0\.0\.7: private/);
      return true;
    });
  });

  it('refuses a name whose only address is the cloud metadata service', async () => {
    await assert.rejects(resolvePublic('meta.example.com', strict(scriptedResolver(answers('169.254.169.254')))), /metadata/);
  });

  it('refuses a name that has no address, or does not exist', async () => {
    await assert.rejects(resolvePublic('empty.example.com', strict(scriptedResolver([]))), /has no address/);
    const missing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await assert.rejects(resolvePublic('nope.example.com', strict(missing)), /does not exist/);
  });

  it('returns every address when all are public', async () => {
    const got = await resolvePublic('calendar.example.com', strict(scriptedResolver(answers('93.184.216.34', '2606:4700:4700::1111'))));
    assert.deepEqual(got.map((a) => a.address), ['93.184.216.34', '2606:4700:4700::1111']);
  });

  it('reaches a private address only for a host name the operator listed', async () => {
    const resolve = scriptedResolver(answers('127.0.0.1'));
    await assert.rejects(resolvePublic('feed.test', strict(resolve)), /loopback/);
    const got = await resolvePublic('Feed.Test.', { allowPrivateHosts: ['feed.test'], resolve });
    assert.deepEqual(got.map((a) => a.address), ['127.0.0.1']);
  });

  it("hands the socket exactly the addresses it checked, asking the resolver once per connection", async () => {
    const resolve = scriptedResolver(answers('93.184.216.34', '2606:4700:4700::1111'));
    const lookup = guardedLookup(strict(resolve));
    const all = await new Promise<unknown>((ok, fail) => lookup('calendar.example.com', { all: true }, (e, a) => (e ? fail(e) : ok(a))));
    assert.deepEqual(all, answers('93.184.216.34', '2606:4700:4700::1111'));
    const one = await new Promise<unknown[]>((ok, fail) => lookup('calendar.example.com', { family: 6 }, (e, a, f) => (e ? fail(e) : ok([a, f]))));
    assert.deepEqual(one, ['2606:4700:4700::1111', 6]);
    assert.equal(resolve.calls.length, 2);
  });

  it('checks each connection against its own answer: a name rebound to loopback is refused on the next connect', async () => {
    const resolve = scriptedResolver(answers('93.184.216.34'), answers('127.0.0.1'));
    const lookup = guardedLookup(strict(resolve));
    const first = await new Promise<unknown>((ok, fail) => lookup('rebind.example.com', { all: true }, (e, a) => (e ? fail(e) : ok(a))));
    assert.deepEqual(first, answers('93.184.216.34'));
    const second = await new Promise<unknown>((ok) => lookup('rebind.example.com', { all: true }, (e) => ok(e)));
    assert.ok(second instanceof OutboundRefused);
    assert.match(second.message, /127\.0\.0\.1: loopback/);
  });
});

describe('validating an outbound URL', () => {
  const feeds = { ports: 'any', policy: strict() } as const;
  const webhooks = { ports: 'https-default', policy: strict() } as const;
  const refusedUrls: [string, string, RegExp][] = [
    ['http://calendar.example.com/a.ics', 'scheme', /only https/],
    ['webcal://calendar.example.com/a.ics', 'scheme', /https:\/\/ instead/],
    ['ftp://calendar.example.com/a.ics', 'scheme', /only https/],
    ['https://user:secret@calendar.example.com/a.ics', 'credentials', /user name or password/],
    ['https://user@calendar.example.com/a.ics', 'credentials', /user name or password/],
    ['https://127.0.0.1/a.ics', 'ip_literal', /IP address/],
    ['https://8.8.8.8/a.ics', 'ip_literal', /IP address/],
    ['https://2130706433/a.ics', 'ip_literal', /127\.0\.0\.1/],
    ['https://0x7f.1/a.ics', 'ip_literal', /127\.0\.0\.1/],
    ['https://[::1]/a.ics', 'ip_literal', /::1/],
    ['https://[::ffff:127.0.0.1]/a.ics', 'ip_literal', /IP address/],
    ['https://localhost/a.ics', 'host', /not a public domain name/],
    ['https://feeds.localhost/a.ics', 'host', /not a public domain name/],
    ['https://intranet/a.ics', 'host', /not a public domain name/],
    ['not a url', 'invalid_url', /not a URL/],
    [`https://calendar.example.com/${'a'.repeat(2100)}`, 'invalid_url', /longer than 2048/],
  ];
  for (const [url, reason, message] of refusedUrls) {
    it(`refuses ${url.slice(0, 60)} (${reason})`, () => {
      assert.throws(() => validateOutboundUrl(url, feeds), (e: unknown) => {
        assert.ok(e instanceof OutboundRefused);
        assert.equal(e.reason, reason);
        assert.match(e.message, message);
        return true;
      });
    });
  }

  it('accepts an https URL with a domain name, on any port for feeds but only 443 for webhooks', () => {
    assert.equal(validateOutboundUrl('https://calendar.example.com/a.ics?k=1', feeds).hostname, 'calendar.example.com');
    assert.equal(validateOutboundUrl('https://calendar.example.com:8443/a.ics', feeds).port, '8443');
    assert.equal(validateOutboundUrl('https://hooks.example.com:443/in', webhooks).port, '');
    assert.throws(() => validateOutboundUrl('https://hooks.example.com:8443/in', webhooks), /only port 443/);
  });

  it('accepts localhost and 127.0.0.1 only when the operator listed them', () => {
    const policy = { allowPrivateHosts: ['localhost', '127.0.0.1'] };
    assert.equal(validateOutboundUrl('https://localhost:8443/a.ics', { ports: 'any', policy }).hostname, 'localhost');
    assert.equal(validateOutboundUrl('https://127.0.0.1:8443/a.ics', { ports: 'any', policy }).hostname, '127.0.0.1');
    assert.throws(() => validateOutboundUrl('http://localhost/a.ics', { ports: 'any', policy }), /only https/);
    // A local receiver of webhooks may listen on any port; other hosts still need 443.
    assert.equal(validateOutboundUrl('https://localhost:8443/hook', { ports: 'https-default', policy }).port, '8443');
    assert.throws(() => validateOutboundUrl('https://hooks.example.com:8443/in', { ports: 'https-default', policy }), /only port 443/);
  });
});

describe('fetching through the guard (a real HTTPS server on 127.0.0.1)', () => {
  let server: TestHttpsServer;
  // The time-outs are the tests' patience: on a machine at load 24 the first TLS connection to this
  // server took over 3 s. The one test of a time-out sets its own, short, and asserts that it fired.
  const base = (over: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({
    policy: strict(),
    ports: 'any',
    ...PATIENT_FETCH,
    maxBodyBytes: 1024,
    maxRedirects: 3,
    ca: server.ca,
    ...over,
  });
  before(async () => {
    server = await startHttpsServer((_req, res) => res.end('hello'));
  });
  after(async () => {
    await server?.close();
  });

  it('connects to the address it checked even when the name answers differently afterwards', async () => {
    const before = server.requests.length;
    // First answer 127.0.0.1 (where the server is), any later one a documentation address nobody serves.
    const resolve = scriptedResolver(answers('127.0.0.1'), answers('192.0.2.1'));
    const res = await guardedFetch(server.url('rebind.test', '/pinned'), base({ policy: { allowPrivateHosts: ['rebind.test'], resolve } }));
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'hello');
    assert.deepEqual(resolve.calls, ['rebind.test'], 'resolved once, for the one connection');
    assert.equal(server.requests.length, before + 1);
    assert.equal(server.requests.at(-1)!.localAddress, '127.0.0.1');
    assert.equal(server.requests.at(-1)!.headers.host, `rebind.test:${server.port}`, 'TLS and Host keep the name');
  });

  it('refuses to connect when the name resolves to loopback and is not listed, before any byte is sent', async () => {
    const connections = server.connections;
    const resolve = scriptedResolver(answers('127.0.0.1'));
    await assert.rejects(guardedFetch(server.url('feed.test', '/x'), base({ policy: strict(resolve) })), (e: unknown) => {
      assert.ok(e instanceof OutboundFailure);
      assert.equal(e.reason, 'refused');
      assert.match(e.message, /feed\.test resolves to 127\.0\.0\.1: loopback address, refused/);
      return true;
    });
    assert.equal(server.connections, connections, 'no connection was made');
  });

  it('refuses a redirect to an IP literal, to plain http, or to a private name, and follows a good one', async () => {
    const policy = { allowPrivateHosts: ['feed.test', 'rebind.test'], resolve: scriptedResolver(answers('127.0.0.1')) };
    server.handle((req, res) => {
      const to: Record<string, string> = {
        '/to-literal': `https://127.0.0.1:${server.port}/x`,
        '/to-http': `http://feed.test:${server.port}/x`,
        '/to-other': `https://other.test:${server.port}/x`,
        '/to-good': `https://rebind.test:${server.port}/final`,
      };
      if (req.url && to[req.url]) {
        res.writeHead(302, { location: to[req.url] });
        res.end();
      } else res.end(`at ${req.url}`);
    });
    await assert.rejects(guardedFetch(server.url('feed.test', '/to-literal'), base({ policy })), /redirected to a refused address: the URL names an IP address/);
    await assert.rejects(guardedFetch(server.url('feed.test', '/to-http'), base({ policy })), /redirected to a refused address: only https/);
    await assert.rejects(guardedFetch(server.url('feed.test', '/to-other'), base({ policy })), /other\.test resolves to 127\.0\.0\.1: loopback/);
    const res = await guardedFetch(server.url('feed.test', '/to-good'), base({ policy }));
    assert.equal(res.body.toString(), 'at /final');
    assert.equal(res.url, `https://rebind.test:${server.port}/final`);
  });

  it('gives up after 3 redirects, and returns a 3xx as is when redirects are not followed', async () => {
    const policy = { allowPrivateHosts: ['feed.test'], resolve: scriptedResolver(answers('127.0.0.1')) };
    server.handle((_req, res) => {
      res.writeHead(301, { location: '/again' });
      res.end();
    });
    await assert.rejects(guardedFetch(server.url('feed.test', '/loop'), base({ policy })), /redirected more than 3 times/);
    const res = await guardedFetch(server.url('feed.test', '/loop'), base({ policy, maxRedirects: 0 }));
    assert.equal(res.status, 301);
  });

  it('stops reading at the size cap, failing or truncating as asked', async () => {
    const policy = { allowPrivateHosts: ['feed.test'], resolve: scriptedResolver(answers('127.0.0.1')) };
    server.handle((_req, res) => res.end('x'.repeat(5000)));
    await assert.rejects(guardedFetch(server.url('feed.test', '/big'), base({ policy })), /sent more than 1 KiB/);
    const cut = await guardedFetch(server.url('feed.test', '/big'), base({ policy, overLimit: 'truncate' }));
    assert.equal(cut.body.length, 1024);
    assert.equal(cut.truncated, true);
  });

  it('times out a server that never answers', async () => {
    const policy = { allowPrivateHosts: ['feed.test'], resolve: scriptedResolver(answers('127.0.0.1')) };
    server.handle(() => undefined);
    await assert.rejects(guardedFetch(server.url('feed.test', '/slow'), base({ policy, totalTimeoutMs: 300 })), (e: unknown) => {
      assert.ok(e instanceof OutboundFailure);
      assert.equal(e.reason, 'timeout');
      return true;
    });
  });

  it('refuses a certificate it was not told to trust', async () => {
    const policy = { allowPrivateHosts: ['feed.test'], resolve: scriptedResolver(answers('127.0.0.1')) };
    server.handle((_req, res) => res.end('hello'));
    const { ca: _ca, ...untrusted } = base({ policy });
    await assert.rejects(guardedFetch(server.url('feed.test', '/x'), untrusted), (e: unknown) => {
      assert.ok(e instanceof OutboundFailure);
      assert.equal(e.reason, 'tls');
      return true;
    });
  });
});
