import { isScope, SCOPES, type Scope } from './scopes.js';

/**
 * What an OAuth app may ask for and what the owner approves (docs/oauth.md): the `scope` parameter
 * (RFC 6749 §3.3, space-delimited) and the plain words the consent page shows for each scope; the
 * redirect URIs are redirect-uris.ts.
 */

export const SCOPE_WORDS: Record<Scope, string> = {
  'profile:read': 'See your name, username and time zone',
  'availability:read': 'See your appointment types and free times (never why a time is busy)',
  'events:read': 'See your calendar events and appointments (never their notes or participants)',
  'tasks:read': 'See your to-dos',
  'requests:read': 'See the requests people send you',
  'requests:contact': 'See the email and phone of people who send you requests',
  'requests:create': 'Send you appointment and to-do requests, which you accept or decline',
  webhooks: 'Be told when your requests, to-dos or events change',
};

export type ScopeAnswer = { ok: true; scopes: Scope[] } | { ok: false; description: string };

/**
 * The scopes of a `scope` parameter, checked against the app's: missing or empty means all the
 * app's scopes (RFC 6749 §3.3 lets the server pick a default). Answers them in the spec's order.
 */
export function requestedScopes(param: string | undefined, allowed: readonly string[]): ScopeAnswer {
  if (param === undefined || param.trim() === '') {
    const all = SCOPES.filter((s) => allowed.includes(s));
    return all.length > 0 ? { ok: true, scopes: all } : { ok: false, description: 'The app may ask for no scope.' };
  }
  if (!/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/.test(param)) return { ok: false, description: 'scope is a list of scope names separated by single spaces.' };
  const names = param.split(' ');
  const unknown = names.filter((n) => !isScope(n));
  if (unknown.length > 0) return { ok: false, description: `Unknown scope ${unknown[0]}.` };
  const outside = names.filter((n) => !allowed.includes(n));
  if (outside.length > 0) return { ok: false, description: `The app may not ask for ${outside[0]}.` };
  return { ok: true, scopes: SCOPES.filter((s) => names.includes(s)) };
}

/** What the owner approved: the requested scopes left ticked (anything else posted is ignored). */
export function approvedScopes(requested: readonly Scope[], ticked: readonly string[]): Scope[] {
  return requested.filter((s) => ticked.includes(s));
}

/** The scope string of a token answer (RFC 6749 §5.1). */
export const scopeString = (scopes: readonly string[]): string => scopes.join(' ');
