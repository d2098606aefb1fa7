import { CalendarAccessConnectionError, CalendarAccessError, type ErrorBody, type ErrorCode } from './errors.js';
import { Emitter, type RequestEvent, type RetryBasis, type RetryReason } from './events.js';
import { EtagCache, type KeptAnswer } from './etag-cache.js';
import { rateLimitOf, withResponse, type WithResponse } from './response.js';
import { userAgentOf, type AppInfo } from './version.js';

/** Where a token comes from: a value (svc_pat_…, svc_test_… or svc_at_…), or a function asked before each call (OAuth: refresh it there). */
export type TokenSource = string | (() => string | Promise<string>);

/** How the client waits between attempts: resolves after `ms`, rejects with the signal's reason when it aborts. */
export type Sleep = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

export interface ClientOptions {
  /** A personal token (`svc_pat_…`), a test token (`svc_test_…`), or an OAuth access token (`svc_at_…`), or a function giving one. */
  token: TokenSource;
  /** The API's base, up to and including `/api/v1`. Default `http://localhost:3000/api/v1`. */
  baseUrl?: string;
  /** Milliseconds one attempt may take before it is abandoned (and retried). Default 30 000. */
  timeoutMs?: number;
  /** Retries after the first attempt, for network errors, timeouts, 429 and 503. Default 3; 0 turns retries off. */
  maxRetries?: number;
  /** The longest wait before one retry, in milliseconds; a server asking for longer is not retried. Default 60 000. */
  maxRetryDelayMs?: number;
  /** The fetch to use (a test double, a proxy agent…). Default the global fetch. */
  fetch?: typeof fetch;
  /** Your app, named after the SDK in the User-Agent (`my-app/1.2.0`), so the service's operators can tell callers apart. */
  appInfo?: AppInfo;
  /** How to wait between attempts. Default a timer; a test passes its own to control time instead of waiting. */
  sleep?: Sleep;
  /**
   * Conditional GETs (docs/conditional-get.md): the client keeps the ETag and body of the last 200
   * of each GET URL and sends `If-None-Match`; while the answer is unchanged the server answers
   * 304 Not Modified with no body, which costs none of the token's 600 reads a minute, and the
   * call resolves with the kept body and `lastResponse.status` 304, `lastResponse.notModified`
   * true. `true` keeps the last 500 URLs; `{ maxEntries }` another number. Default off; a call's
   * own `conditional` option wins.
   *
   * ```ts
   * const client = new CalendarAccess({ token, conditional: true });
   * const page = await client.tasks.list().firstPage(); // 200, kept
   * const again = await client.tasks.list().firstPage(); // 304 while nothing changed: the same data
   * console.log(again.lastResponse.notModified); // true
   * ```
   */
  conditional?: boolean | { maxEntries?: number };
}

/** Options of one call, over the client's. */
export interface RequestOptions {
  /** Aborts the call, including its waits between retries. */
  signal?: AbortSignal;
  /** Milliseconds each attempt of this call may take (the client's `timeoutMs` otherwise). */
  timeoutMs?: number;
  /** Retries of this call after its first attempt (the client's `maxRetries` otherwise); 0: none. */
  maxRetries?: number;
  /** The longest wait before a retry of this call (the client's `maxRetryDelayMs` otherwise). */
  maxRetryDelayMs?: number;
  /** A GET sent with the ETag the client kept for its URL, or not (the client's `conditional` otherwise); see ClientOptions.conditional. */
  conditional?: boolean;
}

/** Options of a call that creates (a POST). */
export interface CreateOptions extends RequestOptions {
  /** The Idempotency-Key; one is made when not given, and kept for every retry of this call. */
  idempotencyKey?: string;
}

/** The options any method takes (a read ignores `idempotencyKey`); kept for programs written against 0.1. */
export type CallOptions = CreateOptions;

export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface Call {
  method: string;
  path: string;
  query?: QueryValues | undefined;
  body?: unknown;
  /** Extra headers (rawRequest); Authorization, User-Agent and Idempotency-Key are the client's. */
  headers?: Record<string, string> | undefined;
  options?: CreateOptions | undefined;
}

const BASE_DELAY_MS = 500;

/**
 * Sends calls, retrying network errors, timeouts, 429 and 503 with the same Idempotency-Key, and
 * tells its listeners about each attempt, answer and wait.
 */
export class Transport {
  readonly baseUrl: string;
  readonly events = new Emitter();
  readonly userAgent: string;
  private readonly token: TokenSource;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetch: typeof fetch;
  private readonly sleep: Sleep;
  private readonly conditional: boolean;
  /** The answers kept for conditional GETs; made at the first one (a call may ask for it on a client that does not). */
  private kept: EtagCache | undefined;
  private readonly keptEntries: number | undefined;

  constructor(o: ClientOptions) {
    if (!o.token) throw new TypeError('a token is needed: svc_pat_…, svc_test_… or svc_at_…');
    this.token = o.token;
    this.baseUrl = (o.baseUrl ?? 'http://localhost:3000/api/v1').replace(/\/+$/, '');
    this.timeoutMs = positive('timeoutMs', o.timeoutMs ?? 30_000);
    this.maxRetries = count('maxRetries', o.maxRetries ?? 3);
    this.maxRetryDelayMs = count('maxRetryDelayMs', o.maxRetryDelayMs ?? 60_000);
    this.fetch = o.fetch ?? ((...args) => globalThis.fetch(...args));
    this.sleep = o.sleep ?? sleep;
    this.userAgent = userAgentOf(o.appInfo);
    this.conditional = o.conditional !== undefined && o.conditional !== false;
    this.keptEntries = typeof o.conditional === 'object' ? o.conditional.maxEntries : undefined;
    if (typeof o.conditional === 'object') this.kept = new EtagCache(this.keptEntries);
  }

  async send<T extends object>(call: Call): Promise<WithResponse<T>> {
    const url = new URL(`${this.baseUrl}${call.path}`);
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const o = call.options ?? {};
    const timeoutMs = positive('timeoutMs', o.timeoutMs ?? this.timeoutMs);
    const maxRetries = count('maxRetries', o.maxRetries ?? this.maxRetries);
    const maxRetryDelayMs = count('maxRetryDelayMs', o.maxRetryDelayMs ?? this.maxRetryDelayMs);
    const signal = o.signal;
    // One key for the call, whatever the number of attempts: a retry never creates twice.
    const key = call.method === 'POST' ? (o.idempotencyKey ?? crypto.randomUUID()) : undefined;
    const base = { method: call.method, path: call.path, url: url.toString(), idempotencyKey: key };
    // A GET of a conditional client sends the ETag of the answer it kept for this URL (unless the caller sent its own If-None-Match).
    const conditional = call.method === 'GET' && (o.conditional ?? this.conditional) && !Object.keys(call.headers ?? {}).some((h) => h.toLowerCase() === 'if-none-match');
    const answers = conditional ? (this.kept ??= new EtagCache(this.keptEntries)) : undefined;
    const held: KeptAnswer | undefined = answers?.get(base.url);
    const sent: Call = held ? { ...call, headers: { ...call.headers, 'if-none-match': held.etag } } : call;
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      this.events.emit('request', { ...base, attempt });
      const started = Date.now();
      let res: Response;
      try {
        res = await this.attempt(url, sent, key, signal, timeoutMs);
      } catch (e) {
        if (signal?.aborted) throw e;
        const timedOut = e instanceof Error && e.name === 'TimeoutError';
        const error = new CalendarAccessConnectionError(
          timedOut ? `${call.method} ${call.path} had no answer from ${this.baseUrl} within ${timeoutMs} ms` : `${call.method} ${call.path} could not reach ${this.baseUrl}: ${(e as Error).message}`,
          { cause: e },
        );
        if (attempt > maxRetries) throw error;
        const delayMs = Math.min(jitter(BASE_DELAY_MS * 2 ** (attempt - 1)), maxRetryDelayMs);
        this.retry({ ...base, attempt }, { delayMs, reason: timedOut ? 'timeout' : 'network', basis: 'backoff', status: undefined, retryAfter: undefined, error }, maxRetries);
        await this.sleep(delayMs, signal);
        continue;
      }
      const requestId = res.headers.get('svc-request-id') ?? '';
      const rateLimit = rateLimitOf(res.headers);
      this.events.emit('response', { ...base, attempt, status: res.status, requestId, rateLimit, elapsedMs: Date.now() - started });
      const meta = { status: res.status, requestId, rateLimit, idempotencyKey: key, replayed: res.headers.get('idempotent-replayed') === 'true', attempts: attempt, headers: res.headers };
      if (res.status === 304) {
        // The answer kept is still the server's: a fresh copy of it (or nothing, to an If-None-Match of the caller's own).
        await res.body?.cancel();
        const data = held ? parseJson(held.body, res, call) : {};
        return withResponse(data as T, { ...meta, notModified: true });
      }
      if (res.ok) {
        const text = await res.text();
        const data = parseJson(text, res, call);
        if (answers) {
          const etag = res.headers.get('etag');
          if (etag && res.status === 200) answers.set(base.url, { etag, body: text });
          else answers.delete(base.url);
        }
        return withResponse(data as T, { ...meta, notModified: false });
      }
      // A resource gone, or a token refused: what was kept for it is no longer to be sent.
      if (held && res.status !== 429 && res.status < 500) answers!.delete(base.url);
      const error = await toError(res);
      const wait = retryWait(res, error, attempt - 1);
      if (wait === null || attempt > maxRetries || wait.ms > maxRetryDelayMs) throw error;
      const delayMs = jitter(wait.ms);
      const reason: RetryReason = res.status === 429 ? 'rate_limited' : 'unavailable';
      this.retry({ ...base, attempt }, { delayMs, reason, basis: wait.basis, status: res.status, retryAfter: error.retryAfter, error }, maxRetries);
      await this.sleep(delayMs, signal);
    }
  }

  private retry(at: RequestEvent, wait: { delayMs: number; reason: RetryReason; basis: RetryBasis; status: number | undefined; retryAfter: number | undefined; error: Error }, maxRetries: number): void {
    const what = wait.status !== undefined ? `${wait.status} ${(wait.error as CalendarAccessError).code}` : wait.reason === 'timeout' ? 'no answer in time' : `network error (${wait.error.message})`;
    const why = wait.basis === 'retry-after' ? `Retry-After: ${wait.retryAfter}` : wait.basis === 'ratelimit-reset' ? 'RateLimit-Reset: no call left' : 'backoff';
    const message = `${at.method} ${at.path}: ${what}; attempt ${at.attempt + 1} of ${maxRetries + 1} in ${(wait.delayMs / 1000).toFixed(1)} s (${why})`;
    this.events.emit('retry', { ...at, ...wait, message });
  }

  private async attempt(url: URL, call: Call, key: string | undefined, signal: AbortSignal | undefined, timeoutMs: number): Promise<Response> {
    const token = typeof this.token === 'function' ? await this.token() : this.token;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.headers ?? {})) headers[name.toLowerCase()] = value;
    headers.accept ??= 'application/json';
    if (call.body !== undefined) headers['content-type'] ??= 'application/json';
    headers.authorization = `Bearer ${token}`;
    headers['user-agent'] = this.userAgent;
    if (key) headers['idempotency-key'] = key;
    const timeout = AbortSignal.timeout(timeoutMs);
    return this.fetch(url, {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  }
}

/** A success's JSON object (an empty body reads as `{}`: rawRequest may reach a route that answers none). */
function parseJson(text: string, res: Response, call: Call): object {
  if (text.trim() === '') return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CalendarAccessConnectionError(`${call.method} ${call.path} answered ${res.status} with a body that is not JSON (${res.headers.get('content-type') ?? 'no content type'}): is baseUrl the API's, ending in /api/v1?`, { cause: e });
  }
  if (typeof data !== 'object' || data === null) throw new CalendarAccessConnectionError(`${call.method} ${call.path} answered ${res.status} with ${JSON.stringify(data)}, not a JSON object or array`);
  return data;
}

/** How long to wait before retrying this answer, and why; null when it is not worth retrying. */
function retryWait(res: Response, error: CalendarAccessError, retries: number): { ms: number; basis: RetryBasis } | null {
  // A 429 for a requester's daily limit or a too-many-pending refusal is not cured by waiting seconds.
  if (res.status === 429 && error.code !== 'rate_limited') return null;
  if (res.status !== 429 && res.status !== 503) return null;
  if (error.retryAfter !== undefined) return { ms: error.retryAfter * 1000, basis: 'retry-after' };
  const reset = Number(res.headers.get('ratelimit-reset'));
  if (res.headers.get('ratelimit-remaining') === '0' && Number.isFinite(reset)) return { ms: reset * 1000, basis: 'ratelimit-reset' };
  return { ms: BASE_DELAY_MS * 2 ** retries, basis: 'backoff' };
}

/** The delay spread by up to +25 %, so that clients refused together do not come back together. */
const jitter = (ms: number): number => Math.round(ms * (1 + Math.random() * 0.25));

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

function count(name: string, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new TypeError(`${name} must be a whole number >= 0, got ${String(n)}`);
  return n;
}

function positive(name: string, n: number): number {
  if (!Number.isFinite(n) || n <= 0) throw new TypeError(`${name} must be a number of milliseconds > 0, got ${String(n)}`);
  return n;
}

/** Reads Retry-After: seconds, or an HTTP date. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function toError(res: Response): Promise<CalendarAccessError> {
  const requestId = res.headers.get('svc-request-id') ?? '';
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
  let body: Partial<ErrorBody> | undefined;
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  const e = body?.error;
  // An answer that is not the API's (a proxy's 502 page): named by its status.
  const code: ErrorCode = e?.code ?? (res.status === 503 ? 'unavailable' : res.status === 429 ? 'rate_limited' : 'internal');
  return new CalendarAccessError({
    status: res.status,
    code,
    message: e?.message ?? `HTTP ${res.status} ${res.statusText}`,
    field: e?.field,
    requestId: e?.requestId ?? requestId,
    retryAfter,
    rateLimit: rateLimitOf(res.headers),
  });
}
