import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidArgumentError, type Command } from 'commander';
import { formatInstant, parseInstant } from '../../domain/instant.js';
import { newSigningSecret, signatureHeader } from '../../webhooks/sign.js';
import { CommandFailed } from '../errors.js';
import { outputGone, print, say } from '../output.js';
import { findService, httpUrlOption, noServiceAnswers } from '../service-address.js';

// `calendar-access listen` (like `stripe listen`): forwards a token's webhook events to an address on
// the developer's own machine, which the service itself never delivers to (https on 443, public
// addresses only). A pure HTTP client of the catch-up route: it never opens the database (without
// --api it asks the `serve` holding the data folder, over its admin channel, where it answers).

const POLL_MS = 2000;
const PAGE_LIMIT = 100;
/** Events are looked for again this far behind the newest one seen: one may commit after a later one. */
const OVERLAP_MS = 10_000;
/** Catch-up goes back at most 30 days; keep `since` a little inside that. */
const WINDOW_MS = 30 * 86_400_000 - 3_600_000;
const FORWARD_TIMEOUT_MS = 15_000;
const API_TIMEOUT_MS = 30_000;

interface ListenOptions {
  token: string;
  forwardTo: URL;
  api?: URL;
  since?: string;
  once?: boolean;
}

/** What one catch-up item is read as; its JSON is forwarded as received. */
interface Received {
  id: string;
  type: string;
  occurredAt: string;
}

/** The API refused or failed: the command ends with exit status 1. */
class ApiFailure extends CommandFailed {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
  }
}

/** No answer at all from the API's address (refused, unknown host, timed out). */
class Unreachable extends ApiFailure {
  constructor(base: string, readonly why: string) {
    super(`cannot reach the API at ${base}: ${why}`, true);
  }
}

function instantArg(text: string): string {
  if (!parseInstant(text)) throw new InvalidArgumentError('an RFC 3339 UTC instant, e.g. 2026-05-04T09:00:00Z.');
  return text;
}

/** Without --api: the running service's address (server/admin channel), else the configuration's. */

const isAbort = (e: unknown): boolean => e instanceof Error && (e.name === 'AbortError' || (e.cause instanceof Error && e.cause.name === 'AbortError'));

function reason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  if (e.name === 'TimeoutError') return 'timed out';
  const cause = e.cause as { code?: string; message?: string } | undefined;
  return cause?.message ? cause.message : e.message;
}

/** One page of catch-up; an answer other than 200 is an ApiFailure with the API's code and message. */
async function fetchPage(base: string, token: string, since: string, cursor: string | null, signal: AbortSignal): Promise<{ raw: unknown[]; nextCursor: string | null }> {
  const url = `${base}/api/v1/webhook-events?since=${encodeURIComponent(since)}&limit=${PAGE_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.any([signal, AbortSignal.timeout(API_TIMEOUT_MS)]) });
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new Unreachable(base, reason(e));
  }
  const text = await res.text();
  if (res.status !== 200) {
    let detail = text.slice(0, 300);
    try {
      const body = JSON.parse(text) as { error?: { code?: string; message?: string; field?: string } };
      if (body.error?.code) detail = `${body.error.code}: ${body.error.message ?? ''}${body.error.field ? ` (field ${body.error.field})` : ''}`;
    } catch {
      // not JSON: shown as it came
    }
    const retryable = res.status === 429 || res.status >= 500;
    throw new ApiFailure(`the API answered ${res.status} ${detail}`, retryable);
  }
  const body = JSON.parse(text) as { data: unknown[]; nextCursor: string | null };
  return { raw: body.data, nextCursor: body.nextCursor };
}

/** Every event from `since` on, paging through nextCursor. */
async function fetchAll(base: string, token: string, since: string, signal: AbortSignal): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchPage(base, token, since, cursor, signal);
    all.push(...page.raw);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** What became of one forward: the receiver's status, or why there was none; any 2xx is success (spec "Delivery request"). */
interface Outcome {
  ok: boolean;
  text: string;
}

/** POSTs one event as a delivery would be made (spec "Delivery request"), attempt 1, signed afresh. */
async function forward(to: URL, secret: string, event: Received, body: string, signal: AbortSignal): Promise<Outcome> {
  const t = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(to, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Svc-Webhooks/1.0',
        'svc-event-id': event.id,
        'svc-event-type': event.type,
        'svc-delivery-attempt': '1',
        'svc-signature': signatureHeader([secret], t, body),
      },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
    });
    await res.body?.cancel().catch(() => undefined);
    return { ok: res.status >= 200 && res.status < 300, text: String(res.status) };
  } catch (e) {
    if (isAbort(e)) throw e;
    return { ok: false, text: `failed (${reason(e)})` };
  }
}

/**
 * Polls the catch-up route and forwards what is new. "Ready!" comes once the API has taken the
 * token (the first page is its check). With --once it forwards what is there and ends: exit 1 when a
 * forward was not accepted, so a script notices; without, it keeps going (a receiver restarting is
 * a normal moment of development) until ^C.
 */
async function listen(opts: ListenOptions, cmd: Command): Promise<void> {
  const found = await findService(opts.api, cmd);
  const base = found.url.toString().replace(/\/+$/, '');
  const secret = newSigningSecret();
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Piped into `head`, which has read enough: end as ^C would.
  outputGone.addEventListener('abort', onSignal, { once: true });

  // --once forwards what catch-up holds (30 days); a running listen, what happens from now on.
  let since = opts.since ?? formatInstant(new Date(Date.now() - (opts.once ? WINDOW_MS : 0)));
  /** Ids forwarded, with their occurredAt in ms, forgotten once they fall behind `since`. */
  const forwarded = new Map<string, number>();
  let sent = 0;
  let failed = 0;
  let reached = false;
  try {
    while (!stop.signal.aborted) {
      let retryIn = POLL_MS;
      try {
        const floor = Date.now() - WINDOW_MS;
        if (Date.parse(since) < floor && reached) since = formatInstant(new Date(floor));
        const items = await fetchAll(base, opts.token, since, stop.signal);
        if (!reached) say(`Ready! Forwarding the events of ${base} to ${opts.forwardTo.href}. Your webhook signing secret is ${secret} (^C to quit)`);
        reached = true;
        let newest = Date.parse(since);
        for (const item of items) {
          const event = item as Received;
          const occurred = Date.parse(event.occurredAt);
          if (occurred > newest) newest = occurred;
          if (forwarded.has(event.id)) continue;
          const body = JSON.stringify(item);
          const outcome = await forward(opts.forwardTo, secret, event, body, stop.signal);
          forwarded.set(event.id, occurred);
          sent += 1;
          if (!outcome.ok) failed += 1;
          print(`${event.occurredAt}  ${event.type}  ${event.id}  → ${outcome.text}`);
        }
        // Look again from the newest event seen, a little behind it; what was forwarded is skipped.
        const next = Math.max(Date.parse(since), newest - OVERLAP_MS);
        since = formatInstant(new Date(next));
        for (const [id, occurred] of forwarded) if (occurred < next) forwarded.delete(id);
      } catch (e) {
        if (isAbort(e) || stop.signal.aborted) break;
        // A refusal (401, 403, 422, ...) ends the command; a passing fault is retried once running.
        // Never reached: say where it looked and how to point it elsewhere, in one sentence.
        if (e instanceof Unreachable && !reached) throw noServiceAnswers(found, e.why);
        if (!(e instanceof ApiFailure) || !e.retryable || !reached || opts.once) throw e;
        say(`calendar-access listen: ${e.message}; trying again`);
        retryIn = POLL_MS * 5;
      }
      if (opts.once) break;
      try {
        await sleep(retryIn, undefined, { signal: stop.signal });
      } catch {
        break;
      }
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    outputGone.removeEventListener('abort', onSignal);
  }
  if (opts.once && failed > 0) {
    throw new CommandFailed(`${failed} of ${sent} events were not accepted by ${opts.forwardTo.href} (a 2xx answer is success)`);
  }
}

export function registerListen(program: Command): void {
  program
    .command('listen')
    .description(
      'Forward the webhook events a token receives to a local address (like `stripe listen`): polls GET /webhook-events every 2 s ' +
        'and POSTs each event there with the delivery headers, signed with a fresh secret printed at start. Talks to the API over HTTP only.',
    )
    .requiredOption('--token <token>', 'a token holding `webhooks` (and the scopes of the events wanted)')
    .requiredOption('--forward-to <url>', 'where to POST each event, http or https, e.g. http://localhost:4242/webhooks', httpUrlOption('--forward-to', 'http://localhost:4242/webhooks'))
    .option('--api <base>', 'base URL of the API (default: where the `serve` running on the data folder answers, else PUBLIC_BASE_URL, else http://localhost:PORT)', httpUrlOption('--api', 'http://localhost:3000'))
    .option('--since <instant>', 'forward events from this instant on, at most 30 days back (default: now; with --once, 30 days back)', instantArg)
    .option('--once', 'forward what catch-up holds now and exit; exit status 1 when a forward is not answered 2xx')
    .action((opts: ListenOptions, cmd: Command) => listen(opts, cmd));
}
