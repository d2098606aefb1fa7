import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import { clientKey } from '../../src/limits/client-address.js';
import { bookingPostLimits } from '../../src/limits/policy.js';

describe('clientKey', () => {
  it('names an IPv4 client by its address, an IPv4-mapped one by its IPv4 address, and an IPv6 one by its /64', () => {
    assert.equal(clientKey('198.51.100.7'), '198.51.100.7');
    assert.equal(clientKey('::ffff:198.51.100.7'), '198.51.100.7');
    assert.equal(clientKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:0db8:0001:0002:ffff::1'), '2001:db8:1:2::/64', 'however the address is written');
    assert.notEqual(clientKey('2001:db8:1:3::1'), clientKey('2001:db8:1:2::1'), 'the next /64 is another client');
    assert.equal(clientKey('fe80::1%eth0'), 'fe80::/64');
    assert.equal(clientKey('not an address'), 'not an address');
  });
});

describe('bookingPostLimits', () => {
  it('limits a booking post per client across owners, then per owner, an hour each, as configured', () => {
    const limits = bookingPostLimits('2001:db8:1:2::9', 'owner-1', { perAddress: 10, perOwner: 60 });
    assert.deepEqual(limits.map((l) => [l.key, l.max, l.windowMs]), [
      ['booking-address:2001:db8:1:2::/64', 10, 3_600_000],
      ['booking-owner:owner-1', 60, 3_600_000],
    ]);
  });
});

describe('the booking posts\u2019 budget in the configuration', () => {
  it('is 10 an hour per address and 60 per owner by default, set by two variables, and never 0', () => {
    assert.deepEqual(loadConfig({}).bookingPosts, { perAddress: 10, perOwner: 60 });
    assert.deepEqual(loadConfig({ BOOKING_POSTS_PER_HOUR_PER_ADDRESS: '3', BOOKING_POSTS_PER_HOUR_PER_OWNER: '500' }).bookingPosts, { perAddress: 3, perOwner: 500 });
    assert.throws(() => loadConfig({ BOOKING_POSTS_PER_HOUR_PER_ADDRESS: '0' }), /BOOKING_POSTS_PER_HOUR_PER_ADDRESS must be at least 1/);
    assert.throws(() => loadConfig({ BOOKING_POSTS_PER_HOUR_PER_OWNER: 'lots' }), /BOOKING_POSTS_PER_HOUR_PER_OWNER must be a whole number/);
  });
});
