import { CalendarAccessConnectionError, CalendarAccessError, type ErrorBody, type ErrorCode } from './errors.js';

/** Where a token comes from: a value (svc_pat_…, svc_test_… or svc_at_…), or a function asked before each call (OAuth: refresh it there). */
export type TokenSource = string | (() => string | Promise<string>);

export interface ClientOptions {
  /** A personal token (`svc_pat_…`), a test token (`svc_test_…`), or an OAuth access token (`svc_at_…`), or a function giving one. */
  token: TokenSource;
  /** The API's base, up to and including `/api/v1`. Default `http://localhost:3000/api/v1`. */
  baseUrl?: string;
  /** Milliseconds one attempt may take before it is abandoned (and retried). Default 30 000. */
  timeoutMs?: number;
  /** Retries after the first attempt, for network errors, 429 and 503. Default 3; 0 turns retries off. */
  maxRetries?: number;
  /** The longest wait before one retry, in milliseconds; a server asking for longer is not retried. Default 60 000. */
  maxRetryDelayMs?: number;
  /** The fetch to use (a test double, a proxy agent…). Default the global fetch. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** The Idempotency-Key of a POST; one is made when not given, and kept for every retry of this call. */
  idempotencyKey?: string;
  /** Aborts the call, including its waits between retries. */
  signal?: AbortSignal;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  options?: CallOptions | undefined;
}

const BASE_DELAY_MS = 500;

/** Sends calls, retrying network errors, 429 and 503 with the same Idempotency-Key. */
export class Transport {
  readonly baseUrl: string;
  private readonly token: TokenSource;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetch: typeof fetch;

  constructor(o: ClientOptions) {
    if (!o.token) throw new TypeError('a token is needed: svc_pat_…, svc_test_… or svc_at_…');
    this.token = o.token;
    this.baseUrl = (o.baseUrl ?? 'http://localhost:3000/api/v1').replace(/\/+$/, '');
    this.timeoutMs = o.timeoutMs ?? 30_000;
    this.maxRetries = o.maxRetries ?? 3;
    this.maxRetryDelayMs = o.maxRetryDelayMs ?? 60_000;
    this.fetch = o.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  async send<T>(call: Call): Promise<T> {
    const url = new URL(`${this.baseUrl}${call.path}`);
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    // One key for the call, whatever the number of attempts: a retry never creates twice.
    const key = call.method === 'POST' ? (call.options?.idempotencyKey ?? crypto.randomUUID()) : undefined;
    for (let attempt = 0; ; attempt++) {
      const signal = call.options?.signal;
      signal?.throwIfAborted();
      let res: Response;
      try {
        res = await this.attempt(url, call, key, signal);
      } catch (e) {
        if (signal?.aborted) throw e;
        if (attempt >= this.maxRetries) throw new CalendarAccessConnectionError(`${call.method} ${call.path} could not reach ${this.baseUrl}: ${(e as Error).message}`, { cause: e });
        await sleep(this.backoff(attempt), signal);
        continue;
      }
      if (res.ok) return (await res.json()) as T;
      const error = await toError(res);
      const wait = retryWait(res, error, attempt);
      if (wait === null || attempt >= this.maxRetries || wait > this.maxRetryDelayMs) throw error;
      await sleep(jitter(wait), signal);
    }
  }

  private async attempt(url: URL, call: Call, key: string | undefined, signal: AbortSignal | undefined): Promise<Response> {
    const token = typeof this.token === 'function' ? await this.token() : this.token;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (key) headers['idempotency-key'] = key;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.timeoutMs);
    return this.fetch(url, {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  }

  /** After a network error: 0.5 s, 1 s, 2 s … with jitter. */
  private backoff(attempt: number): number {
    return Math.min(jitter(BASE_DELAY_MS * 2 ** attempt), this.maxRetryDelayMs);
  }
}

/** Milliseconds to wait before retrying this answer, or null when it is not worth retrying. */
function retryWait(res: Response, error: CalendarAccessError, attempt: number): number | null {
  // A 429 for a requester's daily limit or a too-many-pending refusal is not cured by waiting seconds.
  if (res.status === 429 && error.code !== 'rate_limited') return null;
  if (res.status !== 429 && res.status !== 503) return null;
  if (error.retryAfter !== undefined) return error.retryAfter * 1000;
  const reset = Number(res.headers.get('ratelimit-reset'));
  if (res.headers.get('ratelimit-remaining') === '0' && Number.isFinite(reset)) return reset * 1000;
  return BASE_DELAY_MS * 2 ** attempt;
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
  return new CalendarAccessError({ status: res.status, code, message: e?.message ?? `HTTP ${res.status} ${res.statusText}`, field: e?.field, requestId: e?.requestId ?? requestId, retryAfter });
}
