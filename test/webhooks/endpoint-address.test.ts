import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { startHttpsServer } from '../helpers/https-server.js';
import { addEndpoint } from '../../src/webhooks/endpoints.js';
import { ServiceError } from '../../src/domain/service-error.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import type { OutboundPolicy } from '../../src/net/public-address.js';

/** Names the injected resolver knows; anything else does not exist. */
const DNS: Record<string, string[]> = {
  'public.test': ['93.184.216.34'],
  'loopback.test': ['127.0.0.1'],
  'loopback6.test': ['::1'],
  'ten.test': ['10.0.0.5'],
  'oneseventwo.test': ['172.16.3.4'],
  'oneninetwo.test': ['192.168.1.1'],
  'linklocal.test': ['169.254.10.10'],
  'metadata.test': ['169.254.169.254'],
  'cgnat.test': ['100.64.1.1'],
  'ula.test': ['fd12:3456:789a::1'],
  'linklocal6.test': ['fe80::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mapped-private.test': ['::ffff:10.0.0.1'],
  'mixed.test': ['93.184.216.34', '10.0.0.5'],
  'mixed6.test': ['2606:2800:220:1:248:1893:25c8:1946', 'fc00::7'],
  'unspecified.test': ['0.0.0.0'],
  'multicast.test': ['224.0.0.1'],
  'documentation.test': ['192.0.2.10'],
};

const policy: OutboundPolicy = {
  allowPrivateHosts: [],
  resolve: async (host) => {
    const list = DNS[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  },
};

for (const engine of ENGINES) {
  describe(`endpoint addresses on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');
    const setup = async () => {
      const owner = await api.owner();
      await api.token(owner, ['webhooks', 'requests:read']);
      const t = await api.rt.store.db.selectFrom('tokens').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      return { ownerId: owner.id, tokenId: t.id };
    };
    const add = (who: { ownerId: string; tokenId: string }, url: string, p = policy) => addEndpoint({ db: api.rt.store.db, clock: api.clock, policy: p }, { ...who, url });

    it('accepts https on port 443 at a name resolving only to public addresses', async () => {
      const who = await setup();
      const { endpoint, secret } = await add(who, 'https://public.test/hooks/calendar?x=1');
      assert.equal(endpoint.url, 'https://public.test/hooks/calendar?x=1');
      assert.match(secret, /^svc_whsec_[A-Za-z0-9]{32}$/);
      assert.equal((await add(who, 'https://PUBLIC.test:443/b')).endpoint.url, 'https://public.test/b');
    });

    it('refuses every private, special or mixed answer, naming the address and its range', async () => {
      const who = await setup();
      const cases: [string, RegExp][] = [
        ['loopback.test', /127\.0\.0\.1.*loopback/],
        ['loopback6.test', /::1.*loopback/],
        ['ten.test', /10\.0\.0\.5.*private/],
        ['oneseventwo.test', /172\.16\.3\.4.*private/],
        ['oneninetwo.test', /192\.168\.1\.1.*private/],
        ['linklocal.test', /169\.254\.10\.10.*link-local/],
        ['metadata.test', /169\.254\.169\.254.*metadata/],
        ['cgnat.test', /100\.64\.1\.1.*carrier-grade NAT/],
        ['ula.test', /fd12:3456:789a::1/],
        ['linklocal6.test', /fe80::1/],
        ['mapped.test', /::ffff:127\.0\.0\.1/],
        ['mapped-private.test', /::ffff:10\.0\.0\.1/],
        ['mixed.test', /10\.0\.0\.5.*private/],
        ['mixed6.test', /fc00::7/],
        ['unspecified.test', /0\.0\.0\.0/],
        ['multicast.test', /224\.0\.0\.1.*multicast/],
        ['documentation.test', /192\.0\.2\.10.*documentation/],
        ['nowhere.test', /does not exist/],
      ];
      for (const [host, reason] of cases) {
        await assert.rejects(add(who, `https://${host}/hook`), (e: unknown) => e instanceof ServiceError && e.kind === 'invalid' && e.field === 'url' && reason.test(e.message), host);
      }
      assert.equal((await api.rt.store.db.selectFrom('webhook_endpoints').select('id').where('owner_id', '=', who.ownerId).execute()).length, 0);
    });

    it('refuses the URL itself: http, IP literals (v4, v6, mapped, decimal), other ports, credentials, single labels', async () => {
      const who = await setup();
      const cases: [string, RegExp][] = [
        ['http://public.test/hook', /only https/],
        ['https://93.184.216.34/hook', /IP address/],
        ['https://[2606:2800:220:1:248:1893:25c8:1946]/hook', /IP address/],
        ['https://[::ffff:7f00:1]/hook', /IP address/],
        ['https://2130706433/hook', /IP address|not a public domain name/],
        ['https://public.test:8443/hook', /only port 443/],
        ['https://public.test:80/hook', /only port 443/],
        ['https://user:pass@public.test/hook', /user name or password/],
        ['https://token@public.test/hook', /user name or password/],
        ['https://intranet/hook', /not a public domain name/],
        ['https://localhost/hook', /not a public domain name/],
        ['https://api.localhost/hook', /not a public domain name/],
        ['ftp://public.test/hook', /only https/],
        ['not a url', /not a URL/],
      ];
      for (const [url, reason] of cases) {
        await assert.rejects(add(who, url), (e: unknown) => e instanceof ServiceError && e.field === 'url' && reason.test(e.message), url);
      }
    });

    it('a name that answers public when checked and private at connect is refused at connect: nothing reaches the receiver', async () => {
      const receiver = await startHttpsServer((_req, res) => res.end());
      try {
        let calls = 0;
        // Public for the check before the attempt, then 127.0.0.1 when the socket connects (DNS rebinding).
        const rebinding: OutboundPolicy = {
          allowPrivateHosts: [],
          resolve: async (host) => {
            if (host !== 'rebind.test') throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
            calls += 1;
            return [{ address: calls % 2 === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
          },
        };
        const who = await setup();
        const { endpoint } = await add(who, 'https://rebind.test/hook', rebinding);
        calls = 0;
        const worker = new DeliveryWorker({ db: api.rt.store.db, clock: api.clock, policy: rebinding, ca: receiver.ca, random: () => 0.5, ...PATIENT_DELIVERY });
        // (Deliveries of the other tests' endpoints in this store are attempted too; only this one is checked.)
        assert.ok((await worker.runOnce()) >= 1);
        await worker.close();
        const d = await api.rt.store.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).executeTakeFirstOrThrow();
        assert.equal(d.status, 'pending');
        assert.match(d.last_error ?? '', /127\.0\.0\.1.*loopback/);
        assert.ok(calls >= 2, 'resolved before the attempt and again at connect');
        assert.equal(receiver.connections, 0);
      } finally {
        await receiver.close();
      }
    });
  });
}
