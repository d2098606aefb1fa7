import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { checkLiteral, guardedLookup, OutboundRefused, validateOutboundUrl, type OutboundPolicy, type UrlRules } from './public-address.js';

/**
 * Outbound HTTP through the address guard (public-address.ts), with undici 7: every connection's
 * host is resolved and checked by the guard's lookup and connected to the checked address (TLS still
 * verifies the host name); IP literals are checked at connect too. Redirects are never followed by
 * undici; with maxRedirects > 0 they are followed here, each target validated again.
 */

export interface GuardedFetchOptions {
  policy: OutboundPolicy;
  /** Port rule for the first URL and every redirect target. */
  ports: UrlRules['ports'];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connectTimeoutMs: number;
  /** The whole exchange, redirects included, from the first connect to the last byte read. */
  totalTimeoutMs: number;
  /** At most this many bytes of the answer body are read. */
  maxBodyBytes: number;
  /** 'fail' (a feed: a partial calendar is no calendar) or 'truncate' (a webhook answer: logged, not used). */
  overLimit?: 'fail' | 'truncate';
  /** 0 returns a 3xx as is (webhooks); feeds follow up to 3. */
  maxRedirects: number;
  /** Certificates to trust instead of the system's roots: tests with a self-signed server only. */
  ca?: string | Buffer | (string | Buffer)[];
  signal?: AbortSignal;
  /**
   * A kept-alive guarded agent (guardedAgent) to reuse, owned by the caller: its connections were
   * checked when made. Without one, each fetch has its own agent and no socket outlives it.
   */
  agent?: Agent;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  truncated: boolean;
}

export type FetchFailureReason = 'refused' | 'timeout' | 'too_large' | 'too_many_redirects' | 'bad_redirect' | 'tls' | 'network';

/** A fetch that produced no usable answer; the message is written for the owner to read. */
export class OutboundFailure extends Error {
  override readonly name = 'OutboundFailure';
  constructor(readonly reason: FetchFailureReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function findRefusal(e: unknown): OutboundRefused | null {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof OutboundRefused) return cur;
  }
  return null;
}

function describeError(e: unknown, host: string, o: GuardedFetchOptions, timedOut: boolean): OutboundFailure {
  const refusal = findRefusal(e);
  if (refusal) return new OutboundFailure('refused', refusal.message, { cause: e });
  const code = (e as NodeJS.ErrnoException).code ?? '';
  if (timedOut) return new OutboundFailure('timeout', `${host} did not answer within ${Math.round(o.totalTimeoutMs / 1000)} seconds`, { cause: e });
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new OutboundFailure('timeout', `could not connect to ${host} within ${Math.round(o.connectTimeoutMs / 1000)} seconds`, { cause: e });
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new OutboundFailure('timeout', `${host} did not answer within ${Math.round(o.totalTimeoutMs / 1000)} seconds`, { cause: e });
  }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return new OutboundFailure('tls', `could not make a secure connection to ${host}: ${(e as Error).message}`, { cause: e });
  }
  if (code === 'ECONNREFUSED') return new OutboundFailure('network', `${host} refused the connection`, { cause: e });
  return new OutboundFailure('network', `could not reach ${host}: ${(e as Error).message}`, { cause: e });
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, o: GuardedFetchOptions, host: string): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > o.maxBodyBytes) {
      if ((o.overLimit ?? 'fail') === 'fail') {
        body.destroy();
        throw new OutboundFailure('too_large', `${host} sent more than ${formatBytes(o.maxBodyBytes)}`);
      }
      chunks.push(chunk.subarray(0, o.maxBodyBytes - size));
      body.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${n / (1024 * 1024)} MiB` : `${n / 1024} KiB`;
}

/**
 * An undici Agent whose every connection passes the guard: the name resolved, every address checked,
 * the socket connected to a checked address. By default one per fetch; a caller that keeps one
 * (webhook deliveries, one per endpoint) reuses its checked connections.
 */
export function guardedAgent(o: Pick<GuardedFetchOptions, 'connectTimeoutMs' | 'totalTimeoutMs' | 'policy' | 'ca'>, keepAlive: { connections: number; keepAliveTimeoutMs: number } | null = null): Agent {
  const base = buildConnector({ timeout: o.connectTimeoutMs, lookup: guardedLookup(o.policy), ...(o.ca ? { ca: o.ca } : {}) });
  return new Agent({
    connect: (opts, callback) => {
      // net.connect skips `lookup` for an IP literal: check it here instead.
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0) {
        try {
          checkLiteral(host, o.policy);
        } catch (e) {
          callback(e as Error, null);
          return;
        }
      }
      base(opts, callback);
    },
    headersTimeout: o.totalTimeoutMs,
    bodyTimeout: o.totalTimeoutMs,
    connections: keepAlive?.connections ?? 1,
    ...(keepAlive ? { keepAliveTimeout: keepAlive.keepAliveTimeoutMs, keepAliveMaxTimeout: keepAlive.keepAliveTimeoutMs } : {}),
  });
}

/**
 * Fetches a URL through the guard. Throws OutboundRefused when the URL itself breaks the rules, and
 * OutboundFailure when no answer came (refused address, time-out, too large, TLS, network). Any
 * status is an answer: the caller decides what a 404 or a 3xx means.
 */
export async function guardedFetch(target: string, o: GuardedFetchOptions): Promise<GuardedResponse> {
  let url = validateOutboundUrl(target, { ports: o.ports, policy: o.policy });
  const agent = o.agent ?? guardedAgent(o);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, o.totalTimeoutMs);
  const onOuterAbort = () => controller.abort();
  o.signal?.addEventListener('abort', onOuterAbort, { once: true });
  let method = o.method ?? 'GET';
  let body = o.body;
  try {
    for (let redirects = 0; ; redirects++) {
      let res;
      try {
        res = await request(url, {
          dispatcher: agent,
          method,
          headers: { ...(Object.keys(o.headers ?? {}).some((h) => h.toLowerCase() === 'user-agent') ? {} : { 'user-agent': 'calendar-access' }), ...o.headers },
          ...(body !== undefined ? { body } : {}),
          signal: controller.signal,
        });
      } catch (e) {
        if (o.signal?.aborted) throw e;
        throw describeError(e, url.hostname, o, timedOut);
      }
      const headers = flattenHeaders(res.headers);
      if (REDIRECTS.has(res.statusCode) && o.maxRedirects > 0) {
        await res.body.dump().catch(() => undefined);
        if (redirects >= o.maxRedirects) throw new OutboundFailure('too_many_redirects', `${url.hostname} redirected more than ${o.maxRedirects} times`);
        const location = headers.location;
        if (!location) throw new OutboundFailure('bad_redirect', `${url.hostname} answered ${res.statusCode} without a Location`);
        try {
          url = validateOutboundUrl(new URL(location, url).toString(), { ports: o.ports, policy: o.policy });
        } catch (e) {
          const why = e instanceof OutboundRefused ? e.message : String(e);
          throw new OutboundFailure('bad_redirect', `${url.hostname} redirected to a refused address: ${why}`, { cause: e });
        }
        if (res.statusCode === 303) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      let read;
      try {
        read = await readCapped(res.body, o, url.hostname);
      } catch (e) {
        if (e instanceof OutboundFailure || o.signal?.aborted) throw e;
        throw describeError(e, url.hostname, o, timedOut);
      }
      return { status: res.statusCode, headers, body: read.body, url: url.toString(), truncated: read.truncated };
    }
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onOuterAbort);
    if (!o.agent) await agent.destroy().catch(() => undefined);
  }
}
