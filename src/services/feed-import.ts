import { newId } from '../domain/ids.js';
import { ICalendarError, ICalendarLimitError } from '../ical/errors.js';
import { ICAL_LIMITS } from '../ical/limits.js';
import type { IcalWorkers } from '../ical/workers.js';
import { guardedFetch, OutboundFailure, type GuardedFetchOptions } from '../net/guarded-fetch.js';
import { OutboundRefused, type OutboundPolicy } from '../net/public-address.js';
import type { Db } from '../store/db.js';
import { feedForImport, recordFeedFailure, recordFeedUnchanged, storeFeedImport } from '../store/repos/feeds.js';
import type { JobRow } from '../store/schema.js';
import { JobAborted, type JobContext, type JobKind, type JobOutcome, type WorkerLog } from '../jobs/queue.js';

/** The job kind that imports one feed; its key is the feed id, so each feed has one job. */
export const FEED_IMPORT = 'feed.import';

export const FEED_LIMITS = {
  connectTimeoutMs: 10_000,
  /** Whole answer, redirects included: a large feed (10 MiB) at 3 Mbit/s still fits. */
  totalTimeoutMs: 30_000,
  /** The most one calendar may have (ical/limits.ts); a larger answer is not read to its end. */
  maxBodyBytes: ICAL_LIMITS.maxBytes,
  maxRedirects: 3,
  /** Of the merged busy intervals, the earliest 20,000 are stored: ~50 a day for the 400-day horizon. */
  maxIntervals: 20_000,
  /** Warnings of a reading kept to show the owner; past them, one more line counts the rest. */
  maxWarnings: 50,
  /** Busy time from a day back (events still running) to 400 days ahead (the booking window's limit). */
  pastMs: 86_400_000,
  futureMs: 400 * 86_400_000,
};

export interface FeedImportDeps {
  db: Db;
  policy: OutboundPolicy;
  /** Where the feed's text is read: worker threads, off the request path. */
  ical: Pick<IcalWorkers, 'busyRead'>;
  /** Certificates to trust instead of the system's (tests' self-signed servers only). */
  ca?: GuardedFetchOptions['ca'];
  log?: WorkerLog;
  limits?: Partial<typeof FEED_LIMITS>;
}

/** The feed answered, but not with a calendar (a status other than 2xx or 304). */
class FeedAnswerRefused extends Error {}

/** Why a fetch produced no usable calendar, in words the owner can act on. */
function ownerReason(e: unknown): string {
  if (e instanceof OutboundFailure && e.reason === 'too_large') return `the feed is too large to read: ${e.message}, the most one calendar may have`;
  if (e instanceof OutboundFailure || e instanceof OutboundRefused || e instanceof FeedAnswerRefused) return e.message;
  if (e instanceof ICalendarLimitError) return `the feed is too large to read: ${e.message}`;
  if (e instanceof ICalendarError) return `the address did not return an iCalendar file: ${e.message.replace(/^not an iCalendar file: /, '')}`;
  // Anything else is the service's own failure: never its text (the log has it).
  return 'the feed could not be read because of an error in the service; it is tried again later';
}

/** The first `max` warnings, and one line counting the rest. */
function keptWarnings(warnings: string[], max: number): string[] {
  if (warnings.length <= max) return warnings;
  return [...warnings.slice(0, max), `${warnings.length - max} more warnings not listed`];
}

function statusReason(status: number): string {
  if (status === 401 || status === 403) return `the feed refused access (HTTP ${status}); the link may have been revoked: copy a new one from the calendar's sharing settings`;
  if (status === 404 || status === 410) return `the feed no longer exists at this address (HTTP ${status})`;
  if (status >= 300 && status < 400) return `the feed redirected without a usable address (HTTP ${status})`;
  if (status >= 500) return `the feed's server failed (HTTP ${status}); it is tried again later`;
  return `the feed answered HTTP ${status} instead of a calendar`;
}

/** The feed import as a job kind: one line in the registry (server/job-kinds.ts). */
export function feedImportKind(deps: FeedImportDeps): JobKind {
  return { run: (job, ctx) => importFeed(deps, job, ctx) };
}

/**
 * Fetches one feed (conditionally, with the stored ETag / Last-Modified), expands its busy time
 * over the horizon and replaces the feed's imported_busy rows. A failure keeps the old rows, tells
 * the owner why (calendar_feeds.last_error) and throws, so the job backs off; success schedules the
 * next fetch refresh_minutes later.
 */
export async function importFeed(deps: FeedImportDeps, job: JobRow, ctx: JobContext): Promise<JobOutcome> {
  const limits = { ...FEED_LIMITS, ...deps.limits };
  const feedId = (job.payload as { feedId?: unknown } | null)?.feedId;
  if (typeof feedId !== 'string' || !job.owner_id) return { done: true };
  const feed = await feedForImport(deps.db, job.owner_id, feedId);
  // Removed (or its owner deleted) since the job was queued: nothing left to do.
  if (!feed) return { done: true };

  const conditional: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (feed.etag) conditional['if-none-match'] = feed.etag;
  if (feed.last_modified) conditional['if-modified-since'] = feed.last_modified;

  let intervals: { start: Date; end: Date }[];
  let warnings: string[];
  let validators: { etag: string | null; lastModified: string | null };
  try {
    const res = await guardedFetch(feed.url, {
      policy: deps.policy,
      ports: 'any',
      headers: conditional,
      connectTimeoutMs: limits.connectTimeoutMs,
      totalTimeoutMs: limits.totalTimeoutMs,
      maxBodyBytes: limits.maxBodyBytes,
      maxRedirects: limits.maxRedirects,
      signal: ctx.signal,
      ...(deps.ca ? { ca: deps.ca } : {}),
    });
    if (res.status === 304) {
      const now = ctx.clock.now();
      await recordFeedUnchanged(deps.db, feed.owner_id, feed.id, now);
      return { runAt: new Date(now.getTime() + feed.refresh_minutes * 60_000) };
    }
    if (res.status < 200 || res.status >= 300) throw new FeedAnswerRefused(statusReason(res.status));
    const window = { from: new Date(ctx.now.getTime() - limits.pastMs), to: new Date(ctx.now.getTime() + limits.futureMs) };
    // Merged in the thread: availability needs only the union, so overlapping and touching intervals become one row.
    const read = await deps.ical.busyRead(res.body.toString('utf8'), { window, defaultTimezone: feed.owner_timezone, signal: ctx.signal });
    const merged = read.busy;
    warnings = keptWarnings(read.warnings, limits.maxWarnings);
    if (merged.length > limits.maxIntervals) {
      deps.log?.warn({ feed: feed.id, intervals: merged.length }, `feed ${feed.id} has ${merged.length} busy intervals; the earliest ${limits.maxIntervals} are kept`);
      warnings.push(`the feed has ${merged.length.toLocaleString('en-US')} busy times in the next 400 days; the earliest ${limits.maxIntervals.toLocaleString('en-US')} are kept`);
    }
    intervals = merged.slice(0, limits.maxIntervals).map((r) => ({ start: new Date(r.start), end: new Date(r.end) }));
    validators = { etag: res.headers.etag ?? null, lastModified: res.headers['last-modified'] ?? null };
  } catch (e) {
    if (ctx.signal.aborted) throw new JobAborted('the worker is stopping');
    const reason = ownerReason(e);
    if (reason.startsWith('the feed could not be read because')) deps.log?.error({ feed: feed.id, err: e }, `feed ${feed.id} could not be read`);
    await recordFeedFailure(deps.db, feed.owner_id, feed.id, reason, ctx.clock.now());
    throw new Error(reason);
  }

  const now = ctx.clock.now();
  const stored = await storeFeedImport(deps.db, {
    ownerId: feed.owner_id,
    feedId: feed.id,
    intervals,
    warnings,
    etag: validators.etag,
    lastModified: validators.lastModified,
    now,
    newId,
  });
  if (!stored) return { done: true };
  return { runAt: new Date(now.getTime() + feed.refresh_minutes * 60_000) };
}
