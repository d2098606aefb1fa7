import { exchangeCode, type Outcome, type TokenPair } from '../../services/grants.js';
import type { Deps } from '../../deps.js';
import type { AppRow } from '../../store/schema.js';
import { requiredParam, type RawParams } from '../params.js';

/** grant_type=authorization_code (RFC 6749 §4.1.3, RFC 7636 §4.5): code, redirect_uri and code_verifier are all required. */
export async function authorizationCodeGrant(services: Pick<Deps, 'db' | 'clock'>, app: AppRow, body: RawParams): Promise<Outcome<TokenPair>> {
  const code = requiredParam(body, 'code');
  const redirectUri = requiredParam(body, 'redirect_uri');
  const verifier = requiredParam(body, 'code_verifier');
  return exchangeCode(services.db, services.clock, { app, code, redirectUri, verifier });
}
