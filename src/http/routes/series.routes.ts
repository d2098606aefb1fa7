import fastJson from 'fast-json-stringify';
import Type from 'typebox';
import { occurrenceViews, type EventView, type StoredEvent, type StoredOverride } from '../../domain/calendar-view.js';
import { asUuid } from '../../domain/ids.js';
import { eventWithOverrides } from '../../store/repos/events.js';
import type { Deps } from '../../deps.js';
import { invalidInput, notFound } from '../errors.js';
import { keyset, type FeedPosition } from '../keyset.js';
import { keptPage, pageBody, pageWriter } from '../page-bytes.js';
import { presentEvent } from '../presenters/event.js';
import { presentSeries } from '../presenters/series.js';
import { instantParam } from '../query-values.js';
import { defineRoute, JsonBytes } from '../route.js';
import { Cursor, IdParams, Instant, Limit, Page } from '../schemas/common.js';
import { CalendarEvent } from '../schemas/resources.js';
import { Series } from '../schemas/series.js';

/**
 * A series by the id `occurrenceOf` gives, and its occurrences in a window (docs/series.md). The
 * window may be longer than /events' 62 days: it holds one series, and a page is expanded from the
 * cursor's start on, so a page costs its own occurrences, not the window's.
 */
export const MAX_SERIES_WINDOW_DAYS = 366;

const writeSeries = fastJson(Series);
const writePage = pageWriter(CalendarEvent);
const NO_MARKERS = Buffer.from('[]');

/** The live series of the owner by id text; null for anything else (unknown, deleted, a single event, an occurrence id). */
async function liveSeries(services: Deps, ownerId: string, idText: string): Promise<{ event: StoredEvent; overrides: StoredOverride[] } | null> {
  const id = asUuid(idText);
  if (!id) return null;
  const found = await eventWithOverrides(services.db, ownerId, id);
  if (!found || found.event.deletedAt !== null || found.event.rrule === null) return null;
  return found;
}

export const getSeries = defineRoute({
  method: 'GET',
  url: '/series/:id',
  operationId: 'getSeries',
  summary: 'A repeating event by the id `occurrenceOf` gives: its rule in words and as iCalendar text, its zone, first and last occurrence, exceptions count.',
  tag: 'Events',
  scope: 'events:read',
  rateClass: 'read',
  params: IdParams,
  response: Series,
  errors: ['not_found'],
  async handler({ params, principal, services, now }) {
    const { ownerId } = principal;
    // Every change to events and their overrides moves the busy counter, and nothing in the record moves with the clock.
    const page = await keptPage(services, ownerId, 'busy', `series|${ownerId}|${params.id.toLowerCase()}`, now, async () => {
      const found = await liveSeries(services, ownerId, params.id);
      if (!found) throw notFound();
      return { page: { data: Buffer.from(writeSeries(presentSeries(found.event, found.overrides))), deleted: NO_MARKERS, last: null }, stableUntil: Infinity };
    });
    return new JsonBytes(page.data);
  },
});

/**
 * The series' occurrences overlapping [from, to) after `after`, the first `take` in (start, id)
 * order: expanded from the cursor's start on, with more asked of the expansion only when
 * occurrences overlapping that start from before it took the places.
 */
export function occurrencesAfter(
  event: StoredEvent, overrides: StoredOverride[], from: Date, to: Date, after: FeedPosition | null, take: number,
): EventView[] {
  const start = after && after.at.getTime() > from.getTime() ? after.at : from;
  for (let limit = take + 16; ; limit *= 4) {
    const views = occurrenceViews(event, overrides, start, to, limit);
    const kept = after === null ? views : views.filter((v) => v.start.getTime() > after.at.getTime() || (v.start.getTime() === after.at.getTime() && v.id > after.id));
    if (kept.length >= take || views.length < limit) return kept.slice(0, take);
  }
}

const OccurrenceQuery = Type.Object(
  { from: Instant, to: Instant, limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) },
  { additionalProperties: false },
);

export const listSeriesOccurrences = defineRoute({
  method: 'GET',
  url: '/series/:id/occurrences',
  operationId: 'listSeriesOccurrences',
  summary: `The occurrences of a series between two instants (at most ${MAX_SERIES_WINDOW_DAYS} days), in start order, exactly as GET /events lists them.`,
  tag: 'Events',
  scope: 'events:read',
  rateClass: 'read',
  params: IdParams,
  querystring: OccurrenceQuery,
  response: Page(CalendarEvent, 'SeriesOccurrencePage'),
  errors: ['invalid_input', 'not_found'],
  async handler(ctx) {
    const { query, params, principal, services, now } = ctx;
    const from = instantParam(query.from, 'from');
    const to = instantParam(query.to, 'to');
    if (to.getTime() <= from.getTime()) throw invalidInput('to', '"to" must be after "from".');
    if (to.getTime() - from.getTime() > MAX_SERIES_WINDOW_DAYS * 86_400_000) throw invalidInput('to', `The window may be at most ${MAX_SERIES_WINDOW_DAYS} days.`);
    const idKey = params.id.toLowerCase();
    // The series id is part of the list's name, so a cursor of one series is refused on another.
    const paging = keyset(ctx, `series-occurrences|${idKey}`);
    const { ownerId } = principal;
    const key = `series-occurrences|${ownerId}|${idKey}|${from.getTime()}|${to.getTime()}|${paging.key}`;
    const page = await keptPage(services, ownerId, 'busy', key, now, async () => {
      const found = await liveSeries(services, ownerId, params.id);
      if (!found) throw notFound();
      const views = occurrencesAfter(found.event, found.overrides, from, to, paging.after, paging.take);
      const shown = views.slice(0, paging.limit);
      const last = views.length > paging.limit ? shown[shown.length - 1]! : null;
      return { page: writePage(shown.map(presentEvent), [], last && { at: last.start, id: last.id }), stableUntil: Infinity };
    });
    return pageBody(page, paging.next(page.last), false);
  },
});
