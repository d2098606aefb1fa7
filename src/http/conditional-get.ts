import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Clock } from '../domain/clock.js';
import { isPromise, type MaybePromise } from '../domain/maybe-promise.js';
import { limitsFor, refundCall, type LimitVerdict, type RateClass } from '../limits/policy.js';
import type { RateLimitStore } from '../limits/store.js';

/**
 * Conditional GET (RFC 9110 §8.8.3, §13.1.2; docs/conditional-get.md): every 200 of a GET carries a
 * strong ETag, the hash of its exact body, and a call whose If-None-Match names it is answered
 * 304 Not Modified with no body, given back to the token's own limit.
 *
 * The tag is the body's, not a tag of version counters: it changes exactly when the bytes do,
 * whatever moved them (a write, the clock passing a minimum notice or a deleted marker's 30 days,
 * the hour of a cursor's expiry, the token's own fields such as createdByThisToken or the
 * requester's email under requests:contact), so two answers with one tag are the same bytes, and
 * a route added tomorrow is right without knowing any of it. It comes from what invalidates a kept
 * page: a page kept in memory answers every call with the same Buffer (page-bytes.ts pageBody), and
 * its tag is hashed once for the life of that Buffer (a 45 KB page: 30 µs once, then a WeakMap
 * look-up); a new Buffer comes only once the owner's counter or the clock dropped the page.
 */

/** The tags of bodies sent as they are (JsonBytes of a kept page), for as long as the body lives. */
const tagsOfBuffers = new WeakMap<Buffer, string>();
/**
 * The tags of bodies sent as strings, by the string: GET /me answers one kept string per token, and
 * a fresh string equal to a known one is found by its contents. Small ones only, at most
 * STRINGS_KEPT, then forgotten together (the house's way with memo tables).
 */
const tagsOfStrings = new Map<string, string>();
const STRINGS_KEPT = 1000;
const STRING_KEPT_MAX_LENGTH = 4096;

/** `"` + 22 base64url characters (132 bits of SHA-256) + `"`: a strong entity-tag. */
function tagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The ETag of a body, hashed once per kept body. */
export function etagOf(body: Buffer | string): string {
  if (typeof body === 'string') {
    let tag = tagsOfStrings.get(body);
    if (tag === undefined) {
      tag = tagOf(body);
      if (body.length <= STRING_KEPT_MAX_LENGTH) {
        if (tagsOfStrings.size >= STRINGS_KEPT) tagsOfStrings.clear();
        tagsOfStrings.set(body, tag);
      }
    }
    return tag;
  }
  let tag = tagsOfBuffers.get(body);
  if (tag === undefined) tagsOfBuffers.set(body, (tag = tagOf(body)));
  return tag;
}

/**
 * True when the If-None-Match header `asked` names `tag` (RFC 9110 §13.1.2): `*`, or a list of
 * entity-tags compared weakly (`W/"x"` matches `"x"`). A list may come as several header lines
 * (Node joins them with `, `). What is not an entity-tag matches nothing, so a malformed header
 * gets the full answer.
 */
export function noneMatchNames(asked: string, tag: string): boolean {
  const n = asked.length;
  let i = 0;
  while (i < n) {
    const c = asked.charCodeAt(i);
    // Separators and white space between the members of the list.
    if (c === 44 || c === 32 || c === 9) {
      i++;
      continue;
    }
    let start = i;
    if (c === 87 && asked.charCodeAt(i + 1) === 47) start = i += 2; // `W/`: compared weakly, as strong
    const q = asked.charCodeAt(i);
    if (q === 34) {
      const end = asked.indexOf('"', i + 1);
      if (end === -1) return false;
      if (end + 1 - start === tag.length && asked.startsWith(tag, start)) return true;
      i = end + 1;
      continue;
    }
    // `*`, or something that is no entity-tag: skipped to the next member.
    let next = asked.indexOf(',', i);
    if (next === -1) next = n;
    if (q === 42 && asked.slice(i + 1, next).trim() === '') return true;
    i = next;
  }
  return false;
}

/** The instance's rate-limit store and clock (deps.ts), read per call: the OpenAPI document registers the routes without any. */
export interface ConditionalGetDeps {
  limits: RateLimitStore;
  clock: Clock;
}

/**
 * The onSend hook of one GET route: the ETag of its 200, and the 304 when If-None-Match names it.
 * Only a 200 is tagged: an error never carries an ETag. The 304 keeps the headers of the 200 it
 * stands for (ETag, Cache-Control, Svc-Request-Id) and drops its Content-Type and body; its
 * RateLimit-* headers say the counts after the call was given back to the token's own limit of
 * `rateClass` (it still counts against the owner's 3,000 a minute).
 */
export function conditionalGet(rateClass: RateClass, services: ConditionalGetDeps): onSendHookHandler {
  return function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) {
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const tag = etagOf(payload);
    reply.header('etag', tag);
    const asked = request.headers['if-none-match'];
    if (asked === undefined || !noneMatchNames(asked, tag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    // HEAD's own hook runs after this one and writes the 200's Content-Length (RFC 9110 §8.6 allows
    // it on a 304): it is given the body to measure; a GET sends none.
    const body = request.method === 'HEAD' ? payload : null;
    const principal = request.principal;
    if (!principal) return done(null, body);
    let verdict: MaybePromise<LimitVerdict>;
    try {
      verdict = refundCall(services.limits, limitsFor(rateClass, principal.tokenId, principal.ownerId), services.clock.now().getTime());
    } catch (e) {
      return done(e as Error);
    }
    const answer = (v: LimitVerdict) => {
      reply.headers(v.headers);
      done(null, body);
    };
    if (isPromise(verdict)) verdict.then(answer, (e: unknown) => done(e as Error));
    else answer(verdict);
  };
}

/** The request header every GET takes, as the OpenAPI document's parameter. */
export const IF_NONE_MATCH_PARAMETER = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    'The ETag of the answer you hold (a list of them, or `*`; `W/` is taken): while the answer is still those bytes, the call is answered ' +
    '304 Not Modified with no body, and given back to the token\'s limit of its class (it still counts among the owner\'s 3,000 a minute). docs/conditional-get.md.',
  schema: { type: 'string' },
  example: '"3kq9Vd1sX0aB3cD4eF5gHw"',
} as const;

/** The 304 of every GET in the OpenAPI document (its headers are added with every answer's). */
export const NOT_MODIFIED_RESPONSE = {
  description: 'Not Modified: If-None-Match named the ETag of the answer, which has not changed. No body; the ETag, and the RateLimit-* after the call was given back to the token.',
} as const;
