import { createHmac } from 'node:crypto';
import { randomBase62 } from '../domain/ids.js';

/** Signing of deliveries (spec "Delivery request", Stripe's scheme): `t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
export const SECRET_PREFIX = 'svc_whsec_';

export const newSigningSecret = (): string => `${SECRET_PREFIX}${randomBase62(32)}`;

/** HMAC-SHA256, hex, of `<t>.<raw body>` under the whole secret text. */
export function signatureOf(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
}

/** The Svc-Signature header: one `v1` per live secret (two for 24 hours after a rotation). */
export function signatureHeader(secrets: readonly string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${signatureOf(s, t, body)}`)].join(',');
}
