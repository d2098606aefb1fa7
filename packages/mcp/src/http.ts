import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { CalendarAccess, CalendarAccessConnectionError, CalendarAccessError, type Account, type ClientOptions } from '@calendar-access/sdk';
import { createMcpServer } from './server.js';
import { MAX_MESSAGE_BYTES } from './stdio-lines.js';

/**
 * The MCP server as a remote connector: Streamable HTTP at `/mcp`, authorised by the calendar
 * service's own OAuth. It is a protected resource (RFC 9728) whose authorization server is the
 * service: its metadata names the service's issuer, and a request without a valid bearer token is
 * answered 401 with `WWW-Authenticate: Bearer resource_metadata="…"`, which is how an MCP client
 * finds where to send the owner to consent. The token is the API's own (an OAuth access token, or a
 * personal token), checked with GET /me and handed on to the API for the session's tool calls: this
 * server is a front of that API, not a resource of its own.
 */
export interface HttpOptions {
  /** The API's base, up to /api/v1. */
  baseUrl: string;
  port: number;
  /** Where to listen; default 127.0.0.1 (a proxy in front serves the public address). */
  host?: string;
  /** This server's public origin (behind a proxy: the https one clients reach); default http://host:port. */
  publicUrl?: string;
  fetch?: ClientOptions['fetch'];
  /** Lines about the server (start, failures): stderr in the CLI. */
  log?: (line: string) => void;
}

export interface RunningHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:8976/mcp. */
  url: string;
  /** The protected-resource metadata (RFC 9728), named in every 401. */
  metadataUrl: string;
  close(): Promise<void>;
}

export const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';
/** A token checked with GET /me is taken again for this long without asking (the API checks it on every tool call anyway). */
const TOKEN_CHECK_MS = 60_000;
/** A session nobody used for this long is closed; its client starts a new one (404 tells it to). */
const IDLE_MS = 30 * 60_000;
/** At most this many sessions at once; the next initialize is answered 503. */
const MAX_SESSIONS = 1_000;

interface Session {
  transport: StreamableHTTPServerTransport;
  accountId: string;
  scopes: string;
  /** The latest token the client sent: an OAuth client refreshes it within the session. */
  token: string;
  lastSeen: number;
}

interface Checked {
  account: Account;
  until: number;
}

const hash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Starts the HTTP server; the service's authorization-server metadata (RFC 8414) is read first, for its issuer. */
export async function startHttpServer(o: HttpOptions): Promise<RunningHttpServer> {
  const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const doFetch = o.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const service = new URL(o.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '') + '/');
  const asMetadata = await authorizationServer(service, doFetch);

  const sessions = new Map<string, Session>();
  const checked = new Map<string, Checked>();
  let metadata = '';
  let metadataUrl = '';
  let endpoint = '';

  async function check(token: string): Promise<Account | CalendarAccessError> {
    const key = hash(token);
    const known = checked.get(key);
    if (known && known.until > Date.now()) return known.account;
    try {
      const account = await new CalendarAccess({ token, baseUrl: o.baseUrl, maxRetries: 1, ...(o.fetch ? { fetch: o.fetch } : {}) }).me.get();
      if (checked.size > 10 * MAX_SESSIONS) checked.clear();
      checked.set(key, { account, until: Date.now() + TOKEN_CHECK_MS });
      return account;
    } catch (e) {
      if (e instanceof CalendarAccessError && (e.status === 401 || e.code === 'app_suspended')) return e;
      throw e;
    }
  }

  function unauthorized(res: ServerResponse, refusal?: CalendarAccessError): void {
    // RFC 6750 §3.1: no error code when the request had no credentials at all.
    const challenge = refusal
      ? `Bearer error="invalid_token", error_description="${refusal.message.replace(/["\\]/g, '')}", resource_metadata="${metadataUrl}"`
      : `Bearer resource_metadata="${metadataUrl}"`;
    send(res, 401, { error: refusal ? 'invalid_token' : 'unauthorized', error_description: refusal?.message ?? `A bearer token is needed: see ${metadataUrl}.` }, { 'www-authenticate': challenge });
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!bearer) return unauthorized(res);
    const token = bearer[1]!;
    const answer = await check(token);
    if (answer instanceof CalendarAccessError) return unauthorized(res, answer);
    const account = answer;

    let body: unknown;
    if (req.method === 'POST') {
      const read = await readBody(req);
      if (read === 'too large') return send(res, 413, rpcError(-32600, `message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB: not read`), { connection: 'close' });
      try {
        body = JSON.parse(read.toString('utf8'));
      } catch {
        return send(res, 400, rpcError(-32700, 'Parse error: the body is not JSON'));
      }
    }

    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const s = sessions.get(id);
      // A session is of one account and one set of scopes (its tools): another token's is not found, and its client starts one of its own.
      if (!s || s.accountId !== account.accountId || s.scopes !== account.scopes.join(' ')) return send(res, 404, rpcError(-32001, 'Session not found'));
      s.token = token;
      s.lastSeen = Date.now();
      return s.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) return send(res, 400, rpcError(-32000, 'Bad Request: no valid session id (Mcp-Session-Id); start with initialize'));
    if (sessions.size >= MAX_SESSIONS) return send(res, 503, rpcError(-32000, 'Too many sessions; try again later'), { 'retry-after': '60' });

    const s: Session = {
      transport: new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => void sessions.set(sid, s) }),
      accountId: account.accountId,
      scopes: account.scopes.join(' '),
      token,
      lastSeen: Date.now(),
    };
    s.transport.onclose = () => {
      if (s.transport.sessionId) sessions.delete(s.transport.sessionId);
    };
    const server = await createMcpServer({
      token: () => s.token,
      baseUrl: o.baseUrl,
      account,
      ...(o.fetch ? { fetch: o.fetch } : {}),
      // The next request of the session is answered 401 (after a fresh check), so the client refreshes its token.
      onTokenRefused: () => checked.delete(hash(s.token)),
    });
    await server.connect(s.transport);
    await s.transport.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    cors(res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-max-age': '600' }).end();
      return;
    }
    if (path === METADATA_PATH || path === `${METADATA_PATH}${MCP_PATH}`) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method_not_allowed' }, { allow: 'GET, HEAD' });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=3600' }).end(req.method === 'HEAD' ? undefined : metadata);
      return;
    }
    if (path !== MCP_PATH) return send(res, 404, { error: 'not_found', error_description: `The MCP endpoint is ${endpoint}.` });
    handleMcp(req, res).catch((e: unknown) => {
      const unreachable = e instanceof CalendarAccessConnectionError;
      if (!unreachable) log(`calendar-access mcp: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) send(res, unreachable ? 502 : 500, rpcError(-32603, unreachable ? 'The calendar service did not answer; try again in a minute' : 'Internal error'));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(o.port, o.host ?? '127.0.0.1', () => resolve());
  });
  const address = http.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = (o.publicUrl ?? `http://${host}:${address.port}`).replace(/\/+$/, '');
  endpoint = `${origin}${MCP_PATH}`;
  // RFC 9728 §3.1: the metadata of https://host/mcp is at /.well-known/oauth-protected-resource/mcp;
  // the same document is served at the bare well-known path for clients that look there.
  metadataUrl = `${origin}${METADATA_PATH}${MCP_PATH}`;
  // No scopes_supported (optional in RFC 9728 §2): MCP clients ask for every scope listed there
  // when the 401 names none, and the service refuses a scope the connector's app may not ask for
  // (invalid_scope). Asking for none, a client is granted its app's registered scopes, which the
  // owner may untick on the consent page.
  metadata = JSON.stringify({
    resource: endpoint,
    authorization_servers: [asMetadata.issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'calendar-access (MCP)',
    ...(asMetadata.service_documentation ? { resource_documentation: asMetadata.service_documentation } : {}),
  });

  const sweep = setInterval(() => {
    const stale = Date.now() - IDLE_MS;
    for (const s of sessions.values()) if (s.lastSeen < stale) void s.transport.close();
  }, 60_000);
  sweep.unref();

  return {
    url: endpoint,
    metadataUrl,
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

interface AuthorizationServerMetadata {
  issuer: string;
  service_documentation?: string;
}

/** The service's RFC 8414 metadata: its issuer is this resource's authorization server. */
async function authorizationServer(service: URL, doFetch: typeof fetch): Promise<AuthorizationServerMetadata> {
  const url = new URL('.well-known/oauth-authorization-server', service);
  let res: Response;
  try {
    res = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    throw new CalendarAccessConnectionError(`GET ${url.pathname} could not reach ${service.origin}: ${(e as Error).message}`, { cause: e });
  }
  const body = res.ok ? ((await res.json().catch(() => null)) as AuthorizationServerMetadata | null) : null;
  if (!body || typeof body.issuer !== 'string') throw new Error(`${url.href} answered ${res.status} without OAuth metadata: is this the calendar-access service?`);
  return body;
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= MAX_MESSAGE_BYTES) return;
      // Answered at once; the rest of the body is read into nowhere.
      req.off('data', onData);
      req.resume();
      resolve('too large');
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

/**
 * Browser-based MCP clients (inspectors) call from another origin. Nothing here rides on cookies,
 * only on the bearer token a client sends itself, so any origin may call.
 */
function cors(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('access-control-allow-headers', 'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id');
  res.setHeader('access-control-expose-headers', 'mcp-session-id, www-authenticate');
}
