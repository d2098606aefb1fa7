import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// Stripe's SDK is a devDependency used by this test only, as an independent verifier and signer of the
// same scheme; the service itself never imports it.
import Stripe from 'stripe';
import { SECRET_PREFIX, signatureHeader, signatureOf } from '../../src/webhooks/sign.js';
import {
  SIGNING_SECRET_PREFIX,
  SignatureError,
  verifySignature as sdkVerifySignature,
  verifyWebhook as sdkVerifyWebhook,
  type RawBody,
  type SignatureErrorReason,
} from '@calendar-access/sdk';

/** The SDK's verifier (the server's own tests use it, packages/sdk/src/webhooks.ts), called with named fields. */
interface VerifyOptions {
  payload: RawBody;
  header: string | undefined | null;
  secrets: string | readonly string[];
  toleranceSeconds?: number;
  now?: Date;
}
const verifySignature = (o: VerifyOptions) => sdkVerifySignature(o.payload, o.header, o.secrets, { tolerance: o.toleranceSeconds, now: o.now });
const verifyWebhook = (o: VerifyOptions) => sdkVerifyWebhook(o.payload, o.header, o.secrets, { tolerance: o.toleranceSeconds, now: o.now });

interface Vector {
  name: string;
  secrets: string[];
  t: number;
  body: string;
  bodyBytes?: number;
  header: string;
}

/** Computed once with openssl (see "about" in the file), never with our signer. */
const VECTORS = (
  JSON.parse(readFileSync(new URL('../fixtures/webhook-vectors.json', import.meta.url), 'utf8')) as { vectors: Vector[] }
).vectors;

const SECRET = 'svc_whsec_4eC39HqLyjWDarjtT1zdp7dcQ8mN2xKz';
const OTHER = 'svc_whsec_Zq7Rt0bLw9YhE3uJk5FvN1aXc8pD2sGm';
const T = 1773480413;
const BODY = '{"id":"0b7e7c5e-2f0e-4c1a-9a57-3c5d8f1e2a10","type":"ping","data":{"object":"ping"}}';
const at = (unixSeconds: number): Date => new Date(unixSeconds * 1000);

async function rejects(o: VerifyOptions, reason: SignatureErrorReason, message?: RegExp): Promise<SignatureError> {
  let caught: unknown;
  try {
    await verifySignature(o);
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof SignatureError, `expected a SignatureError (${reason}), got ${String(caught)}`);
  assert.equal(caught.reason, reason, caught.message);
  assert.equal(caught.name, 'SignatureError');
  if (message) assert.match(caught.message, message);
  // verifyWebhook makes the same checks.
  await assert.rejects(verifyWebhook(o), (e: unknown) => e instanceof SignatureError && e.reason === reason);
  return caught;
}

describe('webhook signature vectors (computed independently with openssl)', () => {
  it('are well formed, and the non-ASCII body has the byte length openssl signed', async () => {
    assert.ok(VECTORS.length >= 4);
    assert.ok(VECTORS.some((v) => v.secrets.length === 2), 'a rotated pair');
    const nonAscii = VECTORS.find((v) => /[^\x00-\x7f]/.test(v.body));
    assert.ok(nonAscii, 'a body with non-ASCII characters');
    assert.equal(Buffer.byteLength(nonAscii.body, 'utf8'), nonAscii.bodyBytes);
  });

  it('our signer reproduces every expected header', async () => {
    for (const v of VECTORS) assert.equal(signatureHeader(v.secrets, v.t, v.body), v.header, v.name);
  });

  it('verifyWebhook accepts each (string and Buffer payload) and returns the parsed event', async () => {
    for (const v of VECTORS) {
      const event = await verifyWebhook({ payload: v.body, header: v.header, secrets: v.secrets, now: at(v.t) });
      assert.deepEqual(event, JSON.parse(v.body), v.name);
      const fromBuffer = await verifyWebhook({ payload: Buffer.from(v.body, 'utf8'), header: v.header, secrets: v.secrets, now: at(v.t + 1) });
      assert.deepEqual(fromBuffer, JSON.parse(v.body), v.name);
      assert.equal(await verifySignature({ payload: v.body, header: v.header, secrets: v.secrets, now: at(v.t) }), undefined);
    }
  });

  it('a rotated header verifies with either secret alone, and with both', async () => {
    const rotated = VECTORS.find((v) => v.secrets.length === 2)!;
    const [oldSecret, newSecret] = rotated.secrets as [string, string];
    for (const secrets of [oldSecret, newSecret, [oldSecret], [newSecret], [newSecret, oldSecret]]) {
      await verifySignature({ payload: rotated.body, header: rotated.header, secrets, now: at(rotated.t) });
    }
    // A header signed by the new secret alone verifies when the receiver still holds both.
    const newOnly = signatureHeader([newSecret], rotated.t, rotated.body);
    await verifySignature({ payload: rotated.body, header: newOnly, secrets: [oldSecret, newSecret], now: at(rotated.t) });
    // But not with an unrelated secret.
    await rejects({ payload: rotated.body, header: rotated.header, secrets: 'svc_whsec_unrelated', now: at(rotated.t) }, 'mismatch');
  });

  it('the secret prefix is the signer\'s', async () => {
    assert.equal(SIGNING_SECRET_PREFIX, SECRET_PREFIX);
  });
});

describe('verifySignature', () => {
  const header = signatureHeader([SECRET], T, BODY);
  const base: VerifyOptions = { payload: BODY, header, secrets: SECRET, now: at(T) };

  it('accepts |now − t| up to exactly 300 s in both directions and refuses 301 s', async () => {
    await verifySignature({ ...base, now: at(T + 300) });
    await verifySignature({ ...base, now: at(T - 300) });
    await verifySignature({ ...base, now: new Date((T + 300) * 1000 + 999) }); // whole seconds, as Stripe counts
    const late = await rejects({ ...base, now: at(T + 301) }, 'timestamp_outside_tolerance', /301 s in the past, 1 s beyond the 300 s tolerance/);
    assert.match(late.message, /clock/);
    const early = await rejects({ ...base, now: at(T - 301) }, 'timestamp_outside_tolerance', /301 s in the future, 1 s beyond/);
    assert.match(early.message, /clock/);
  });

  it('takes another tolerance', async () => {
    await verifySignature({ ...base, now: at(T + 3600), toleranceSeconds: 3600 });
    await rejects({ ...base, now: at(T + 11), toleranceSeconds: 10 }, 'timestamp_outside_tolerance');
    await assert.rejects(verifySignature({ ...base, toleranceSeconds: -1 }), TypeError);
  });

  it('tolerates spaces around items and ignores unknown schemes', async () => {
    const sig = signatureOf(SECRET, T, BODY);
    for (const h of [
      ` t=${T} , v1=${sig} `,
      `t = ${T},v1 = ${sig}`,
      `t=${T},v0=${'0'.repeat(64)},v1=${sig},v2=whatever`,
      `v1=${'ab'.repeat(32)},t=${T},v1=${sig}`,
      `t=${T},v1=not-hex,v1=${sig.toUpperCase()}`,
      `t=${T},,v1=${sig},`,
    ]) {
      await verifySignature({ ...base, header: h });
    }
  });

  it('refuses a tampered body', async () => {
    await rejects({ ...base, payload: BODY.replace('ping', 'pong') }, 'mismatch', /re-serialized/);
    await rejects({ ...base, payload: `${BODY}\n` }, 'mismatch');
  });

  it('refuses a re-serialized body, naming the usual causes', async () => {
    const pretty = JSON.stringify(JSON.parse(BODY), null, 2);
    const e = await rejects({ ...base, payload: pretty }, 'mismatch');
    assert.match(e.message, /exact bytes/);
    assert.match(e.message, /wrong secret/);
    assert.match(e.message, /rotated/);
  });

  it('refuses a wrong secret', async () => {
    await rejects({ ...base, secrets: OTHER }, 'mismatch', /wrong secret/);
    await rejects({ ...base, secrets: `${SECRET}\n` }, 'mismatch', /whitespace/);
  });

  it('refuses a secret that is not a signing secret', async () => {
    await rejects({ ...base, secrets: 'whsec_abc' }, 'no_secret', /svc_whsec_…, shown when the endpoint was added/);
    await rejects({ ...base, secrets: 'svc_pat_abcdef' }, 'no_secret', /API token/);
    await rejects({ ...base, secrets: [SECRET, 'oops'] }, 'no_secret');
  });

  it('refuses an empty list of secrets or an empty secret', async () => {
    await rejects({ ...base, secrets: [] }, 'no_secret', /empty/);
    await rejects({ ...base, secrets: '' }, 'no_secret');
    await rejects({ ...base, secrets: undefined as unknown as string }, 'no_secret');
  });

  it('refuses a missing header', async () => {
    await rejects({ ...base, header: undefined }, 'no_header', /svc-signature/);
    await rejects({ ...base, header: null }, 'no_header');
    await rejects({ ...base, header: '  ' }, 'no_header');
  });

  it('refuses a malformed header, recognizing other schemes', async () => {
    const sig = signatureOf(SECRET, T, BODY);
    await rejects({ ...base, header: `v1=${sig}` }, 'malformed_header', /no t=/);
    await rejects({ ...base, header: `t=soon,v1=${sig}` }, 'malformed_header', /whole Unix seconds/);
    await rejects({ ...base, header: `t=${T},t=${T},v1=${sig}` }, 'malformed_header', /more than one t=/);
    await rejects({ ...base, header: 'garbage' }, 'malformed_header', /key=value/);
    await rejects({ ...base, header: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' }, 'malformed_header', /Standard Webhooks/);
    await rejects({ ...base, header: `sha256=${sig}` }, 'malformed_header', /GitHub/);
    await rejects({ ...base, header: '0b7e7c5e-2f0e-4c1a-9a57-3c5d8f1e2a10' }, 'malformed_header', /Svc-Event-Id/);
    await rejects({ ...base, header: `Svc-Signature: ${header}` }, 'malformed_header', /only the header value/);
  });

  it('refuses a header with only v0 (or no v1)', async () => {
    const v0 = createV0(SECRET, T, BODY);
    await rejects({ ...base, header: `t=${T},v0=${v0}` }, 'no_signature', /only v0=/);
    await rejects({ ...base, header: `t=${T}` }, 'no_signature');
  });

  it('refuses a parsed object payload with the raw-body advice', async () => {
    const parsed = JSON.parse(BODY) as unknown as string;
    await rejects({ ...base, payload: parsed }, 'parsed_body', /express\.raw\(\{type: 'application\/json'\}\)/);
    await rejects({ ...base, payload: undefined as unknown as string }, 'parsed_body', /raw request body/);
    await rejects({ ...base, payload: String(JSON.parse(BODY)) }, 'mismatch', /\[object Object\]/);
  });

  it('accepts a Uint8Array view into a larger buffer', async () => {
    const big = Buffer.from(`xx${BODY}yy`, 'utf8');
    await verifySignature({ ...base, payload: big.subarray(2, big.length - 2) });
  });
});

/** A v0-labelled value (what Stripe's test tools send alongside v1); any hex is enough here. */
function createV0(secret: string, t: number, body: string): string {
  return signatureOf(`${secret}-v0`, t, body);
}

describe('cross-check with the Stripe SDK (same scheme)', () => {
  const webhooks = Stripe.webhooks;

  it('headers we sign verify with Stripe\'s verifier, keyed by our whole secret text', async () => {
    for (const v of VECTORS) {
      const signed = signatureHeader(v.secrets, v.t, v.body);
      for (const secret of v.secrets) {
        // receivedAt (ms) pins Stripe's clock; tolerance 300 as ours.
        const event = webhooks.constructEvent(v.body, signed, secret, 300, undefined, v.t * 1000);
        assert.deepEqual(event, JSON.parse(v.body), v.name);
        assert.equal(webhooks.signature!.verifyHeader(Buffer.from(v.body, 'utf8'), signed, secret, 300, undefined, (v.t + 300) * 1000), true);
      }
      // And Stripe agrees on a tampered body.
      assert.throws(() => webhooks.constructEvent(`${v.body} `, signed, v.secrets[0]!, 300, undefined, v.t * 1000));
    }
  });

  it('Stripe\'s generateTestHeaderString output verifies with ours', async () => {
    for (const v of VECTORS) {
      for (const secret of v.secrets) {
        const stripeHeader = webhooks.generateTestHeaderString({ payload: v.body, secret, timestamp: v.t });
        assert.equal(stripeHeader, signatureHeader([secret], v.t, v.body), 'byte-identical header');
        assert.deepEqual(await verifyWebhook({ payload: v.body, header: stripeHeader, secrets: secret, now: at(v.t) }), JSON.parse(v.body));
        await rejects({ payload: v.body, header: stripeHeader, secrets: secret === SECRET ? OTHER : SECRET, now: at(v.t) }, 'mismatch');
      }
    }
    // A Stripe header with a v0 entry added still verifies with ours (v0 ignored).
    const h = webhooks.generateTestHeaderString({ payload: BODY, secret: SECRET, timestamp: T });
    await verifySignature({ payload: BODY, header: `${h},v0=${createV0(SECRET, T, BODY)}`, secrets: SECRET, now: at(T) });
  });
});
