import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';
import { loadConfig } from '../../src/config.js';

/**
 * Sign-up is limited per client address (docs/decisions.md "Hardening"): every attempt costs a
 * password strength estimate and an argon2 hash, so a script must not create accounts, or burn the
 * server's CPU, at will. Three attempts an hour here (SIGN_UPS_PER_HOUR_PER_ADDRESS); 10 by default.
 */
const PASSWORD = 'correct horse battery';

describe('the sign-up limit setting', () => {
  it('is 10 an hour per address unless set, and at least 1', () => {
    assert.equal(loadConfig({}).signUpsPerHourPerAddress, 10);
    assert.equal(loadConfig({ SIGN_UPS_PER_HOUR_PER_ADDRESS: '25' }).signUpsPerHourPerAddress, 25);
    assert.throws(() => loadConfig({ SIGN_UPS_PER_HOUR_PER_ADDRESS: '0' }), /SIGN_UPS_PER_HOUR_PER_ADDRESS must be at least 1/);
  });
});

for (const engine of ENGINES) {
  describe(`sign-up limited per address on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z', { SIGN_UPS_PER_HOUR_PER_ADDRESS: '3' });
    const owners = async (prefix: string) =>
      (await api.rt.store.db.selectFrom('owners').select('username').where('username', 'like', `${prefix}%`).execute()).map((r) => r.username).sort();

    it('refuses the fourth attempt of the hour from one address with 429, the form kept and nothing created; others still sign up', async () => {
      const from = webSession(api, { address: '203.0.113.7' });
      const p = `sul-${engine}-a`;
      // A refused attempt (a weak password) counts too: it cost the same estimate.
      assert.equal((await from.post('/signup', { username: `${p}0`, name: 'A', timezone: 'UTC', password: 'short' })).statusCode, 422);
      for (const n of [1, 2]) assert.equal((await from.post('/signup', { username: `${p}${n}`, name: 'A', timezone: 'Europe/Berlin', password: PASSWORD })).statusCode, 303);
      const refused = await from.post('/signup', { username: `${p}3`, name: 'Zoë', timezone: 'America/New_York', password: PASSWORD });
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0 && Number(refused.headers['retry-after']) <= 3600, String(refused.headers['retry-after']));
      assert.match(refused.body, /Too many sign-ups from your network\. Please try again in \d+ minutes?\./);
      assert.match(refused.body, new RegExp(`value="${p}3"`), 'what was typed is kept');
      assert.deepEqual(await owners(p), [`${p}1`, `${p}2`]);
      // Another client is not held by this one.
      assert.equal((await webSession(api, { address: '198.51.100.2' }).post('/signup', { username: `${p}4`, name: 'B', timezone: 'Asia/Kolkata', password: PASSWORD })).statusCode, 303);
    });

    it('counts an IPv6 /64 as one client, and opens again when the hour has passed', async () => {
      const p = `sul-${engine}-b`;
      for (const [n, address] of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9'].entries()) {
        assert.equal((await webSession(api, { address }).post('/signup', { username: `${p}${n}`, name: 'C', timezone: 'UTC', password: PASSWORD })).statusCode, 303);
      }
      const sameLine = webSession(api, { address: '2001:db8:1:2:abcd::5' });
      assert.equal((await sameLine.post('/signup', { username: `${p}3`, name: 'C', timezone: 'UTC', password: PASSWORD })).statusCode, 429);
      assert.equal((await webSession(api, { address: '2001:db8:1:3::1' }).post('/signup', { username: `${p}4`, name: 'C', timezone: 'UTC', password: PASSWORD })).statusCode, 303, 'the next /64 is another client');
      api.clock.advance(60 * 60_000);
      assert.equal((await sameLine.post('/signup', { username: `${p}3`, name: 'C', timezone: 'UTC', password: PASSWORD })).statusCode, 303);
      assert.deepEqual(await owners(p), [0, 1, 2, 3, 4].map((n) => `${p}${n}`));
    });
  });
}

for (const engine of ENGINES) {
  describe(`sign-up takes the browser's language on ${engine}`, () => {
    const api = useApi(engine, '2026-10-25T00:30:00Z');
    const localeOf = async (username: string) => (await api.rt.store.db.selectFrom('owners').select('locale').where('username', '=', username).executeTakeFirstOrThrow()).locale;

    it("keeps the first language of Accept-Language by weight as the owner's locale, English without one", async () => {
      const web = webSession(api);
      const signUp = (username: string, acceptLanguage?: string) =>
        web.post('/signup', { username, name: 'L', timezone: 'Europe/Vienna', password: PASSWORD }, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
      assert.equal((await signUp(`lang-${engine}-a`, 'fr;q=0.5, de-AT, en;q=0.8')).statusCode, 303);
      assert.equal(await localeOf(`lang-${engine}-a`), 'de-AT');
      assert.equal((await signUp(`lang-${engine}-b`)).statusCode, 303);
      assert.equal(await localeOf(`lang-${engine}-b`), 'en');
      assert.equal((await signUp(`lang-${engine}-c`, '*, not a tag!')).statusCode, 303);
      assert.equal(await localeOf(`lang-${engine}-c`), 'en');
      // The console then writes dates as that locale does: Austrian German month names.
      const austrian = webSession(api);
      await austrian.post('/signup', { username: `lang-${engine}-d`, name: 'L', timezone: 'Europe/Vienna', password: PASSWORD }, { 'accept-language': 'de-AT' });
      const page = await austrian.get('/app/calendar?view=month');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Oktober 2026/, 'dates in German');
    });
  });
}

for (const engine of ENGINES) {
  describe(`sign-up's time zone on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');
    const zoneOf = async (username: string) => (await api.rt.store.db.selectFrom('owners').select('timezone').where('username', '=', username).executeTakeFirst())?.timezone;
    const selected = (body: string) => [...body.matchAll(/<option selected>([^<]+)<\/option>/g)].map((m) => m[1]);

    it('offers UTC and chooses it on a fresh form, so a browser in UTC keeps it', async () => {
      const form = await webSession(api).get('/signup');
      assert.equal(form.statusCode, 200);
      assert.deepEqual(selected(form.body), ['UTC']);
      assert.match(form.body, /<option>Europe\/Berlin<\/option>/);
    });

    it('takes a zone in any case, keeps it as the tz database spells it, and shows it chosen on a refused form', async () => {
      const web = webSession(api);
      assert.equal((await web.post('/signup', { username: `zone-${engine}-a`, name: 'Z', timezone: 'america/new_york', password: PASSWORD })).statusCode, 303);
      assert.equal(await zoneOf(`zone-${engine}-a`), 'America/New_York');
      const refused = await webSession(api).post('/signup', { username: `zone-${engine}-b`, name: 'Z', timezone: 'asia/tokyo', password: 'short' });
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(selected(refused.body), ['Asia/Tokyo']);
      assert.doesNotMatch(refused.body, /asia\/tokyo/);
    });

    it('refuses a name that is not in the tz database (SystemV/PST8, which ICU knows), naming the time zone, and creates nothing', async () => {
      const refused = await webSession(api).post('/signup', { username: `zone-${engine}-c`, name: 'Z', timezone: 'systemv/pst8', password: PASSWORD });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /timezone: &quot;systemv\/pst8&quot; is not an IANA time zone such as Europe\/Berlin/);
      assert.equal(await zoneOf(`zone-${engine}-c`), undefined);
    });
  });
}
