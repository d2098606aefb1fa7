import fastJson from 'fast-json-stringify';
import { decodeCursor, encodeCursor, queryFingerprint } from '../../domain/cursor.js';
import { feedItem } from '../../domain/event-feed.js';
import { formatInstant } from '../../domain/instant.js';
import { decodeSyncToken, encodeSyncToken, nextSyncPosition, SYNC_TOKEN_REFRESH_MS, syncHolder, type SyncPosition } from '../../domain/sync-token.js';
import { feedPage } from '../../store/repos/event-feed.js';
import { ApiError, invalidInput } from '../errors.js';
import { DEFAULT_LIMIT } from '../keyset.js';
import { presentEvent } from '../presenters/event.js';
import { presentSeries } from '../presenters/series.js';
import { keptPage } from '../page-bytes.js';
import { defineRoute, JsonBytes } from '../route.js';
import { EventChanges, EventChangesQuery } from '../schemas/event-changes.js';
import type { Static } from 'typebox';

type Page = Static<typeof EventChanges>;

const writePage = fastJson(EventChanges);
const NO_MARKERS = Buffer.alloc(0);
const KEPT_WITH_NEW_TOKEN_MS = 3_600_000;

const START_AGAIN = 'This sync token is older than the 30 days changes are kept: start again without syncToken (a full sync).';

/**
 * GET /events/changes (issue 31, docs/sync.md): the owner's events and series changed since a sync
 * token, or all of them without one, in rounds of pages. A round reads the rows numbered above the
 * token's position and up to the owner's last number as its first page saw it
 * (store/repos/event-feed.ts); its last page hands out the next token. A page's cursor holds the
 * round's upper position and the last row.
 */
export const listEventChanges = defineRoute({
  method: 'GET',
  url: '/events/changes',
  operationId: 'listEventChanges',
  summary: 'Every event and series created, changed or deleted since a sync token (without one: all of them, a full sync), in pages; the last page of a round gives the next token. Not bound to a window.',
  tag: 'Events',
  scope: 'events:read',
  rateClass: 'read',
  querystring: EventChangesQuery,
  response: EventChanges,
  errors: ['invalid_input', 'resync_required'],
  async handler(ctx) {
    const { query, principal, services, now } = ctx;
    const secret = services.secrets.cursor;
    const holder = syncHolder(principal);
    let from: SyncPosition | null = null;
    if (query.syncToken !== undefined) {
      const read = decodeSyncToken(secret, query.syncToken, holder, now);
      if (!read.ok && read.reason === 'expired') throw new ApiError('resync_required', START_AGAIN, 'syncToken');
      if (!read.ok) throw invalidInput('syncToken', read.reason === 'holder' ? 'The sync token belongs to another token.' : 'The sync token is not one this service issued.');
      from = read.position;
    }
    const limit = query.limit ?? DEFAULT_LIMIT;
    const cursorContext = { fingerprint: queryFingerprint('event-changes', query), tokenId: holder, now };
    let upper: string | null = null;
    let after: { stamp: string; id: string } | null = null;
    if (query.cursor !== undefined) {
      const read = decodeCursor(secret, query.cursor, cursorContext);
      if (!read.ok) throw invalidInput('cursor', `The cursor ${read.reason}.`);
      const [u, stamp] = typeof read.position.key === 'string' ? read.position.key.split('.') : [];
      if (!u || !stamp) throw invalidInput('cursor', 'The cursor is not a cursor of this list.');
      upper = u;
      after = { stamp, id: read.position.id };
    }

    // Kept until the owner's busy counter moves (every change of an event or an override moves it):
    // a sync client polling one token is answered from memory, and its ETag hashed once. A page
    // that hands out a token made now is kept an hour at most (a token kept longer would start its
    // 30 days earlier than the client thinks); one that hands the same token back, until that token
    // is a day old and an empty round would hand a fresh one. Only a round's first page from a
    // token is kept: that is what polling asks again, where the pages of a full sync (a hundred of
    // a big calendar, asked once) would push other owners' kept pages out of the cache.
    const readPage = async () => {
      const read = await feedPage(services.db, principal.ownerId, { lower: from?.after ?? null, upper, after, take: limit + 1 });
      // A position beyond the owner's last change number was not made by this database (a restored or replaced one).
      if (from && BigInt(from.after) > BigInt(read.last)) throw new ApiError('resync_required', 'This sync token was not made by this database: start again without syncToken (a full sync).', 'syncToken');
      const body: Page = { events: [], series: [], deleted: [], nextCursor: null, nextSyncToken: null };
      const rows = read.rows.slice(0, limit);
      for (const row of rows) {
        const item = feedItem(row.event, row.overrides);
        if (item.kind === 'deleted') body.deleted.push({ id: item.id, deletedAt: formatInstant(item.deletedAt) });
        else if (item.kind === 'event') body.events.push(presentEvent(item.view));
        else {
          body.series.push(presentSeries(item.series, item.overrides));
          for (const view of item.exceptions) body.events.push(presentEvent(view));
        }
      }
      let stableUntil = now.getTime() + KEPT_WITH_NEW_TOKEN_MS;
      if (read.rows.length > limit) {
        const last = rows[rows.length - 1]!;
        body.nextCursor = encodeCursor(secret, { key: `${read.upper}.${last.stamp}`, id: last.event.id }, cursorContext);
      } else {
        // Earlier pages of the round returned rows; a one-page round returned what it holds.
        const position = nextSyncPosition(from, read.upper, after !== null || rows.length > 0, now);
        if (position === from) stableUntil = from.issuedAt + SYNC_TOKEN_REFRESH_MS;
        body.nextSyncToken = encodeSyncToken(secret, holder, position);
      }
      return { page: { data: Buffer.from(writePage(body)), deleted: NO_MARKERS, last: null }, stableUntil };
    };
    const polled = from !== null && query.cursor === undefined;
    const key = `event-changes|${holder}|${query.syncToken}|${limit}`;
    const page = polled ? await keptPage(services, principal.ownerId, 'busy', key, now, readPage) : (await readPage()).page;
    return new JsonBytes(page.data);
  },
});
