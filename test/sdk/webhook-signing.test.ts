import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateTestHeaders, generateTestHeaderString, SignatureError, verifyWebhook, type WebhookEvent } from '@calendar-access/sdk';
import { newSigningSecret, signatureHeader } from '../../src/webhooks/sign.js';

/**
 * The signing helper for receivers' tests signs as the service signs (src/webhooks/sign.ts, the code
 * deliveries use), and what it signs the SDK's verifier accepts. test/sdk/client.test.ts compares its
 * headers with those of a real delivery.
 */
const T = 1_774_850_400; // 2026-03-30T06:00:00Z
const event: WebhookEvent = {
  id: 'c4b1d6a0-3f7e-4a59-9d2b-8e6f0a1b2c3d',
  type: 'request.withdrawn',
  apiVersion: 'v1',
  occurredAt: '2026-03-30T06:00:00Z',
  account: 'acct_AbCdEfGhIjKlMnOpQrStUv',
  test: false,
  data: { object: 'request', id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' },
};
const body = JSON.stringify(event);

describe('the webhook signing helper for receivers’ tests', () => {
  it('gives the Svc-Signature the service’s own signing code gives, byte for byte, with one v1 per secret', async () => {
    const secret = newSigningSecret();
    const previous = newSigningSecret();
    assert.equal(await generateTestHeaderString({ payload: body, secret, timestamp: T }), signatureHeader([secret], T, body));
    assert.equal(await generateTestHeaderString({ payload: body, secret: [secret, previous], timestamp: T }), signatureHeader([secret, previous], T, body));
    const unicode = JSON.stringify({ ...event, note: 'Zoë 🗓️ — “quoted”' });
    assert.equal(await generateTestHeaderString({ payload: new TextEncoder().encode(unicode), secret, timestamp: new Date(T * 1000) }), signatureHeader([secret], T, unicode), 'bytes and a Date');
  });

  it('gives every header of a delivery, which the SDK’s verifier accepts', async () => {
    const secret = newSigningSecret();
    const headers = await generateTestHeaders({ payload: body, secret, timestamp: T, attempt: 3 });
    assert.deepEqual(headers, {
      'Content-Type': 'application/json',
      'User-Agent': 'Svc-Webhooks/1.0',
      'Svc-Event-Id': event.id,
      'Svc-Event-Type': 'request.withdrawn',
      'Svc-Delivery-Attempt': '3',
      'Svc-Signature': signatureHeader([secret], T, body),
    });
    const verified = await verifyWebhook(body, headers['Svc-Signature'], secret, { now: new Date(T * 1000 + 299_000) });
    assert.deepEqual(verified, event);
    // Now is the default timestamp: the verifier's default clock takes it.
    const fresh = await generateTestHeaders({ payload: body, secret });
    assert.equal((await verifyWebhook(body, fresh['Svc-Signature'], secret)).id, event.id);
  });

  it('makes deliveries a receiver must refuse: too old, signed with another secret, or altered', async () => {
    const secret = newSigningSecret();
    const old = await generateTestHeaderString({ payload: body, secret, timestamp: T - 301 });
    await assert.rejects(verifyWebhook(body, old, secret, { now: new Date(T * 1000) }), (e) => e instanceof SignatureError && e.reason === 'timestamp_outside_tolerance');
    const other = await generateTestHeaderString({ payload: body, secret: newSigningSecret(), timestamp: T });
    await assert.rejects(verifyWebhook(body, other, secret, { now: new Date(T * 1000) }), (e) => e instanceof SignatureError && e.reason === 'mismatch');
    const signed = await generateTestHeaderString({ payload: body, secret, timestamp: T });
    await assert.rejects(verifyWebhook(JSON.stringify(JSON.parse(body), null, 2), signed, secret, { now: new Date(T * 1000) }), (e) => e instanceof SignatureError && e.reason === 'mismatch');
  });

  it('refuses what would sign nothing a receiver could check, saying why', async () => {
    const secret = newSigningSecret();
    await assert.rejects(generateTestHeaderString({ payload: body, secret: 'whsec_stripe', timestamp: T }), (e) => e instanceof SignatureError && e.reason === 'no_secret' && /Stripe/.test(e.message));
    await assert.rejects(generateTestHeaderString({ payload: body, secret, timestamp: Date.now() }), /looks like milliseconds/);
    await assert.rejects(generateTestHeaderString({ payload: body, secret, timestamp: -1 }), /whole Unix seconds/);
    await assert.rejects(generateTestHeaders({ payload: '{"hello":"world"}', secret, timestamp: T }), /not an event with a string id and type.*generateTestHeaderString/);
    await assert.rejects(generateTestHeaders({ payload: body, secret, attempt: 0 }), /attempt must be a whole number >= 1/);
    // Any body can still be signed for a handler's own refusal paths.
    assert.equal(await generateTestHeaderString({ payload: 'not json', secret, timestamp: T }), signatureHeader([secret], T, 'not json'));
  });
});
