import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ServiceError } from '../../src/domain/service-error.js';
import { PasswordWork } from '../../src/services/password-work.js';

describe('the password gate', () => {
  const work = new PasswordWork({ concurrency: 1, queue: 2 });
  after(() => work.close());

  it('runs at most its concurrency at once, queues a bounded number, and refuses the rest at once with a wait', async () => {
    const hash = await work.hash('purple otter drums loudly');
    const flood = Array.from({ length: 7 }, (_, i) => work.verify(hash, `wrong guess ${i}`));
    assert.deepEqual(work.load, { running: 1, waiting: 2 });
    const outcomes = await Promise.allSettled(flood);
    const checked = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    assert.equal(checked.length, 3, 'one running and two waiting were checked');
    assert.ok(checked.every((o) => o.value === false));
    assert.equal(refused.length, 4);
    for (const e of refused) {
      assert.ok(e instanceof ServiceError);
      assert.equal(e.kind, 'rate_limited');
      assert.equal(e.retryAfterSeconds, 1);
    }
    assert.deepEqual(work.load, { running: 0, waiting: 0 });
    assert.equal(await work.verify(hash, 'purple otter drums loudly'), true, 'once the flood has passed, checks run again');
  });

  it('estimates strength off the event loop: the loop turns while a slow estimate runs', async () => {
    // 40 characters of digits and symbols: zxcvbn spends hundreds of milliseconds on such a password.
    const slow = '4([1752@<6!0+z8{3|$%4([1752@<6!0+z8{3|$%';
    let settled = false;
    const estimate = work.checkStrength(slow, []).finally(() => (settled = true));
    await nextTurn();
    assert.equal(settled, false, 'the event loop turned before the estimate was done');
    await estimate;
  });

  it('refuses common passwords saying why, and takes hard ones', async () => {
    for (const [password, why] of [
      ['1234567890', /^This password is too easy to guess\. This is a frequently used password\./],
      ['password12', /^This password is too easy to guess\. This is a commonly used password\./],
      ['qwertyuiop', /^This password is too easy to guess\. This is a frequently used password\./],
      ['ada-lovelace-x1', /personal or page related data/],
    ] as const) {
      await assert.rejects(work.checkStrength(password, ['ada-lovelace', 'Ada Lovelace']), (e: unknown) => e instanceof ServiceError && e.kind === 'invalid' && e.field === 'password' && why.test(e.message), password);
    }
    await work.checkStrength('correct horse battery', ['ada-lovelace']);
    await work.checkStrength('mauve kettle orbits slowly', []);
  });
});
