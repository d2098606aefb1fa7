import { randomBytes, randomUUID } from 'node:crypto';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random characters from an alphabet (rejection sampling, no modulo bias). */
export function randomChars(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newId = (): string => randomUUID();
export const newAccountId = (): string => `acct_${randomChars(URL_SAFE, 22)}`;
export const newRequestId = (): string => `req_${randomChars(URL_SAFE, 22)}`;
export const randomBase62 = (length: number): string => randomChars(BASE62, length);

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Path ids are compared in lowercase, the form the API returns. */
export function asUuid(text: string): string | null {
  const lower = text.toLowerCase();
  return UUID_RE.test(lower) ? lower : null;
}
