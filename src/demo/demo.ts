import { Temporal } from 'temporal-polyfill';
import type { Clock } from '../domain/clock.js';
import { newAccountId, newId } from '../domain/ids.js';
import type { EventTimes } from '../domain/event-times.js';
import { formatInstant } from '../domain/instant.js';
import { expandSeries, type SeriesInput } from '../domain/recurrence.js';
import { SCOPES } from '../domain/scopes.js';
import type { Db } from '../store/db.js';
import { insertAppointmentTypes } from '../store/repos/appointment-types.js';
import { insertBookingSettings } from '../store/repos/booking.js';
import { insertCalendars } from '../store/repos/calendars.js';
import { insertContacts } from '../store/repos/contacts.js';
import { insertEvents } from '../store/repos/event-changes.js';
import { eventTimeColumns } from '../store/repos/events.js';
import { insertEntries } from '../store/repos/journal.js';
import { createHorizon } from '../store/repos/occurrences.js';
import { deleteOwner, insertOwner, ownerIdByUsername } from '../store/repos/owners.js';
import { insertRequests } from '../store/repos/request-changes.js';
import { insertTodos } from '../store/repos/todo-list.js';
import { hasTokenNamed } from '../store/repos/tokens.js';
import type { Database } from '../store/schema.js';
import type { Insertable } from 'kysely';
import {
  APPOINTMENT_TYPES,
  DEMO_CALENDARS,
  DEMO_DISPLAY_NAME,
  DEMO_ZONE,
  JOURNAL,
  REQUESTS,
  SINGLE_EVENTS,
  TASKS,
  type AppointmentTypeKey,
  type CalendarSlug,
  type EventSeed,
  type RequestSeed,
  type SlotPlace,
} from './demo-data.js';
import { ServiceError } from '../domain/service-error.js';
import { createPersonalToken } from '../services/tokens.js';

/**
 * `calendar-access demo`: an owner with a realistic calendar around today, so a new user can call
 * every read route at once. Running it again resets that owner (deletes it, with everything it
 * owns, and builds it anew), all in one transaction.
 */
export const DEMO_USERNAME = 'demo';
/** Marks an owner as made by demo: demo resets only owners that hold a token of this name. */
export const DEMO_TOKEN_NAME = 'calendar-access demo';

// Same rule as owners.ts (username: 1-64 lowercase letters, digits, inner hyphens).
const USERNAME_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface DemoSummary {
  owner: string;
  accountId: string;
  timezone: string;
  /** Token with every scope; its value is shown once. */
  token: string;
  tokenId: string;
  /** True when an earlier demo owner of that username was replaced. */
  reset: boolean;
  counts: { events: number; series: number; tasks: number; requests: number; appointmentTypes: number };
  /** A window of the coming two weeks, for an example `GET /events` call. */
  window: { from: string; to: string };
}

type Row<T extends keyof Database> = Insertable<Database[T]>;
type Trx = Db;

/** Dates and instants relative to the clock, in the owner's zone. */
class Calendar {
  readonly today: Temporal.PlainDate;
  readonly monday: Temporal.PlainDate;

  constructor(
    readonly zone: string,
    readonly now: Date,
  ) {
    this.today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate();
    this.monday = this.today.subtract({ days: this.today.dayOfWeek - 1 });
  }

  day(week: number, day: number): Temporal.PlainDate {
    return this.monday.add({ days: week * 7 + day });
  }

  fromToday(days: number): Temporal.PlainDate {
    return this.today.add({ days });
  }

  place(p: SlotPlace): { date: Temporal.PlainDate; time: string } {
    return 'week' in p ? { date: this.day(p.week, p.day), time: p.time } : { date: this.fromToday(p.daysFromToday), time: p.time };
  }

  /** A local wall time as an instant; a time in a DST gap moves forward, a repeated one takes the first. */
  at(date: Temporal.PlainDate, time: string, zone = this.zone): Date {
    const zdt = date.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(zone, { disambiguation: 'compatible' });
    return new Date(zdt.epochMilliseconds);
  }

  /** The start of a local date (midnight, or the first instant of the day where midnight is skipped). */
  midnight(date: Temporal.PlainDate, zone = this.zone): Date {
    return new Date(date.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
  }

  /** A moment in the past: `days` ago, less a few minutes per `step`, so rows keep a stable order. */
  ago(days: number, step = 0): Date {
    return new Date(this.now.getTime() - days * DAY_MS - (step + 1) * 7 * MINUTE_MS);
  }
}

function timed(cal: Calendar, date: Temporal.PlainDate, time: string, minutes: number, zone = cal.zone): EventTimes {
  const start = cal.at(date, time, zone);
  return { start, end: new Date(start.getTime() + minutes * MINUTE_MS), allDay: false, startDate: null, endDate: null, timezone: zone };
}

/** All-day: local dates with an exclusive end, and start/end at local midnight in the event's zone. */
function allDay(cal: Calendar, date: Temporal.PlainDate, days: number, zone = cal.zone): EventTimes {
  const end = date.add({ days });
  return {
    start: cal.midnight(date, zone),
    end: cal.midnight(end, zone),
    allDay: true,
    startDate: date.toString(),
    endDate: end.toString(),
    timezone: zone,
  };
}

function participants(names: readonly string[] | undefined): string {
  const people = (names ?? []).map((name) => ({
    name,
    email: `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').trim().replace(/\s+/g, '.')}@example.com`,
    response: 'accepted',
  }));
  return JSON.stringify(people);
}

/** RRULE UNTIL in UTC form (RFC 5545 requires it when DTSTART has a zone). */
function untilUtc(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

interface SeriesSeed {
  title: string;
  calendar: CalendarSlug;
  times: EventTimes;
  rrule: string;
  free?: boolean;
  location?: string;
  url?: string;
  notes?: string;
  with?: string[];
  /** Occurrences (by local date) left out with EXDATE. */
  exdates?: Temporal.PlainDate[];
  /** One occurrence (by local date) moved to another local date and time. */
  moved?: { from: Temporal.PlainDate; to: Temporal.PlainDate; time: string; location?: string };
  /** One occurrence (by local date) cancelled. */
  cancelled?: Temporal.PlainDate;
}

function seriesSeeds(cal: Calendar): SeriesSeed[] {
  const z = cal.zone;
  // The next DST change in the owner's zone; the choir series runs until three weeks after it.
  const transition = Temporal.Instant.fromEpochMilliseconds(cal.now.getTime()).toZonedDateTimeISO(z).getTimeZoneTransition('next');
  const choirLastDay = transition ? transition.toPlainDate().add({ days: 21 }) : cal.day(12, 1);
  const monthsAgo = (n: number) => cal.today.with({ day: 1 }).subtract({ months: n });
  const bookClubMonth = monthsAgo(5);
  const firstThursday = bookClubMonth.add({ days: (4 - bookClubMonth.dayOfWeek + 7) % 7 });
  const birthday = cal.fromToday(17).subtract({ years: 3 });

  return [
    {
      title: 'Weekly planning', calendar: 'work', times: timed(cal, cal.day(-4, 0), '09:30', 45), rrule: 'FREQ=WEEKLY;BYDAY=MO',
      location: 'Room 4.12', notes: 'Review last week, pick three priorities.', with: ['Priya Raman', 'Ines Berg'],
      exdates: [cal.day(5, 0)],
      moved: { from: cal.day(1, 0), to: cal.day(1, 1), time: '10:00', location: 'Room 2.03' },
    },
    {
      title: 'Team stand-up', calendar: 'work', times: timed(cal, cal.day(-2, 1), '09:45', 15), rrule: 'FREQ=WEEKLY;BYDAY=TU,WE,TH',
      url: 'https://meet.example.com/standup', cancelled: cal.day(1, 2),
    },
    {
      title: 'Physio exercises', calendar: 'personal', times: timed(cal, cal.fromToday(1), '07:30', 20), rrule: 'FREQ=DAILY;COUNT=14',
      free: true, notes: 'Knee: 3 x 12 squats, balance board.',
    },
    {
      title: 'Book club', calendar: 'personal', times: timed(cal, firstThursday.add({ days: 7 }), '19:30', 120), rrule: 'FREQ=MONTHLY;BYDAY=2TH',
      location: 'Buchhandlung Ocelot, Brunnenstraße 181',
    },
    {
      title: 'Choir rehearsal', calendar: 'personal', times: timed(cal, cal.day(0, 1), '19:00', 120),
      rrule: `FREQ=WEEKLY;BYDAY=TU;UNTIL=${untilUtc(cal.at(choirLastDay, '23:59'))}`,
      location: 'Zionskirche', notes: 'Spring concert programme.',
    },
    { title: "Mum's birthday", calendar: 'family', times: allDay(cal, birthday, 1), rrule: 'FREQ=YEARLY', free: true },
    { title: 'Put out the recycling', calendar: 'family', times: timed(cal, cal.day(-1, 3), '07:00', 10), rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH', free: true },
    { title: 'Rent transfer', calendar: 'personal', times: timed(cal, monthsAgo(3).with({ day: 28 }), '08:00', 15), rrule: 'FREQ=MONTHLY;BYMONTHDAY=28', free: true },
  ];
}

function seriesInput(id: string, s: SeriesSeed): SeriesInput {
  return { id, ...s.times, rrule: s.rrule, exdates: [] };
}

/** The original start key ('YYYY-MM-DDThh:mm:ssZ') of the series' occurrence on a local date. */
function occurrenceOn(cal: Calendar, input: SeriesInput, date: Temporal.PlainDate): string {
  const [first] = expandSeries(input, [], { from: cal.midnight(date, input.timezone), to: cal.midnight(date.add({ days: 1 }), input.timezone) });
  if (!first) throw new Error(`demo data: series ${input.rrule} has no occurrence on ${date.toString()}`);
  return first.originalStart;
}

/** Last instant any occurrence can end; null when the rule repeats forever. */
function seriesUntil(input: SeriesInput): Date | null {
  if (!/(^|;)(COUNT|UNTIL)=/i.test(input.rrule)) return null;
  const all = expandSeries(input, [], { from: input.start, to: new Date(input.start.getTime() + 10 * 366 * DAY_MS) });
  return all.length === 0 ? input.end : all[all.length - 1]!.end;
}

function bookingRules(cal: Calendar, typeIds: Map<AppointmentTypeKey, string>): string {
  const office = [['09:00', '12:00'], ['13:00', '17:00']];
  const vacation = [0, 1, 2, 3, 4].map((d) => cal.day(5, d).toString());
  return JSON.stringify({
    weeklyHours: { mon: office, tue: office, wed: [['09:00', '12:00']], thu: office, fri: [['09:00', '13:00']], sat: [], sun: [] },
    minimumNoticeMinutes: 240,
    bookingWindowDays: 30,
    slotStepMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
    holidays: { country: 'DE', region: 'BE' },
    blockedDates: vacation,
    appointmentTypes: {
      [typeIds.get('intro')!]: { weeklyHours: { tue: [['14:00', '16:00']], thu: [['14:00', '16:00']] }, slotStepMinutes: 20 },
      [typeIds.get('consultation')!]: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15, slotStepMinutes: 60 },
    },
  });
}

/** When a request's time passes (docs/spec-decisions.md §3): its slot, or its due date's end in the requester's zone, or 30 days. */
function requestTime(cal: Calendar, seed: RequestSeed, slotStart: Date | null, createdAt: Date): Date {
  if (slotStart) return slotStart;
  if (seed.suggestedDue !== undefined) return cal.midnight(cal.fromToday(seed.suggestedDue + 1), seed.requester.timezone);
  return new Date(createdAt.getTime() + 30 * DAY_MS);
}

/** Deletes the demo owner of `username`, refusing to touch an owner demo did not make. */
async function removePreviousDemo(trx: Trx, username: string): Promise<boolean> {
  const existing = await ownerIdByUsername(trx, username);
  if (!existing) return false;
  if (!(await hasTokenNamed(trx, existing, DEMO_TOKEN_NAME))) {
    throw new ServiceError('conflict', `owner "${username}" exists and was not made by demo; demo only resets its own owners (choose another --username)`);
  }
  // Everything the owner holds goes with it (ON DELETE CASCADE).
  await deleteOwner(trx, existing);
  return true;
}

/** `passwordHash`: the demo owner's console password (argon2id), or null for none (the console then refuses every sign-in). */
export async function createDemo(db: Db, clock: Clock, options: { username?: string; passwordHash?: string | null } = {}): Promise<DemoSummary> {
  const username = options.username ?? DEMO_USERNAME;
  if (!USERNAME_RE.test(username)) throw new ServiceError('invalid', 'username: 1 to 64 lowercase letters, digits and inner hyphens');
  const now = clock.now();
  const cal = new Calendar(DEMO_ZONE, now);

  return db.transaction().execute(async (trx) => {
    const reset = await removePreviousDemo(trx, username);

    const ownerId = newId();
    const accountId = newAccountId();
    await insertOwner(trx, {
      id: ownerId, account_id: accountId, username, display_name: DEMO_DISPLAY_NAME, timezone: cal.zone, locale: 'en-GB',
      created_at: cal.ago(120), updated_at: cal.ago(120), deleted_at: null, password_hash: options.passwordHash ?? null,
    });
    await createHorizon(trx, ownerId, now);

    const calendarIds = new Map<CalendarSlug, string>();
    await insertCalendars(trx, DEMO_CALENDARS.map((c, i) => {
      const id = newId();
      calendarIds.set(c.slug, id);
      return { id, owner_id: ownerId, slug: c.slug, name: c.name, position: i, created_at: cal.ago(120, i) };
    }));

    const typeIds = new Map<AppointmentTypeKey, string>();
    await insertAppointmentTypes(trx, APPOINTMENT_TYPES.map((t, i) => {
      const id = newId();
      typeIds.set(t.key, id);
      return { id, owner_id: ownerId, name: t.name, duration_minutes: t.minutes, position: i, created_at: cal.ago(90, i), updated_at: cal.ago(90, i), deleted_at: null };
    }));

    await insertBookingSettings(trx, { owner_id: ownerId, enabled: true, rules: bookingRules(cal, typeIds), updated_at: cal.ago(30) });

    // Tokens first: API-made requests point at the token that made them.
    const demoToken = await createPersonalToken(trx, clock, { ownerId, name: DEMO_TOKEN_NAME, scopes: [...SCOPES], test: false, expiresInSeconds: null });
    const integration = await createPersonalToken(trx, clock, {
      ownerId, name: 'Acme Scheduler', scopes: ['availability:read', 'requests:read', 'requests:create'], test: false, expiresInSeconds: null,
    });

    // Single events.
    const event = (seed: EventSeed, i: number): Row<'events'> => {
      const date = cal.day(seed.week, seed.day);
      const times = seed.time ? timed(cal, date, seed.time, seed.minutes ?? 60, seed.zone) : allDay(cal, date, seed.days ?? 1, seed.zone);
      const created = cal.ago(10 + (i % 20), i);
      return {
        id: newId(), owner_id: ownerId, calendar_id: calendarIds.get(seed.calendar)!, title: seed.title, ...eventTimeColumns(times),
        show_as: seed.free ? 'free' : 'busy', status: seed.cancelled ? 'cancelled' : 'confirmed',
        location: seed.location ?? null, url: seed.url ?? null, notes: seed.notes ?? null, participants: participants(seed.with),
        rrule: null, series_until: null, is_appointment: false, request_id: null,
        created_at: created, updated_at: seed.cancelled ? cal.ago(2, i) : created, deleted_at: null,
      };
    };
    const eventRows = SINGLE_EVENTS.map(event);

    // Repeating series, with EXDATEs and one moved and one cancelled occurrence.
    const seriesRows: Row<'events'>[] = [];
    const overrideRows: Row<'event_overrides'>[] = [];
    seriesSeeds(cal).forEach((s, i) => {
      const id = newId();
      const input = seriesInput(id, s);
      let until = seriesUntil(input);
      const created = cal.ago(40 + i, i);
      if (s.moved) {
        const start = cal.at(s.moved.to, s.moved.time, s.times.timezone);
        const end = new Date(start.getTime() + (s.times.end.getTime() - s.times.start.getTime()));
        overrideRows.push({
          event_id: id, owner_id: ownerId, original_start: occurrenceOn(cal, input, s.moved.from), start_at: start, end_at: end,
          title: null, location: s.moved.location ?? null, show_as: null, cancelled: false, updated_at: cal.ago(2, i), deleted_at: null,
        });
        if (until !== null && end > until) until = end;
      }
      if (s.cancelled) {
        overrideRows.push({
          event_id: id, owner_id: ownerId, original_start: occurrenceOn(cal, input, s.cancelled), start_at: null, end_at: null,
          title: null, location: null, show_as: null, cancelled: true, updated_at: cal.ago(1, i), deleted_at: null,
        });
      }
      seriesRows.push({
        id, owner_id: ownerId, calendar_id: calendarIds.get(s.calendar)!, title: s.title, ...eventTimeColumns(s.times),
        show_as: s.free ? 'free' : 'busy', status: 'confirmed', location: s.location ?? null, url: s.url ?? null, notes: s.notes ?? null,
        participants: participants(s.with), rrule: s.rrule, exdates: (s.exdates ?? []).map((d) => occurrenceOn(cal, input, d)),
        series_until: until, is_appointment: false, request_id: null, created_at: created, updated_at: created, deleted_at: null,
      });
    });

    // Requests, their contacts, the calendar events of accepted appointments and to-dos of accepted tasks.
    const requestIds = new Map<string, string>();
    const requestRows: Row<'requests'>[] = [];
    const contactRows = new Map<string, Row<'contacts'>>();
    const appointmentEvents: Row<'events'>[] = [];
    REQUESTS.forEach((seed, i) => {
      const id = newId();
      requestIds.set(seed.key, id);
      const created = cal.ago(seed.createdDaysAgo, i);
      const changed = seed.changedDaysAgo === undefined ? created : cal.ago(seed.changedDaysAgo, i);
      const type = seed.type ? APPOINTMENT_TYPES.find((t) => t.key === seed.type)! : null;
      const place = seed.slot ? cal.place(seed.slot) : null;
      const slotStart = place ? cal.at(place.date, place.time) : null;
      const slotEnd = slotStart && type ? new Date(slotStart.getTime() + type.minutes * MINUTE_MS) : null;
      const r = seed.requester;
      requestRows.push({
        id, owner_id: ownerId, kind: seed.kind, status: seed.status, cancelled_by: seed.cancelledBy ?? null,
        appointment_type_id: seed.type ? typeIds.get(seed.type)! : null, slot_start: slotStart, slot_end: slotEnd,
        suggested_due_date: seed.suggestedDue === undefined ? null : cal.fromToday(seed.suggestedDue).toString(),
        message: seed.message, note: seed.note ?? null,
        requester_name: r.name, requester_email: r.email ?? null, requester_phone: r.phone ?? null,
        contact_method: r.contactMethod ?? null, contact_handle: r.contactHandle ?? null,
        requester_timezone: r.timezone, requester_locale: r.locale, notify_requester: seed.notify ?? false,
        source: seed.source, token_id: seed.token === 'demo' ? demoToken.id : seed.token === 'integration' ? integration.id : null,
        test: false, from_blocked: seed.blocked ?? false, expires_at: requestTime(cal, seed, slotStart, created),
        created_at: created, updated_at: changed, deleted_at: null,
      });
      const key = r.email ?? r.phone ?? r.name;
      if (!contactRows.has(key)) {
        contactRows.set(key, {
          id: newId(), owner_id: ownerId, name: r.name, email: r.email ?? null, phone: r.phone ?? null, blocked: seed.blocked ?? false,
          created_at: created, updated_at: seed.blocked ? cal.ago(seed.createdDaysAgo, i + 1) : created,
        });
      }
      if (seed.event && slotStart && slotEnd && type) {
        const accepted = new Date(Math.min(created.getTime() + 3 * 3_600_000, changed.getTime()));
        appointmentEvents.push({
          id: newId(), owner_id: ownerId, calendar_id: calendarIds.get('work')!, title: `${type.name} with ${r.name}`,
          start_at: slotStart, end_at: slotEnd, all_day: false, start_date: null, end_date: null, timezone: cal.zone,
          show_as: 'busy', status: 'confirmed', location: null, url: `https://meet.example.com/${id.slice(0, 8)}`,
          notes: seed.message, participants: participants([r.name]), rrule: null, series_until: null,
          is_appointment: true, request_id: id, created_at: accepted, updated_at: changed,
          // A cancelled appointment's event was removed when it was cancelled (a deleted marker for 30 days).
          deleted_at: seed.event === 'removed' ? changed : null,
        });
      }
    });

    await insertEvents(trx, ownerId, [...eventRows, ...seriesRows, ...appointmentEvents], overrideRows);
    await insertContacts(trx, [...contactRows.values()]);
    await insertRequests(trx, requestRows);

    const taskRows: Row<'tasks'>[] = TASKS.map((t, i) => {
      const created = cal.ago(t.createdDaysAgo, i);
      const completed = t.completedDaysAgo === undefined ? null : cal.ago(t.completedDaysAgo, i);
      const request = t.fromRequest ? REQUESTS.find((r) => r.key === t.fromRequest)! : null;
      return {
        id: newId(), owner_id: ownerId, title: t.title, description: t.description ?? null,
        due_date: t.due === undefined ? null : cal.fromToday(t.due).toString(), due_time: t.time ?? null,
        timezone: t.time ? cal.zone : null, priority: t.priority ?? 'none', status: completed ? 'completed' : 'open',
        completed_at: completed, from_requester: request ? request.requester.name : null,
        request_id: t.fromRequest ? requestIds.get(t.fromRequest)! : null, duration_minutes: t.minutes ?? null, position: i,
        created_at: created, updated_at: completed ?? (request ? cal.ago(request.changedDaysAgo ?? t.createdDaysAgo, i) : created), deleted_at: null,
      };
    });
    await insertTodos(trx, taskRows);

    await insertEntries(trx, JOURNAL.map((j, i) => ({
      id: newId(), owner_id: ownerId, entry_date: cal.fromToday(-j.daysAgo).toString(), body: j.body,
      created_at: cal.ago(j.daysAgo, i), updated_at: cal.ago(j.daysAgo, i),
    })));

    return {
      owner: username,
      accountId,
      timezone: cal.zone,
      token: demoToken.token,
      tokenId: demoToken.id,
      reset,
      counts: {
        events: eventRows.length + appointmentEvents.filter((e) => e.deleted_at === null).length,
        series: seriesRows.length,
        tasks: taskRows.length,
        requests: requestRows.length,
        appointmentTypes: APPOINTMENT_TYPES.length,
      },
      window: { from: formatInstant(cal.midnight(cal.today)), to: formatInstant(cal.midnight(cal.fromToday(14))) },
    };
  });
}
