import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverOAuthProtectedResourceMetadata, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { seedEvent } from '../helpers/seed-events.js';
import { until } from '../cli/cli-harness.js';
import { authorizationUrl, consent, injectFetch, ISSUER, REDIRECT, registerClient, signedInOwner, tokensFor } from '../oauth/harness.js';

/**
 * `calendar-access mcp --http`, the remote connector: Streamable HTTP authorised by the service's
 * own OAuth. Started from a folder outside the repository, it answers a call without a token 401
 * with the protected-resource metadata (RFC 9728) that names the service as its authorization
 * server, and serves an OAuth access token's session with the official MCP client.
 */
const T0 = '2026-03-30T06:00:00Z';
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/calendar-access.js');

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: any;
}

const textOf = (answer: ToolAnswer): string => answer.content.map((c) => c.text).join('\n');

for (const engine of ENGINES) {
  describe(`calendar-access mcp --http on ${engine}`, () => {
    const api = useApi(engine, T0);
    let base = '';
    let url = '';
    let child: ChildProcess;
    let said = '';
    let folder = '';
    const clients: Client[] = [];
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const post = (headers: Record<string, string>, body = initialize) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });

    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      base = `http://127.0.0.1:${address.port}`;
      // Started as docs/mcp.md says, from a folder that is not the repository.
      folder = mkdtempSync(path.join(os.tmpdir(), 'ca-mcp-http-'));
      child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0'], { cwd: folder, env: { ...process.env, CALENDAR_ACCESS_API: base }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (d: Buffer) => (said += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (said += d.toString()));
      await until(() => /Streamable HTTP at \S+/.test(said) || child.exitCode !== null, () => `the server's start line; it said: ${said}`);
      url = /Streamable HTTP at (\S+?),/.exec(said)![1]!;
    });
    after(async () => {
      for (const c of clients) await c.close().catch(() => undefined);
      if (child.exitCode === null) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }
      rmSync(folder, { recursive: true, force: true });
    });

    /** The session of an MCP client that holds this bearer token. */
    async function connect(token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
      const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
      const client = new Client({ name: 'remote-assistant', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      return { client, transport };
    }

    /** An OAuth access token the owner granted an app, through the consent page. */
    async function oauthToken(scope: string) {
      const c = await registerClient(api, { scopes: ['profile:read', 'events:read', 'availability:read'] });
      const { web, owner } = await signedInOwner(api);
      const started = await authorizationUrl(c, {}, scope);
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      return { c, owner, token: tokens.access_token, refreshToken: tokens.refresh_token! };
    }

    it('answers a call without a token 401 naming its protected-resource metadata, which names the service as authorization server', async () => {
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const origin = new URL(url).origin;
      const refused = await post({});
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('www-authenticate'), `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);

      const metadata = await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json();
      const issuer = (await api.get('/.well-known/oauth-authorization-server')).json().issuer;
      assert.equal(issuer, ISSUER);
      assert.equal(metadata.resource, url);
      assert.deepEqual(metadata.authorization_servers, [ISSUER], "the service's own OAuth, as its RFC 8414 metadata names it");
      // No scopes_supported: an MCP client would ask for every scope listed there, and the service
      // refuses a scope the connector's app was not registered for (docs/mcp.md).
      assert.equal(metadata.scopes_supported, undefined);
      assert.deepEqual(metadata.bearer_methods_supported, ['header']);
      // An MCP client's own discovery finds the same document.
      assert.deepEqual(await discoverOAuthProtectedResourceMetadata(url), metadata);

      const wrong = await post({ authorization: 'Bearer svc_at_000000000000000000000000000000000000000' });
      assert.equal(wrong.status, 401);
      assert.match(wrong.headers.get('www-authenticate')!, /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/);

      // Any token the API takes opens a session: a personal one too.
      const personal = await post({ authorization: `Bearer ${await api.token(await api.owner(), ['events:read'])}` });
      assert.equal(personal.status, 200, await personal.text());
      assert.ok(personal.headers.get('mcp-session-id'));
    });

    it("serves an OAuth access token's session: the tools of the scopes the owner granted, the calls made as that owner", async () => {
      const { owner, token } = await oauthToken('profile:read events:read');
      await seedEvent(api.rt.store.db, owner.id, { title: 'Dentist', start: '2026-03-31T08:00:00Z', end: '2026-03-31T09:00:00Z' });
      const { client } = await connect(token);
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['get_account', 'get_current_time', 'get_event', 'get_series', 'list_calendar_changes', 'list_events', 'list_series_occurrences']);
      const account = (await client.callTool({ name: 'get_account', arguments: {} })) as ToolAnswer;
      assert.equal(account.structuredContent.accountId, owner.account_id);
      assert.equal(account.structuredContent.owner.timezone, 'Europe/Berlin');
      const events = (await client.callTool({ name: 'list_events', arguments: { from: '2026-03-31', to: '2026-03-31' } })) as ToolAnswer;
      assert.ok(!events.isError, textOf(events));
      assert.deepEqual(events.structuredContent.events.map((e: { title: string; start: string }) => [e.title, e.start]), [['Dentist', '2026-03-31T10:00:00+02:00']]);
    });

    it('lets the official MCP client authorise itself from the 401 with its own OAuth flow, granted the scopes its app was registered for', async () => {
      // Registered with three of the service's scopes, as docs/mcp.md's `app create` does: a client
      // that asked for the metadata's every scope would be refused invalid_scope at the consent step.
      const c = await registerClient(api, { type: 'public', scopes: ['profile:read', 'events:read', 'availability:read'] });
      const { web, owner } = await signedInOwner(api);
      const service = injectFetch(api);
      // The service's pages and token endpoint are the in-process app (its issuer's host); the connector is the spawned process.
      const routed = ((input: string | URL | Request, init?: RequestInit) => (new URL(input instanceof Request ? input.url : String(input)).origin === ISSUER ? service(input, init) : fetch(input, init))) as typeof fetch;
      let tokens: OAuthTokens | undefined;
      let verifier = '';
      let asked: URL | undefined;
      let code: string | null = null;
      const authProvider: OAuthClientProvider = {
        redirectUrl: REDIRECT,
        clientMetadata: { client_name: 'Connector', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
        clientInformation: () => ({ client_id: c.appId }),
        tokens: () => tokens,
        saveTokens: (t) => void (tokens = t),
        saveCodeVerifier: (v) => void (verifier = v),
        codeVerifier: () => verifier,
        redirectToAuthorization: async (authorizationUrl) => {
          asked = authorizationUrl;
          const back = await consent(api, web, { url: authorizationUrl, verifier, state: '' });
          code = back.searchParams.get('code');
        },
      };
      const first = new StreamableHTTPClientTransport(new URL(url), { authProvider, fetch: routed });
      await assert.rejects(new Client({ name: 'connector', version: '1.0.0' }).connect(first), UnauthorizedError);
      assert.ok(asked && code, 'the client was sent to the consent page, and the owner approved');
      assert.equal(asked.searchParams.get('scope'), null, 'no scope asked: the app\'s registered scopes are the default');
      await first.finishAuth(code);
      assert.match(tokens!.access_token, /^svc_at_/);
      assert.equal(tokens!.scope, 'profile:read availability:read events:read');

      const client = new Client({ name: 'connector', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider, fetch: routed }));
      clients.push(client);
      const account = (await client.callTool({ name: 'get_account', arguments: {} })) as ToolAnswer;
      assert.equal(account.structuredContent.accountId, owner.account_id);
      assert.deepEqual(account.structuredContent.scopes, ['profile:read', 'availability:read', 'events:read']);
    });

    it("refuses a session to another owner's token, and answers 401 once the owner revokes the token", async () => {
      const first = await oauthToken('profile:read events:read');
      const { client, transport } = await connect(first.token);
      const other = await oauthToken('profile:read events:read');
      const foreign = await post({ authorization: `Bearer ${other.token}`, 'mcp-session-id': transport.sessionId!, 'mcp-protocol-version': '2025-06-18' }, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      assert.equal(foreign.status, 404, 'not found: the session is not this token\'s');
      // The client refreshes its token: the new one goes on in the same session.
      const refreshed = await oauth.processRefreshTokenResponse(first.c.as, first.c.client, await oauth.refreshTokenGrantRequest(first.c.as, first.c.client, first.c.auth, first.refreshToken, first.c.options));
      const listed = await post({ authorization: `Bearer ${refreshed.access_token}`, 'mcp-session-id': transport.sessionId!, 'mcp-protocol-version': '2025-06-18' }, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
      assert.equal(listed.status, 200);
      assert.match(await listed.text(), /"name":"list_events"/);

      await oauth.processRevocationResponse(await oauth.revocationRequest(first.c.as, first.c.client, first.c.auth, first.token, first.c.options));
      const events = { name: 'list_events', arguments: { from: '2026-03-31', to: '2026-03-31' } };
      // While the server's check of the token (a minute) holds, the API itself refuses it on the tool's call…
      const firstAfter = await client.callTool(events).then((a) => a as ToolAnswer, (e: unknown) => e as Error);
      if (!(firstAfter instanceof Error)) {
        assert.equal(firstAfter.isError, true);
        assert.match(textOf(firstAfter), /^list_events: the calendar service refused the token \(invalid_token: [^)]+\); the owner needs to connect the assistant again/);
      }
      // … and from then on the session's requests are answered 401, so the client knows to authorise again.
      await assert.rejects(client.callTool(events), (e: Error & { code?: number }) => e.code === 401);
    });
  });
}
