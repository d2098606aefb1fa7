import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import * as oauth from 'oauth4webapi';
import type { ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { createApp, type ClientType } from '../../src/services/apps.js';
import type { OwnerRow } from '../../src/store/schema.js';

/**
 * OAuth tests drive the server with oauth4webapi (a certified client nobody here wrote) whose fetch
 * goes to the in-process app (no socket), and the consent step through the real pages with a
 * browser-like session (cookies kept, forms followed).
 */
export const ISSUER = 'https://cal.example';
export const REDIRECT = 'https://client.example/callback';
const PASSWORD = 'long enough pw';

/** A fetch that answers from app.inject. */
export function injectFetch(api: ApiHarness): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
    const res = await api.app.inject({ method: (init?.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers: { host: url.host, ...headers }, ...(body !== undefined ? { payload: body } : {}) });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}

export interface Client {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  appId: string;
  secret: string | null;
  options: { [oauth.customFetch]: typeof fetch };
}

let counter = 0;

/** A developer registers an app (through the service the console and CLI use), and the client discovers the server. */
export async function registerClient(api: ApiHarness, o: { type?: ClientType; scopes?: string[]; redirectUris?: string[] } = {}): Promise<Client> {
  counter += 1;
  const dev = await api.owner();
  const created = await createApp(api.rt.db, api.clock, {
    ownerId: dev.id, name: `Client ${counter}`, homepageUrl: 'https://client.example', logoUrl: null,
    redirectUris: o.redirectUris ?? [REDIRECT], scopes: o.scopes ?? ['profile:read', 'events:read', 'webhooks'], clientType: o.type ?? 'confidential',
  });
  const options = { [oauth.customFetch]: injectFetch(api) };
  const as = await oauth.processDiscoveryResponse(new URL(ISSUER), await oauth.discoveryRequest(new URL(ISSUER), { algorithm: 'oauth2', ...options }));
  const client: oauth.Client = { client_id: created.app.id };
  const auth = created.clientSecret ? oauth.ClientSecretBasic(created.clientSecret) : oauth.None();
  return { as, client, auth, appId: created.app.id, secret: created.clientSecret, options };
}

/** An owner who can sign in, and a browser session signed in as them. */
export async function signedInOwner(api: ApiHarness, prefix = 'person'): Promise<{ web: WebSession; owner: OwnerRow }> {
  counter += 1;
  const username = `${prefix}-${process.pid}-${counter}`;
  const web = webSession(api);
  const made = await web.post('/signup', { username, name: 'Olivia Owner', timezone: 'Europe/Berlin', password: PASSWORD });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.db.selectFrom('owners').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  return { web, owner };
}

export interface Started {
  url: URL;
  verifier: string;
  state: string;
}

/** The authorization URL a client builds (PKCE S256, state). */
export async function authorizationUrl(c: Client, extra: Record<string, string> = {}, scope = 'profile:read events:read'): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(c.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', c.client.client_id);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return { url, verifier, state };
}

/** The fields of the consent page's form: hidden ones, and the scope checkboxes ticked. */
export function consentFields(body: string): { hidden: [string, string][]; scopes: string[] } {
  const hidden = [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, decodeEntities(m[2]!)] as [string, string]);
  const scopes = [...body.matchAll(/<input type="checkbox" name="grant" value="([^"]+)" checked>/g)].map((m) => m[1]!);
  return { hidden, scopes };
}

function decodeEntities(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Posts the consent form as a browser would: the hidden fields, the scopes left ticked, the button pressed. */
export async function answerConsent(api: ApiHarness, web: WebSession, page: LightMyRequestResponse, o: { decision?: 'approve' | 'deny'; untick?: string[] } = {}): Promise<LightMyRequestResponse> {
  const { hidden, scopes } = consentFields(page.body);
  const pairs: [string, string][] = [...hidden, ...scopes.filter((s) => !(o.untick ?? []).includes(s)).map((s): [string, string] => ['grant', s]), ['decision', o.decision ?? 'approve']];
  return api.app.inject({ method: 'POST', url: '/oauth/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: new URLSearchParams(pairs).toString() });
}

/** The whole front channel: the consent page, then the owner's answer; the redirect back to the client. */
export async function consent(api: ApiHarness, web: WebSession, started: Started, o: { decision?: 'approve' | 'deny'; untick?: string[] } = {}): Promise<URL> {
  const page = await web.get(started.url.pathname + started.url.search);
  assert.equal(page.statusCode, 200, page.body);
  const answer = await answerConsent(api, web, page, o);
  assert.equal(answer.statusCode, 303, answer.body);
  return new URL(answer.headers.location as string);
}

/** Code for tokens with the library: validate the redirect, then the token request. */
export async function tokensFor(c: Client, back: URL, started: Started): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(c.as, c.client, back, started.state);
  const res = await oauth.authorizationCodeGrantRequest(c.as, c.client, c.auth, params, REDIRECT, started.verifier, c.options);
  return oauth.processAuthorizationCodeResponse(c.as, c.client, res);
}

/** A raw token request (to see exactly what the server answers to what a library would never send). */
export async function tokenPost(api: ApiHarness, fields: Record<string, string> | string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST', url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', ...headers },
    payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });
}
