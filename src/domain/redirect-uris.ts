/**
 * Redirect URIs in one canonical form (docs/decisions.md "OAuth apps"): the WHATWG URL parser's
 * serialisation, `new URL(text).href`, the form the browser follows when we redirect. Stored so at
 * registration, canonicalised again when an app's row is read (rows written before kept what was
 * typed), and compared exactly (RFC 6749 §3.1.2, OAuth 2.1 §2.3.1) after canonicalising both sides:
 * `HTTPS://Example.COM:443/cb` and `https://example.com/cb` are one URI, `https://example.com/cb/`
 * another.
 */

const MAX_URL = 2048;
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];
/** Schemes the WHATWG parser reads with an authority whatever follows the colon (`https:/x` is `https://x/`). */
const SPECIAL_SCHEMES = ['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:'];

/** The canonical form of a URI, or null when it is not one the parser reads. */
export function canonicalRedirectUri(text: string): string | null {
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/** A row's URIs in canonical form (a legacy one the parser refuses stays as it was: it matches nothing). */
export const canonicalRedirectUris = (uris: readonly string[]): string[] => [...new Set(uris.map((u) => canonicalRedirectUri(u) ?? u))];

/** The registered URI a request's `redirect_uri` names, in canonical form, or null: nothing else is redirected to. */
export function registeredRedirect(registered: readonly string[], given: string): string | null {
  const wanted = canonicalRedirectUri(given);
  if (wanted === null) return null;
  return registered.some((r) => canonicalRedirectUri(r) === wanted) ? wanted : null;
}

/** Whether two spellings name one redirect URI (the authorization request's and the token request's). */
export function sameRedirectUri(a: string, b: string): boolean {
  const ca = canonicalRedirectUri(a);
  return ca !== null && ca === canonicalRedirectUri(b);
}

export type RegistrableUri = { ok: true; uri: string } | { ok: false; problem: string };

/**
 * A redirect URI an app may register (RFC 8252, OAuth 2.1 §2.3.1), in canonical form, or why not:
 * absolute as written, no fragment, no credentials; https, or http only for a loopback address (a
 * native app's local listener), or a private-use scheme with a dot (`com.example.app:/callback`).
 * The parser mends what was not an absolute URL (`https:/cb` becomes `https://cb/`, a tab is
 * dropped, `\` becomes `/`): such a value is refused, not stored as something nobody typed.
 */
export function registrableRedirectUri(text: string): RegistrableUri {
  const refuse = (problem: string): RegistrableUri => ({ ok: false, problem: `redirect URI ${text}: ${problem}` });
  if (text.length === 0 || text.length > MAX_URL) return { ok: false, problem: `a redirect URI has 1 to ${MAX_URL} characters` };
  // Spaces and controls are dropped or percent-encoded by the parser; a backslash is read as "/".
  if (/[\x00-\x20\x7f\\]/.test(text)) return refuse('spaces, control characters and "\\" are not allowed (percent-encode them)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not an absolute URL');
  }
  if (SPECIAL_SCHEMES.includes(url.protocol) && !/^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(text)) {
    return refuse(`not an absolute URL as written: "${url.protocol}" is followed by "//" and the host, as in ${url.protocol}//example.com/callback`);
  }
  if (url.hash || text.includes('#')) return refuse('a redirect URI has no fragment');
  if (url.username || url.password) return refuse('a redirect URI carries no credentials');
  if (url.href.length > MAX_URL) return { ok: false, problem: `a redirect URI has 1 to ${MAX_URL} characters` };
  if (url.protocol === 'https:') return { ok: true, uri: url.href };
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.includes(url.hostname) ? { ok: true, uri: url.href } : refuse(`http is allowed only for a loopback address (${LOOPBACK_HOSTS.join(', ')})`);
  }
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol)) return { ok: true, uri: url.href };
  return refuse('use https, http on a loopback address, or a private-use scheme such as com.example.app:/callback');
}
