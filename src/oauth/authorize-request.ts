import { requestedScopes } from '../domain/consent.js';
import { asUuid } from '../domain/ids.js';
import { isCodeChallenge, PKCE_METHOD } from '../domain/pkce.js';
import { registeredRedirect } from '../domain/redirect-uris.js';
import type { Scope } from '../domain/scopes.js';
import { appForConsent } from '../services/apps.js';
import type { Db } from '../store/db.js';
import type { AppRow } from '../store/schema.js';
import { isProblem, readParam, type RawParams } from './params.js';

/**
 * An authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3) checked in the order that decides where
 * an error goes (§4.1.2.1): while the client or the redirect URI cannot be trusted, to a page of
 * our own; after, back to the client with `error`. The consent form posts the same parameters back
 * and they are checked again: nothing from a hidden field is trusted.
 */
export type AuthorizeCheck =
  | { kind: 'page'; title: string; message: string }
  | { kind: 'redirect'; redirectUri: string; error: string; description: string; state: string | undefined }
  | { kind: 'ok'; request: AuthorizeRequest };

export interface AuthorizeRequest {
  app: AppRow;
  developer: string;
  redirectUri: string;
  scopes: Scope[];
  state: string | undefined;
  codeChallenge: string;
}

/** The parameters the consent form carries back, by name. */
export const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

export async function checkAuthorizeRequest(db: Db, params: RawParams): Promise<AuthorizeCheck> {
  const clientId = readParam(params, 'client_id');
  if (clientId === undefined || isProblem(clientId)) {
    return { kind: 'page', title: 'This link is broken', message: clientId ? clientId.description : 'The app that sent you here did not say who it is (client_id is missing).' };
  }
  const id = asUuid(clientId);
  const found = id === null ? undefined : await appForConsent(db, id);
  if (!found) return { kind: 'page', title: 'Unknown app', message: 'The app that sent you here is not registered with this service (unknown client_id).' };
  const given = readParam(params, 'redirect_uri');
  if (given === undefined || isProblem(given)) {
    return { kind: 'page', title: 'This link is broken', message: given ? given.description : 'The app did not say where to send you back (redirect_uri is missing).' };
  }
  // Compared, and from here on used, in canonical form: the registered URI itself is what we redirect to and what the code remembers.
  const redirectUri = registeredRedirect(found.app.redirect_uris, given);
  if (redirectUri === null) {
    return { kind: 'page', title: 'This link is not safe', message: `The address to send you back to is not one that ${found.app.name} registered, so you are not sent there.` };
  }
  const stateRead = readParam(params, 'state');
  const state = isProblem(stateRead) ? undefined : stateRead;
  const back = (error: string, description: string): AuthorizeCheck => ({ kind: 'redirect', redirectUri, error, description, state });
  if (isProblem(stateRead)) return back('invalid_request', stateRead.description);
  for (const name of AUTHORIZE_PARAMS) {
    const v = readParam(params, name);
    if (isProblem(v)) return back('invalid_request', v.description);
  }
  const responseType = readParam(params, 'response_type') as string | undefined;
  if (responseType === undefined) return back('invalid_request', 'response_type is required.');
  if (responseType !== 'code') return back('unsupported_response_type', 'response_type must be code.');
  const challenge = readParam(params, 'code_challenge') as string | undefined;
  const method = readParam(params, 'code_challenge_method') as string | undefined;
  if (challenge === undefined) return back('invalid_request', 'code_challenge is required (PKCE with S256).');
  if (method !== PKCE_METHOD) return back('invalid_request', 'code_challenge_method must be S256 (plain is not accepted).');
  if (!isCodeChallenge(challenge)) return back('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the verifier.');
  const scopes = requestedScopes(readParam(params, 'scope') as string | undefined, found.app.scopes);
  if (!scopes.ok) return back('invalid_scope', scopes.description);
  if (found.app.suspended_at !== null) return { kind: 'page', title: `${found.app.name} is suspended`, message: `${found.app.name} is suspended by the operator of this service${found.app.suspended_reason ? ` (${found.app.suspended_reason})` : ''}; it cannot be connected now.` };
  return { kind: 'ok', request: { app: found.app, developer: found.developer, redirectUri, scopes: scopes.scopes, state, codeChallenge: challenge } };
}

/** The client's redirect URI with the answer's parameters added (its own query kept), and `iss` (RFC 9207). */
export function redirectWith(redirectUri: string, issuer: string, answer: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries({ ...answer, iss: issuer })) if (v !== undefined) url.searchParams.append(k, v);
  return url.href;
}
