import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';

const PASSWORD = 'correct horse battery';

let counter = 0;
/** A new owner made through the sign-up form (from an address of its own), then signed out; returns its username. */
async function signedUpOwner(api: ApiHarness, email: string | null = 'owner@example.com'): Promise<string> {
  counter += 1;
  const username = `throttle-${process.pid}-${counter}`;
  const web = webSession(api, { address: `198.51.100.${counter}` });
  const made = await web.post('/signup', { username, name: 'Grace Hopper', timezone: 'UTC', password: PASSWORD, ...(email ? { email } : {}) });
  assert.equal(made.statusCode, 303, made.body);
  return username;
}

/** The sign-in page's message, the part a person reads. */
const alertOf = (res: LightMyRequestResponse) => /role="alert"[^>]*>([^<]*)</.exec(res.body)?.[1] ?? '';

/** Wrong passwords until the answer is a wait; returns the failures that were checked and the waiting answer. */
async function failUntilHeld(web: WebSession, username: string): Promise<{ checked: number; held: LightMyRequestResponse }> {
  for (let checked = 0; checked < 200; checked++) {
    const res = await web.post('/signin', { username, password: `wrong guess number ${checked}` });
    if (res.statusCode === 429) return { checked, held: res };
    assert.equal(res.statusCode, 422, res.body);
    assert.match(alertOf(res), /do not match/);
  }
  throw new Error('never held');
}

for (const engine of ENGINES) {
  describe(`sign-in throttling on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('slows wrong passwords with a growing delay, then locks the account and emails the owner; a right password meanwhile is answered like a wrong one', async () => {
      const username = await signedUpOwner(api);
      const attacker = webSession(api, { address: '203.0.113.10' });

      // Three wrong passwords are free; the fourth holds the account for 1 s, then 2 s, 4 s ...
      const first = await failUntilHeld(attacker, username);
      assert.equal(first.checked, 4);
      assert.equal(first.held.headers['retry-after'], '1');
      assert.match(alertOf(first.held), /Too many wrong passwords\. Please wait 1 second/);
      assert.match(first.held.body, /<form method="post" action="\/signin"/, 'the sign-in page again');
      assert.match(first.held.body, new RegExp(`value="${username}"`), 'with the username kept');

      const right = await attacker.post('/signin', { username, password: PASSWORD });
      assert.equal(right.statusCode, 429);
      assert.equal(right.body, first.held.body, 'the right password during a hold gets the very same page');
      assert.equal(right.headers['retry-after'], '1');
      assert.equal(right.headers['set-cookie'], undefined, 'and no session');

      const waits = [1];
      let failures = 4;
      let held = first.held;
      while (Number(held.headers['retry-after']) < 600) {
        api.clock.advance(Number(held.headers['retry-after']) * 1000);
        const next = await failUntilHeld(attacker, username);
        failures += next.checked;
        held = next.held;
        waits.push(Number(held.headers['retry-after']));
      }
      assert.deepEqual(waits, [1, 2, 4, 8, 16, 32, 3600], 'a doubling delay, then a lock of an hour');
      assert.equal(failures, 10);
      assert.match(alertOf(held), /Please wait 60 minutes/);

      const rightDuringLock = await attacker.post('/signin', { username, password: PASSWORD });
      assert.equal(rightDuringLock.statusCode, 429);
      assert.equal(rightDuringLock.body, held.body);
      assert.equal(rightDuringLock.headers['retry-after'], '3600');

      // Held attempts cost no password work: a flood during the lock hashes nothing.
      const work = api.rt.passwords;
      let hashed = 0;
      const { verify, hash } = work;
      work.verify = (...a) => {
        hashed += 1;
        return verify.apply(work, a);
      };
      work.hash = (...a) => {
        hashed += 1;
        return hash.apply(work, a);
      };
      try {
        const flood = await Promise.all(Array.from({ length: 30 }, (_, i) => attacker.post('/signin', { username, password: i % 2 ? PASSWORD : `guess ${i}` })));
        assert.ok(flood.every((r) => r.statusCode === 429 && r.body === held.body));
        assert.equal(hashed, 0);
      } finally {
        work.verify = verify;
        work.hash = hash;
      }

      const owner = await api.rt.db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      const mails = await api.rt.db.selectFrom('emails').selectAll().where('owner_id', '=', owner.id).where('kind', '=', 'signin_locked').execute();
      assert.equal(mails.length, 1, 'the owner is told once');
      assert.equal(mails[0]!.to_address, 'owner@example.com');
      assert.match(mails[0]!.text_body, /wrong password for your account @throttle-.* 10 times/);
      assert.match(mails[0]!.text_body, /203\.0\.113\.10/);
      assert.match(mails[0]!.text_body, /opens again by itself/);

      // The lock lifts by time.
      api.clock.advance(3600 * 1000);
      const after = await attacker.post('/signin', { username, password: PASSWORD });
      assert.equal(after.statusCode, 303, after.body);
    });

    it('a browser the owner signed in with before is not locked out by anyone else\'s wrong passwords', async () => {
      const username = await signedUpOwner(api);
      const owners = webSession(api, { address: '192.0.2.20' });
      assert.equal((await owners.post('/signin', { username, password: PASSWORD })).statusCode, 303);
      assert.match(owners.cookie(), /svc_device=/);
      assert.equal((await owners.submit('/signout', {})).statusCode, 303);

      const attacker = webSession(api, { address: '203.0.113.20' });
      let held = (await failUntilHeld(attacker, username)).held;
      while (Number(held.headers['retry-after']) < 600) {
        api.clock.advance(Number(held.headers['retry-after']) * 1000);
        held = (await failUntilHeld(attacker, username)).held;
      }
      const stranger = await webSession(api, { address: '192.0.2.21' }).post('/signin', { username, password: PASSWORD });
      assert.equal(stranger.statusCode, 429, 'a new browser waits for the lock');

      const back = await owners.post('/signin', { username, password: PASSWORD });
      assert.equal(back.statusCode, 303, back.body);
      assert.equal((await owners.get('/app/account')).statusCode, 200);
    });

    it('one address trying many accounts is slowed after ten wrong passwords; other addresses are not', async () => {
      const attacker = webSession(api, { address: '203.0.113.30' });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await attacker.post('/signin', { username: `nobody-${i}`, password: 'wrong guess here' })).statusCode);
      assert.deepEqual(statuses, [...Array(11).fill(422), 429]);
      const other = await webSession(api, { address: '203.0.113.31' }).post('/signin', { username: 'nobody-11', password: 'wrong guess here' });
      assert.equal(other.statusCode, 422);
    });

    it('a wrong current password on the account page counts too, and is answered with a wait once held', async () => {
      const username = await signedUpOwner(api, null);
      const owner = webSession(api, { address: '192.0.2.40' });
      assert.equal((await owner.post('/signin', { username, password: PASSWORD })).statusCode, 303);
      const codes: number[] = [];
      let last: LightMyRequestResponse | null = null;
      for (let i = 0; i < 5; i++) {
        last = await owner.submit('/app/account/password', { current: `not it ${i}`, password: 'purple otter drums loudly' });
        codes.push(last.statusCode);
      }
      assert.deepEqual(codes, [422, 422, 422, 422, 429]);
      assert.equal(last!.headers['retry-after'], '1');
      assert.match(last!.body, /Please wait 1 second/);
    });
  });
}
