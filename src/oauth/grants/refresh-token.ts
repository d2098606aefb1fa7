import { requestedScopes } from '../../domain/consent.js';
import { GrantRefusal, refreshGrant, type Outcome, type TokenPair } from '../../services/grants.js';
import type { Deps } from '../../deps.js';
import type { AppRow } from '../../store/schema.js';
import { param, requiredParam, type RawParams } from '../params.js';

/** grant_type=refresh_token (RFC 6749 §6): an optional `scope` may only narrow what was granted. */
export async function refreshTokenGrant(services: Pick<Deps, 'db' | 'clock' | 'secrets'>, app: AppRow, body: RawParams): Promise<Outcome<TokenPair>> {
  const refreshToken = requiredParam(body, 'refresh_token');
  const scopeParam = param(body, 'scope');
  let scopes: string[] | null = null;
  if (scopeParam !== undefined) {
    const asked = requestedScopes(scopeParam, app.scopes);
    if (!asked.ok) return { result: new GrantRefusal('invalid_scope', asked.description), revoked: [] };
    scopes = asked.scopes;
  }
  return refreshGrant(services.db, services.clock, services.secrets.oauth, { app, refreshToken, scopes });
}
