import type { components } from './api-types.js';

/**
 * Checks a delivery's `Svc-Signature` header (spec "Signature check (receiver side)") and returns the
 * typed event. Web Crypto only (no node:crypto), so it runs on Node 20+, Deno, Bun, Workers and edge
 * runtimes. The server's own tests and the `listen` command use this same verifier.
 *
 * Scheme (the same as Stripe's `whsec_` signatures): `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, each
 * `v1` the HMAC-SHA256, hex, of `<t>.<raw body>` keyed by the whole secret text `svc_whsec_…`.
 */

/** Every signing secret starts so. */
export const SIGNING_SECRET_PREFIX = 'svc_whsec_';
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Every reason a SignatureError gives. */
export const SIGNATURE_ERROR_REASONS = ['no_header', 'malformed_header', 'no_signature', 'timestamp_outside_tolerance', 'mismatch', 'parsed_body', 'no_secret'] as const;

/** A delivered event, told apart by `type`: `switch (event.type)` narrows `event.data`. */
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookEventType = WebhookEvent['type'];

/** The raw request body: the exact bytes received (a Node Buffer is a Uint8Array), or their text. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export interface VerifyOptions {
  /** Largest allowed |now − t|, in seconds, in both directions. Default 300. */
  tolerance?: number;
  /** The receiver's clock; default the current time. */
  now?: Date;
}

export type SignatureErrorReason = (typeof SIGNATURE_ERROR_REASONS)[number];

/** Why a delivery was not verified; `message` says what to check. */
export class SignatureError extends Error {
  override readonly name = 'SignatureError';
  constructor(
    readonly reason: SignatureErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The event of a delivery whose signature verifies; throws SignatureError otherwise.
 *
 * ```ts
 * const event = await verifyWebhook(rawBody, req.headers['svc-signature'], process.env.SVC_WEBHOOK_SECRET!);
 * if (event.type === 'request.created') console.log(event.data.id);
 * ```
 * @param rawBody the exact bytes received, not a parsed body
 * @param header the `Svc-Signature` header's value
 * @param secrets the endpoint's signing secret, or both during the 24 hours after a rotation
 */
export async function verifyWebhook(rawBody: RawBody, header: string | string[] | undefined | null, secrets: string | readonly string[], options: VerifyOptions = {}): Promise<WebhookEvent> {
  await verifySignature(rawBody, header, secrets, options);
  return JSON.parse(new TextDecoder().decode(payloadBytes(rawBody))) as WebhookEvent;
}

/** The same checks as verifyWebhook, without parsing; rejects with SignatureError when they fail. */
export async function verifySignature(rawBody: RawBody, header: string | string[] | undefined | null, secrets: string | readonly string[], options: VerifyOptions = {}): Promise<void> {
  const bytes = payloadBytes(rawBody);
  const keys = checkedSecrets(secrets);
  const { t, v1, otherSchemes } = parseHeader(header);
  if (v1.length === 0) throw noSignature(otherSchemes);

  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || !(tolerance >= 0)) {
    throw new TypeError(`tolerance must be a number of seconds >= 0, got ${String(tolerance)}`);
  }
  const nowMs = (options.now ?? new Date()).getTime();
  if (!Number.isFinite(nowMs)) throw new TypeError('now must be a valid Date');

  // Every (secret, v1) pair is checked, with no early exit; Web Crypto's verify compares in constant time.
  const signed = concat(ENCODER.encode(`${t}.`), bytes);
  let matched = false;
  for (const secret of keys) {
    const key = await crypto.subtle.importKey('raw', ENCODER.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    for (const candidate of v1) {
      const ok = await crypto.subtle.verify('HMAC', key, candidate ?? DUMMY, signed);
      matched = (ok && candidate !== null) || matched;
    }
  }
  if (!matched) throw mismatch(bytes, rawBody, keys, v1.length);

  // Checked after the signature, so that this error speaks of an authentic delivery (clock or delay).
  const age = Math.floor(nowMs / 1000) - t;
  if (Math.abs(age) > tolerance) throw outsideTolerance(t, age, tolerance);
}

const ENCODER = new TextEncoder();
const DUMMY = new Uint8Array(new ArrayBuffer(32));
const HEX64 = /^[0-9a-fA-F]{64}$/;

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(a.length + b.length));
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** The bytes of a raw body; a parsed body is refused with the explanation of how to get the raw one. */
export function payloadBytes(payload: unknown): Uint8Array {
  if (typeof payload === 'string') return ENCODER.encode(payload);
  if (payload instanceof Uint8Array) return payload;
  if (payload instanceof ArrayBuffer) return new Uint8Array(payload);
  const what =
    payload === undefined || payload === null
      ? `no payload (${String(payload)}) was given: the raw body was not captured`
      : `the payload is ${Array.isArray(payload) ? 'an array' : `a ${typeof payload}`}, which looks like a parsed body`;
  throw new SignatureError(
    'parsed_body',
    `${what}. Verify the raw request body (the exact bytes received), not a parsed object: ` +
      `with Express use express.raw({type: 'application/json'}) on the webhook route (before any express.json()) ` +
      `and pass req.body (a Buffer); with Fastify add a content-type parser with {parseAs: 'buffer'}; ` +
      `with a Fetch API Request (Next.js, Hono, Deno, Bun) pass await request.text(); ` +
      `with node:http collect the request chunks and pass Buffer.concat(chunks). ` +
      `JSON.stringify of a parsed body does not give back the signed bytes.`,
  );
}

/** The secrets given, checked as the verifier checks them (also the test signer's). */
export function checkedSecrets(input: unknown): string[] {
  const list: unknown[] = Array.isArray(input) ? input : input === undefined || input === null ? [] : [input];
  const secrets = list.filter((s) => !(typeof s === 'string' && s.trim() === ''));
  if (secrets.length === 0) {
    throw new SignatureError(
      'no_secret',
      `No signing secret was given${Array.isArray(input) ? ' (the list of secrets is empty)' : ''}. ` +
        `Use the endpoint's signing secret, ${SIGNING_SECRET_PREFIX}…, shown once when the endpoint was added ` +
        `(is the environment variable holding it set?).`,
    );
  }
  for (const s of secrets) {
    if (typeof s !== 'string') {
      throw new SignatureError('no_secret', `A signing secret must be a string, got ${typeof s}.`);
    }
    if (!s.startsWith(SIGNING_SECRET_PREFIX)) {
      const kind = /^svc_(pat|test|at|rt)_/.test(s)
        ? ' It looks like an API token, not a signing secret.'
        : s.startsWith('whsec_')
          ? " It looks like a Stripe secret (whsec_…), not this service's."
          : s.trimStart().startsWith(SIGNING_SECRET_PREFIX)
            ? ' It starts with whitespace: trim it.'
            : '';
      throw new SignatureError(
        'no_secret',
        `A secret given does not start with ${SIGNING_SECRET_PREFIX}.${kind} Use the endpoint's signing secret, ` +
          `${SIGNING_SECRET_PREFIX}…, shown when the endpoint was added (Settings → Developer), the whole text ` +
          `including the prefix.`,
      );
    }
  }
  return secrets as string[];
}

interface ParsedHeader {
  t: number;
  /** The v1 values as 32-byte buffers; null for a v1 value that is not 64 hex digits. */
  v1: (Uint8Array<ArrayBuffer> | null)[];
  otherSchemes: string[];
}

function parseHeader(header: unknown): ParsedHeader {
  if (header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) {
    throw new SignatureError(
      'no_header',
      'The request has no Svc-Signature header. Pass its value, req.headers[\'svc-signature\'] ' +
        '(Node lower-cases header names); if a proxy sits in front, check that it forwards the Svc-* headers.',
    );
  }
  if (typeof header !== 'string') {
    throw malformed(
      `the header value is ${Array.isArray(header) ? 'an array (the header was sent more than once?)' : `a ${typeof header}`}, not a string`,
      '',
    );
  }
  let t: number | null = null;
  let tCount = 0;
  const v1: (Uint8Array<ArrayBuffer> | null)[] = [];
  const otherSchemes: string[] = [];
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq <= 0) throw malformed(`the item "${clip(item)}" is not key=value`, header);
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't') {
      tCount++;
      if (!/^\d{1,15}$/.test(value)) throw malformed(`t must be whole Unix seconds, got "${clip(value)}"`, header);
      t = Number(value);
    } else if (key === 'v1') {
      v1.push(HEX64.test(value) ? fromHex(value) : null);
    } else {
      otherSchemes.push(key);
    }
  }
  if (tCount > 1) throw malformed('it has more than one t=', header);
  if (t === null) throw malformed('it has no t=<unix seconds>', header);
  return { t, v1, otherSchemes };
}

function malformed(problem: string, header: string): SignatureError {
  return new SignatureError(
    'malformed_header',
    `The Svc-Signature header is malformed: ${problem}. It should read t=<unix seconds>,v1=<64 hex digits>` +
      `[,v1=<64 hex digits>].${foreignSchemeHint(header)}`,
  );
}

/** Explains the usual case of a header from another scheme or another header altogether. */
function foreignSchemeHint(header: string): string {
  const h = header.trim();
  if (/^svc-signature\s*:/i.test(h)) return ' Pass only the header value, without "Svc-Signature:".';
  if (/^v\d+,[A-Za-z0-9+/]+=*(\s|$)/.test(h)) {
    return ' This looks like a Standard Webhooks / Svix signature (v1,<base64>), a different scheme: ' +
      'are you reading another provider\'s header (webhook-signature / svix-signature)?';
  }
  if (/^sha(1|256)=/i.test(h)) {
    return ' This looks like a GitHub-style signature (sha256=<hex>, X-Hub-Signature-256), a different scheme.';
  }
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(h)) {
    return ' This is a uuid: you may be passing Svc-Event-Id instead of Svc-Signature.';
  }
  if (/^[0-9a-f]{64}$/i.test(h)) return ' This is a bare hex digest; the header also carries t= and the v1= label.';
  return '';
}

function noSignature(otherSchemes: string[]): SignatureError {
  const found = otherSchemes.length > 0 ? ` It has only ${[...new Set(otherSchemes)].map((k) => `${k}=`).join(', ')}.` : '';
  return new SignatureError(
    'no_signature',
    `The Svc-Signature header carries no v1= signature.${found} This verifier knows the v1 scheme only ` +
      '(HMAC-SHA256 of "<t>.<raw body>"); other schemes, such as v0 from test tools, are ignored. ' +
      'Is the header from another sender or scheme?',
  );
}

function mismatch(bytes: Uint8Array, payload: unknown, secrets: string[], v1Count: number): SignatureError {
  const hints: string[] = [];
  if (bytes.length === 0) hints.push('The payload is empty: the body was not captured (or was consumed by a parser).');
  const text = typeof payload === 'string' ? payload : '';
  if (text.startsWith('[object ')) hints.push('The payload is "[object Object]": an object was turned into a string; pass the raw body.');
  if (secrets.some((s) => /\s/.test(s))) hints.push('A secret contains whitespace (a trailing newline from a file or env?): trim it.');
  return new SignatureError(
    'mismatch',
    `No v1 signature in Svc-Signature matches the payload (${v1Count} v1 value(s) checked against ` +
      `${secrets.length} secret(s)). ${hints.join(' ')}${hints.length ? ' ' : ''}Usual causes: ` +
      '(1) the body was parsed and re-serialized (JSON.stringify changes spacing, key order and escapes) ' +
      'or altered by middleware: verify the exact bytes received; ' +
      '(2) a wrong secret: each endpoint has its own svc_whsec_…, and test and live endpoints differ; ' +
      '(3) the secret was rotated: the new secret signs at once and the old one only for 24 hours, ' +
      'so pass both during the change, then the new one.',
  );
}

function outsideTolerance(t: number, age: number, tolerance: number): SignatureError {
  const off = Math.abs(age);
  const where = age > 0 ? `${off} s in the past` : `${off} s in the future`;
  const advice =
    age > 0
      ? "Check this machine's clock (NTP); if deliveries are queued before they are checked, verify on receipt. " +
        'A delivery this old may be a replay: fetch missed events with GET /webhook-events?since=… instead.'
      : "This machine's clock is probably behind: check it (NTP).";
  return new SignatureError(
    'timestamp_outside_tolerance',
    `The signature timestamp t=${t} is ${where}, ${off - tolerance} s beyond the ${tolerance} s tolerance. ${advice}`,
  );
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
