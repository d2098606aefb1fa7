import { checkedSecrets, payloadBytes, type RawBody, type WebhookEventType } from './webhooks.js';

/**
 * Deliveries made up for a receiver's tests (stripe-node's `generateTestHeaderString`): the headers
 * the service sends with a body, signed the way it signs (`t=<unix seconds>,v1=<hex>`, each v1 the
 * HMAC-SHA256 of `<t>.<raw body>` under the whole secret), so the handler under test, and
 * `verifyWebhook`, take them as real. Web Crypto only, like the verifier.
 *
 * ```ts
 * const body = JSON.stringify(event);
 * const headers = await generateTestHeaders({ payload: body, secret: 'svc_whsec_test' });
 * const res = await fetch('http://localhost:4000/webhooks/calendar', { method: 'POST', headers, body });
 * ```
 */

export interface TestSignatureOptions {
  /** The exact body to send (a string or bytes): what is signed is what the handler must receive. */
  payload: RawBody;
  /** The endpoint's signing secret (`svc_whsec_…`), or two as in the 24 hours after a rotation (one v1 each). */
  secret: string | readonly string[];
  /** When it was signed: Unix seconds or a Date. Default now; an old one tests the receiver's tolerance. */
  timestamp?: number | Date;
}

export interface TestHeadersOptions extends TestSignatureOptions {
  /** `Svc-Delivery-Attempt`: 1 for the first delivery, more for a retry. Default 1. */
  attempt?: number;
}

/** The headers of a delivery, as the service names them. */
export interface WebhookHeaders {
  'Content-Type': 'application/json';
  'User-Agent': string;
  'Svc-Event-Id': string;
  'Svc-Event-Type': WebhookEventType;
  'Svc-Delivery-Attempt': string;
  'Svc-Signature': string;
  [name: string]: string;
}

/** The service's User-Agent on deliveries. */
export const WEBHOOK_USER_AGENT = 'Svc-Webhooks/1.0';

const ENCODER = new TextEncoder();

/**
 * The `Svc-Signature` value the service would send with `payload` at `timestamp`.
 *
 * ```ts
 * const header = await generateTestHeaderString({ payload: body, secret, timestamp: 1774850400 });
 * await verifyWebhook(body, header, secret, { now: new Date(1774850400 * 1000) });
 * ```
 */
export async function generateTestHeaderString(o: TestSignatureOptions): Promise<string> {
  const secrets = checkedSecrets(o.secret);
  const bytes = payloadBytes(o.payload);
  const t = unixSeconds(o.timestamp ?? new Date());
  const prefix = ENCODER.encode(`${t}.`);
  const signed = new Uint8Array(new ArrayBuffer(prefix.length + bytes.length));
  signed.set(prefix, 0);
  signed.set(bytes, prefix.length);
  const v1: string[] = [];
  for (const secret of secrets) {
    const key = await crypto.subtle.importKey('raw', ENCODER.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    v1.push(`v1=${toHex(new Uint8Array(await crypto.subtle.sign('HMAC', key, signed)))}`);
  }
  return [`t=${t}`, ...v1].join(',');
}

/**
 * Every header the service sends with a delivery of `payload` (an event: its `id` and `type` name
 * the Svc-Event-* headers), signed at `timestamp`.
 *
 * ```ts
 * const headers = await generateTestHeaders({ payload: JSON.stringify(event), secret: process.env.SVC_WEBHOOK_SECRET!, attempt: 2 });
 * ```
 */
export async function generateTestHeaders(o: TestHeadersOptions): Promise<WebhookHeaders> {
  const attempt = o.attempt ?? 1;
  if (!Number.isInteger(attempt) || attempt < 1) throw new TypeError(`attempt must be a whole number >= 1, got ${String(attempt)}`);
  const { id, type } = eventOf(payloadBytes(o.payload));
  return {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'Svc-Event-Id': id,
    'Svc-Event-Type': type,
    'Svc-Delivery-Attempt': String(attempt),
    'Svc-Signature': await generateTestHeaderString(o),
  };
}

function eventOf(bytes: Uint8Array): { id: string; type: WebhookEventType } {
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    event = undefined;
  }
  const e = event as { id?: unknown; type?: unknown } | undefined;
  if (typeof e?.id !== 'string' || typeof e.type !== 'string') {
    throw new TypeError('the payload is not an event with a string id and type (its Svc-Event-Id and Svc-Event-Type): to sign any other body, use generateTestHeaderString');
  }
  return { id: e.id, type: e.type as WebhookEventType };
}

function unixSeconds(at: number | Date): number {
  const t = at instanceof Date ? Math.floor(at.getTime() / 1000) : at;
  if (!Number.isInteger(t) || t < 0) throw new TypeError(`timestamp must be whole Unix seconds or a valid Date, got ${String(at)}`);
  // 10^11 seconds is the year 5138: such a number is milliseconds (Date.now()), which no receiver would accept.
  if (t >= 1e11) throw new TypeError(`timestamp ${t} looks like milliseconds: give Unix seconds (Math.floor(Date.now() / 1000)) or a Date`);
  return t;
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}
