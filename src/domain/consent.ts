import { isScope, SCOPES, type Scope } from './scopes.js';

/**
 * What an OAuth app may ask for and what the owner approves (docs/oauth.md): the `scope` parameter
 * (RFC 6749 §3.3, space-delimited), registered redirect URIs matched exactly, and the plain words
 * the consent page shows for each scope.
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

/** Exact string match, as OAuth 2.1 and the security BCP require (no prefix, no normalisation). */
export function redirectRegistered(registered: readonly string[], given: string): boolean {
  return registered.includes(given);
}

const MAX_URL = 2048;

/**
 * A redirect URI an app may register (RFC 8252, OAuth 2.1 §2.3.1): absolute, no fragment, no
 * credentials; https, or http only for a loopback address (a native app's local listener), or a
 * private-use scheme with a dot (`com.example.app:/callback`). Null when fine, else why not.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length === 0 || uri.length > MAX_URL) return `a redirect URI has 1 to ${MAX_URL} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash || uri.includes('#')) return `${uri}: a redirect URI has no fragment`;
  if (url.username || url.password) return `${uri}: a redirect URI carries no credentials`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) ? null : `${uri}: http is allowed only for a loopback address (127.0.0.1, [::1], localhost)`;
  }
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol)) return null;
  return `${uri}: use https, http on a loopback address, or a private-use scheme such as com.example.app:/callback`;
}
