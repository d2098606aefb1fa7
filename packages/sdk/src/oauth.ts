/**
 * OAuth for apps that act for other people's calendars (docs/oauth.md): the authorization URL with
 * PKCE (S256) and a state, the code exchange, the refresh (each answers a new pair: keep both), and
 * revocation. Web Crypto and fetch only, so it runs wherever the client does.
 *
 * ```ts
 * const oauth = new OAuthClient({ baseUrl: 'https://cal.example', clientId, clientSecret, redirectUri: 'https://app.example/callback' });
 * const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: ['profile:read', 'events:read'] });
 * // … keep state and codeVerifier in the user's session, send the user to `url` …
 * const tokens = await oauth.exchangeCode(callbackUrl, { state, codeVerifier });
 * const client = new CalendarAccess({ token: oauth.tokenSource(tokens, (fresh) => save(fresh)), baseUrl: 'https://cal.example/api/v1' });
 * ```
 */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
  /** The scopes the owner granted (they may have unticked some of those asked for). */
  scopes?: string[];
}

/** The errors of the token and revocation endpoints (RFC 6749 §5.2) and of the redirect back (§4.1.2.1). */
export type OAuthServerErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable';

/** What the client itself refuses: a redirect that is not the answer to its request, or an answer it cannot read. */
export type OAuthClientErrorCode = 'state_mismatch' | 'issuer_mismatch' | 'missing_code' | 'invalid_response';

export type OAuthErrorCode = OAuthServerErrorCode | OAuthClientErrorCode;

/**
 * A refused OAuth step. `error` is the RFC 6749 code (or one of the client's own), so a check narrows:
 *
 * ```ts
 * try { tokens = await oauth.refresh(tokens.refreshToken!); }
 * catch (e) { if (e instanceof OAuthError && e.error === 'invalid_grant') { … ask the owner to connect again … } else throw e; }
 * ```
 */
export class OAuthError<E extends OAuthErrorCode = OAuthErrorCode> extends Error {
  override readonly name = 'OAuthError';
  readonly error: E;
  /** The server's `error_description`, when it gave one. */
  readonly description: string | undefined;
  /** The HTTP status of the answer; undefined for an error read from the redirect or found by the client. */
  readonly status: number | undefined;

  constructor(error: E, description?: string, status?: number) {
    super(description ? `${error}: ${description}` : error);
    this.error = error;
    this.description = description;
    this.status = status;
  }
}

export interface OAuthClientOptions {
  /** The service's address (`https://cal.example`): the endpoints are /oauth/authorize, /oauth/token and /oauth/revoke below it. */
  baseUrl: string;
  /** The app's id (`client_id`), shown when the app was registered. */
  clientId: string;
  /** A confidential app's secret (`svc_cs_…`), sent with HTTP Basic; none for a public app (PKCE alone proves the code). */
  clientSecret?: string;
  /** One of the app's redirect URIs, exactly as registered. */
  redirectUri: string;
  /** The issuer the redirect's `iss` must name (RFC 9207). Default: `baseUrl`'s origin. */
  issuer?: string;
  /** The fetch to use. Default the global fetch. */
  fetch?: typeof fetch;
}

export interface AuthorizationRequest {
  /** The address to send the owner to. */
  url: string;
  /** Keep it (in the user's session): the redirect must bring it back. */
  state: string;
  /** Keep it with the state: the code exchange proves it. */
  codeVerifier: string;
}

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** 32 random bytes, base64url: 43 characters, within RFC 7636's 43 to 128. */
export function randomCodeVerifier(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallengeOf(verifier: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

const SERVER_CODES = new Set<string>(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'access_denied', 'unsupported_response_type', 'server_error', 'temporarily_unavailable']);
const isServerCode = (code: unknown): code is OAuthServerErrorCode => typeof code === 'string' && SERVER_CODES.has(code);

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** The OAuth side of an app: one per registered app (and redirect URI). */
export class OAuthClient {
  private readonly base: string;
  private readonly issuer: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: OAuthClientOptions) {
    if (!options.clientId) throw new TypeError('clientId is needed: the id shown when the app was registered');
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.issuer = (options.issuer ?? new URL(this.base).origin).replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  /**
   * Where to send the owner: the consent page, with a fresh state and PKCE pair. Without `scope` the
   * app asks for every scope it was registered with.
   *
   * ```ts
   * const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: ['events:read'] });
   * ```
   */
  async authorizationUrl(o: { scope?: readonly string[]; state?: string } = {}): Promise<AuthorizationRequest> {
    const state = o.state ?? randomCodeVerifier();
    const codeVerifier = randomCodeVerifier();
    const url = new URL(`${this.base}/oauth/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', this.options.redirectUri);
    if (o.scope) url.searchParams.set('scope', o.scope.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await codeChallengeOf(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.toString(), state, codeVerifier };
  }

  /**
   * The redirect back (the full URL your redirect URI received) for tokens: checks the state and the
   * issuer, turns an `error` (the owner denied: `access_denied`) into an OAuthError, then exchanges
   * the code with the verifier.
   */
  async exchangeCode(callback: string | URL, expected: { state: string; codeVerifier: string }): Promise<OAuthTokens> {
    const params = new URL(callback).searchParams;
    if (params.get('state') !== expected.state) throw new OAuthError('state_mismatch', 'the redirect does not carry the state of the request: it is not the answer to it');
    const iss = params.get('iss');
    if (iss !== null && iss.replace(/\/+$/, '') !== this.issuer) throw new OAuthError('issuer_mismatch', `the redirect comes from ${iss}, not ${this.issuer}`);
    const error = params.get('error');
    if (error !== null) throw new OAuthError(isServerCode(error) ? error : 'invalid_response', params.get('error_description') ?? undefined);
    const code = params.get('code');
    if (!code) throw new OAuthError('missing_code', 'the redirect carries neither a code nor an error');
    return this.token({ grant_type: 'authorization_code', code, code_verifier: expected.codeVerifier, redirect_uri: this.options.redirectUri });
  }

  /**
   * A new pair for a refresh token. Refresh tokens rotate: the one given stops working (a retry
   * within 60 s gets the same pair), so store the answer's `refreshToken` before using it.
   */
  async refresh(refreshToken: string, o: { scope?: readonly string[] } = {}): Promise<OAuthTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...(o.scope ? { scope: o.scope.join(' ') } : {}) });
  }

  /** Ends a refresh token (and the access tokens it issued) or one access token (RFC 7009). Any value answers success. */
  async revoke(token: string): Promise<void> {
    await this.post('/oauth/revoke', { token });
  }

  /**
   * A token source for `new CalendarAccess({ token })`: the access token, refreshed a minute before
   * it expires; `onTokens` gets every new pair, to store it (the old refresh token no longer works).
   */
  tokenSource(tokens: OAuthTokens, onTokens?: (tokens: OAuthTokens) => void | Promise<void>): () => Promise<string> {
    return refreshingToken(tokens, async (current) => {
      if (!current.refreshToken) throw new OAuthError('invalid_grant', 'the access token expired and there is no refresh token');
      const fresh = await this.refresh(current.refreshToken);
      await onTokens?.(fresh);
      return fresh;
    });
  }

  private async token(fields: Record<string, string>): Promise<OAuthTokens> {
    const body = await this.post('/oauth/token', fields);
    if (typeof body.access_token !== 'string') throw new OAuthError('invalid_response', 'the token answer has no access_token');
    return {
      accessToken: body.access_token,
      ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
      ...(typeof body.expires_in === 'number' ? { expiresAt: new Date(Date.now() + body.expires_in * 1000) } : {}),
      ...(typeof body.scope === 'string' ? { scopes: body.scope.split(' ').filter(Boolean) } : {}),
    };
  }

  private async post(path: string, fields: Record<string, string>): Promise<TokenAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const form = new URLSearchParams(fields);
    if (this.options.clientSecret) {
      // RFC 6749 §2.3.1: each part form-encoded, then Basic.
      const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
      headers.authorization = `Basic ${btoa(`${enc(this.options.clientId)}:${enc(this.options.clientSecret)}`)}`;
    } else {
      form.set('client_id', this.options.clientId);
    }
    const res = await this.fetch(`${this.base}${path}`, { method: 'POST', headers, body: form.toString() });
    const text = await res.text();
    let body: TokenAnswer = {};
    try {
      body = text ? (JSON.parse(text) as TokenAnswer) : {};
    } catch {
      throw new OAuthError('invalid_response', `${path} answered ${res.status} with a body that is not JSON`, res.status);
    }
    if (!res.ok) {
      const description = typeof body.error_description === 'string' ? body.error_description : undefined;
      throw new OAuthError(isServerCode(body.error) ? body.error : 'invalid_response', description ?? `${path} answered ${res.status}`, res.status);
    }
    return body;
  }
}

/** Gives a token for each call, refreshing it with `refresh` when it expires within `marginMs` (default 60 s). */
export function refreshingToken(initial: OAuthTokens, refresh: (tokens: OAuthTokens) => Promise<OAuthTokens>, marginMs = 60_000): () => Promise<string> {
  let current = initial;
  let pending: Promise<OAuthTokens> | null = null;
  return async () => {
    if (current.expiresAt && current.expiresAt.getTime() - Date.now() < marginMs) {
      pending ??= refresh(current).finally(() => (pending = null));
      current = await pending;
    }
    return current.accessToken;
  };
}
