import type { Clock } from '../domain/clock.js';
import { asUuid, newId } from '../domain/ids.js';
import { OutboundRefused, validateOutboundUrl, type OutboundPolicy } from '../net/public-address.js';
import type { Db } from '../store/db.js';
import { countFeeds, deleteFeed, findFeed, findFeedByUrl, insertFeed, listFeeds as listFeedRows, type FeedListRow } from '../store/repos/feeds.js';
import { FEED_IMPORT } from './feed-import.js';
import { deleteJobByKey, enqueueJob } from '../store/repos/jobs.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * The owner's iCalendar subscriptions (console and CLI). A feed's busy time is imported by the
 * `feed.import` job (src/services/feed-import.ts) and is never returned by any route.
 */

/** Each feed costs a fetch every 15 minutes and up to 20,000 rows: 20 covers every calendar a person keeps. */
export const MAX_FEEDS_PER_OWNER = 20;
const MAX_NAME_LENGTH = 200;

export interface FeedSummary {
  id: string;
  name: string;
  url: string;
  refreshMinutes: number;
  createdAt: Date;
  lastFetchedAt: Date | null;
  lastSuccessAt: Date | null;
  /** Why the last fetch failed, for the owner; null after a success. */
  lastError: string | null;
  /** What the last good reading skipped or read liberally, 'line N: …' (kept through later failures). */
  lastWarnings: string[];
  consecutiveFailures: number;
  nextFetchAt: Date | null;
  busyIntervals: number;
}

function summarize(row: FeedListRow): FeedSummary {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    refreshMinutes: row.refresh_minutes,
    createdAt: row.created_at,
    lastFetchedAt: row.last_fetched_at,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error,
    lastWarnings: row.last_warnings ?? [],
    consecutiveFailures: row.consecutive_failures,
    nextFetchAt: row.next_fetch_at,
    busyIntervals: row.busy_count,
  };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export interface NewFeed {
  ownerId: string;
  url: string;
  name?: string | null;
}

/**
 * Subscribes the owner to a feed: the URL must pass the outbound guard's rules (https, no
 * credentials, a domain name; any port), and a first import is queued to run at once.
 */
export async function addFeed(db: Db, clock: Clock, policy: OutboundPolicy, input: NewFeed): Promise<FeedSummary> {
  let url: URL;
  try {
    url = validateOutboundUrl(input.url, { ports: 'any', policy });
  } catch (e) {
    if (e instanceof OutboundRefused) throw new ServiceError('invalid', `url: ${e.message}`);
    throw e;
  }
  const name = (input.name ?? url.hostname).trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) throw new ServiceError('invalid', `name: 1 to ${MAX_NAME_LENGTH} characters`);
  const href = url.toString();
  const now = clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findFeedByUrl(trx, input.ownerId, href)) throw new ServiceError('conflict', 'this feed is already subscribed');
      if ((await countFeeds(trx, input.ownerId)) >= MAX_FEEDS_PER_OWNER) {
        throw new ServiceError('conflict', `at most ${MAX_FEEDS_PER_OWNER} feeds per owner; remove one first`);
      }
      const row = await insertFeed(trx, { id: newId(), owner_id: input.ownerId, url: href, name, created_at: now });
      const job = await enqueueJob(trx, { kind: FEED_IMPORT, ownerId: input.ownerId, key: row.id, payload: { feedId: row.id }, runAt: now }, now);
      return summarize({ ...row, next_fetch_at: job.run_at, busy_count: 0 });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ServiceError('conflict', 'this feed is already subscribed');
    throw e;
  }
}

export async function listFeeds(db: Db, ownerId: string): Promise<FeedSummary[]> {
  return (await listFeedRows(db, ownerId, FEED_IMPORT)).map(summarize);
}

function feedId(text: string): string {
  const id = asUuid(text);
  if (id === null) throw new ServiceError('not_found', `no feed ${text} of this owner`);
  return id;
}

/** Unsubscribes: the feed, its busy time and its job go in one transaction. */
export async function removeFeed(db: Db, ownerId: string, idText: string): Promise<void> {
  const id = feedId(idText);
  const removed = await db.transaction().execute(async (trx) => {
    const ok = await deleteFeed(trx, ownerId, id);
    if (ok) await deleteJobByKey(trx, FEED_IMPORT, id);
    return ok;
  });
  if (!removed) throw new ServiceError('not_found', `no feed ${idText} of this owner`);
}

/** Asks for a fetch now (the periodic schedule resumes after it). A fetch already running is not repeated. */
export async function refreshFeed(db: Db, clock: Clock, ownerId: string, idText: string): Promise<{ id: string; nextFetchAt: Date }> {
  const id = feedId(idText);
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    if (!(await findFeed(trx, ownerId, id))) throw new ServiceError('not_found', `no feed ${idText} of this owner`);
    const job = await enqueueJob(trx, { kind: FEED_IMPORT, ownerId, key: id, payload: { feedId: id }, runAt: now }, now);
    return { id, nextFetchAt: job.run_at };
  });
}
