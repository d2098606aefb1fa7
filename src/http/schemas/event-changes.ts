import Type from 'typebox';
import { SYNC_TOKEN_PATTERN } from '../../domain/sync-token.js';
import { Cursor, DeletedMarker, Limit, Nullable } from './common.js';
import { CalendarEvent } from './resources.js';
import { Series } from './series.js';

/** GET /events/changes (docs/sync.md): the round's token, the page size and the page's cursor. */
export const SyncToken = Type.String({
  pattern: SYNC_TOKEN_PATTERN,
  maxLength: 512,
  description: 'the nextSyncToken of an earlier round, as it was answered',
  examples: ['eyJoIjoidG9rZW46NWYz.Xk3bQ9pA0vN2cR7tY1uW4e'],
});

export const EventChangesQuery = Type.Object(
  {
    syncToken: Type.Optional(SyncToken),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const EventChanges = Type.Object(
  {
    events: Type.Array(CalendarEvent, {
      description: 'single events created or changed, and every exception (changed, moved or cancelled occurrence) of each series in `series`',
    }),
    series: Type.Array(Series, { description: 'series created or changed; each replaces what the client held of it, its exceptions included' }),
    deleted: Type.Array(DeletedMarker, { description: 'events and series deleted (a series with all its occurrences); never on a full sync' }),
    nextCursor: Nullable(Type.String({ description: 'the cursor of the next page of this round; null on its last page' })),
    nextSyncToken: Nullable(Type.String({ description: 'on the last page of a round: the token of the next round; null before it' })),
  },
  {
    additionalProperties: false,
    title: 'EventChanges',
  },
);
