import Type from 'typebox';
import { findEventView, type WindowItem } from '../../domain/calendar-view.js';
import { asUuid } from '../../domain/ids.js';
import { formatInstant } from '../../domain/instant.js';
import { calendarPage } from '../../services/calendar-window.js';
import { eventWithOverrides } from '../../store/repos/events.js';
import { invalidInput, notFound } from '../errors.js';
import { keyset } from '../keyset.js';
import { checkUpdatedSince, daysBefore, DELETED_MARKER_DAYS } from '../paging.js';
import { presentEvent } from '../presenters/event.js';
import { instantParam, optionalInstantParam } from '../query-values.js';
import type { PageBytes } from '../../services/page-cache.js';
import { keptPage, pageBody, pageWriter } from '../page-bytes.js';
import { defineRoute } from '../route.js';
import { BooleanString, Cursor, IdParams, Instant, Limit, Page } from '../schemas/common.js';
import { CalendarEvent, type CalendarEventDto } from '../schemas/resources.js';

export const MAX_WINDOW_DAYS = 62;

const writePage = pageWriter(CalendarEvent);

function presentPage(items: WindowItem[], limit: number): PageBytes {
  const page = items.slice(0, limit);
  const data: CalendarEventDto[] = [];
  const deleted: { id: string; deletedAt: string }[] = [];
  for (const item of page) {
    if (item.kind === 'event') data.push(presentEvent(item.view));
    else deleted.push({ id: item.id, deletedAt: formatInstant(item.deletedAt) });
  }
  const last = items.length > limit ? page[page.length - 1] ?? null : null;
  return writePage(data, deleted, last && { at: last.start, id: last.id });
}

const EventQuery = Type.Object(
  {
    from: Instant,
    to: Instant,
    updatedSince: Type.Optional(Instant),
    includeDeleted: Type.Optional(BooleanString),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const listEvents = defineRoute({
  method: 'GET',
  url: '/events',
  operationId: 'listEvents',
  summary: 'Events and accepted appointments between two instants (at most 62 days), repeating events expanded into occurrences, in start order.',
  tag: 'Events',
  scope: 'events:read',
  rateClass: 'read',
  querystring: EventQuery,
  response: Page(CalendarEvent, 'EventPage'),
  errors: ['invalid_input'],
  async handler(ctx) {
    const { query, principal, services, now } = ctx;
    const from = instantParam(query.from, 'from');
    const to = instantParam(query.to, 'to');
    if (to.getTime() <= from.getTime()) throw invalidInput('to', '"to" must be after "from".');
    if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * 86_400_000) throw invalidInput('to', `The window may be at most ${MAX_WINDOW_DAYS} days.`);
    const updatedSince = optionalInstantParam(query.updatedSince, 'updatedSince');
    const includeDeleted = query.includeDeleted === 'true';
    checkUpdatedSince(updatedSince, includeDeleted, now);
    const paging = keyset(ctx, 'events');
    const deletedSince = includeDeleted ? daysBefore(now, DELETED_MARKER_DAYS) : null;

    const { ownerId } = principal;
    const read = async () => presentPage(await calendarPage(services.db, ownerId, { from, to, updatedSince, deletedSince, after: paging.after, limit: paging.take }), paging.limit);
    const key = `events|${ownerId}|${from.getTime()}|${to.getTime()}|${updatedSince?.getTime() ?? ''}|${paging.key}`;
    // Every change to events and their overrides moves the busy counter; deletion markers of the
    // last 30 days move with the clock, so those pages are always read.
    const page = deletedSince !== null ? await read() : await keptPage(services, ownerId, 'busy', key, now, async () => ({ page: await read(), stableUntil: Infinity }));
    return pageBody(page, paging.next(page.last), includeDeleted);
  },
});

export const getEvent = defineRoute({
  method: 'GET',
  url: '/events/:id',
  operationId: 'getEvent',
  summary: 'One event, or one occurrence of a repeating event by its id `<series id>@<original start>`.',
  tag: 'Events',
  scope: 'events:read',
  rateClass: 'read',
  params: IdParams,
  response: CalendarEvent,
  errors: ['not_found'],
  async handler({ params, principal, services }) {
    const at = params.id.indexOf('@');
    const eventId = asUuid(at === -1 ? params.id : params.id.slice(0, at));
    if (!eventId) throw notFound();
    const id = at === -1 ? eventId : `${eventId}${params.id.slice(at)}`;
    const found = await eventWithOverrides(services.db, principal.ownerId, eventId);
    const view = found ? findEventView(found.event, found.overrides, id) : null;
    if (!view) throw notFound();
    return presentEvent(view);
  },
});
