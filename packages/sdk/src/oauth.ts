/**
 * The OAuth seam. Until the API's OAuth flow lands (authorization URL with PKCE, code exchange,
 * refresh), an app that holds an access token (`svc_at_…`) passes a function as `token`: it is asked
 * before every call, so it can refresh the token when it is about to expire.
 *
 * ```ts
 * const client = new CalendarAccess({ token: () => myTokenStore.freshAccessToken() });
 * ```
 */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
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
