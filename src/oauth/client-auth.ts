import type { FastifyRequest } from 'fastify';
import { asUuid } from '../domain/ids.js';
import { secretMatches } from '../services/apps.js';
import type { Db } from '../store/db.js';
import { findClientApp } from '../store/repos/apps.js';
import type { AppRow } from '../store/schema.js';
import { OAuthError } from './errors.js';
import { param, type RawParams } from './params.js';

/**
 * Client authentication at /oauth/token and /oauth/revoke (RFC 6749 §2.3): confidential apps by
 * `client_secret_basic` or `client_secret_post` (one of them, never both), public apps by their
 * client_id alone (`none`; PKCE proves the code's holder). A suspended app is refused after it has
 * proved itself, with `unauthorized_client`.
 */
/**
 * The HTTP Basic credentials of the Authorization header, null when there is no header. Any other
 * scheme (`Bearer …`, `Digest …`), and Basic that is not `id:secret` in base64, is `'refused'`: the
 * client tried to authenticate through the header, and RFC 6749 §5.2 then asks for 401 with a
 * challenge of the scheme this server accepts there (Basic), whatever else the body carries.
 */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'refused' {
  if (header === undefined) return null;
  const m = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!m) return 'refused';
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return 'refused';
  try {
    // RFC 6749 §2.3.1: both are form-urlencoded before they are joined.
    return { id: decodeURIComponent(text.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(text.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    return 'refused';
  }
}

/** The client id a request names (the Basic user name, else `client_id`), unverified: whom a failure counts against. */
export function claimedClientId(request: FastifyRequest, body: RawParams): string | undefined {
  const basic = basicCredentials(request.headers.authorization);
  if (basic !== null && basic !== 'refused') return basic.id.slice(0, 200);
  const posted = body?.client_id;
  return typeof posted === 'string' && posted !== '' ? posted.slice(0, 200) : undefined;
}

export async function authenticateClient(db: Db, request: FastifyRequest, body: RawParams): Promise<AppRow> {
  const basic = basicCredentials(request.headers.authorization);
  if (basic === 'refused') throw new OAuthError('invalid_client', 'The Authorization header is not HTTP Basic client credentials (Basic base64(client_id:client_secret)); this endpoint takes no other scheme.', true);
  const postedId = param(body, 'client_id');
  const postedSecret = param(body, 'client_secret');
  if (basic && postedSecret !== undefined) throw new OAuthError('invalid_request', 'Use one client authentication method: HTTP Basic or client_secret in the body, not both.');
  if (basic && postedId !== undefined && postedId !== basic.id) throw new OAuthError('invalid_request', 'client_id in the body differs from the one of the Authorization header.');
  const clientId = basic?.id ?? postedId;
  const secret = basic?.secret ?? postedSecret;
  if (clientId === undefined) throw new OAuthError('invalid_client', 'client_id is required (in the body, or as the HTTP Basic user name).', basic !== null);
  const id = asUuid(clientId);
  const app = id === null ? undefined : await findClientApp(db, id);
  if (!app) throw new OAuthError('invalid_client', 'Unknown client.', basic !== null);
  if (app.client_type === 'confidential') {
    if (secret === undefined) throw new OAuthError('invalid_client', 'This client is confidential: authenticate with its client_secret (HTTP Basic or in the body).', basic !== null);
    if (!secretMatches(app, secret)) throw new OAuthError('invalid_client', 'The client secret is wrong.', basic !== null);
  } else if (secret !== undefined && secret !== '') {
    throw new OAuthError('invalid_client', 'This client is public: it has no secret; send client_id alone and prove the code with PKCE.', basic !== null);
  }
  if (app.suspended_at !== null) throw new OAuthError('unauthorized_client', 'The app is suspended: no new tokens are issued.');
  return app;
}
