import { formatInstant } from '../domain/instant.js';
import { addFeed, listFeeds, refreshFeed, removeFeed, type FeedSummary } from '../services/feeds.js';
import { requireOwner } from '../services/owners.js';
import { optionalStringArg, stringArg, type Operation } from './operation.js';

export interface FeedEntry {
  id: string;
  name: string;
  url: string;
  refreshMinutes: number;
  createdAt: string;
  lastFetchedAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastWarnings: string[];
  consecutiveFailures: number;
  nextFetchAt: string | null;
  busyIntervals: number;
}

const instantOrNull = (d: Date | null): string | null => (d === null ? null : formatInstant(d));

function entry(f: FeedSummary): FeedEntry {
  return {
    id: f.id,
    name: f.name,
    url: f.url,
    refreshMinutes: f.refreshMinutes,
    createdAt: formatInstant(f.createdAt),
    lastFetchedAt: instantOrNull(f.lastFetchedAt),
    lastSuccessAt: instantOrNull(f.lastSuccessAt),
    lastError: f.lastError,
    lastWarnings: f.lastWarnings,
    consecutiveFailures: f.consecutiveFailures,
    nextFetchAt: instantOrNull(f.nextFetchAt),
    busyIntervals: f.busyIntervals,
  };
}

/** The URL is checked by the outbound guard's rules under this process's ALLOW_PRIVATE_HOSTS. */
export const feedAddOperation: Operation<FeedEntry> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const feed = await addFeed(rt.store.db, rt.clock, rt.outbound, {
    ownerId: owner.id,
    url: stringArg(args, 'url'),
    name: optionalStringArg(args, 'name'),
  });
  return entry(feed);
};

export const feedListOperation: Operation<FeedEntry[]> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  return (await listFeeds(rt.store.db, owner.id)).map(entry);
};

export const feedRemoveOperation: Operation<{ id: string; removed: true }> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const id = stringArg(args, 'id');
  await removeFeed(rt.store.db, owner.id, id);
  return { id, removed: true };
};

export const feedRefreshOperation: Operation<{ id: string; nextFetchAt: string }> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const r = await refreshFeed(rt.store.db, rt.clock, owner.id, stringArg(args, 'id'));
  return { id: r.id, nextFetchAt: formatInstant(r.nextFetchAt) };
};
