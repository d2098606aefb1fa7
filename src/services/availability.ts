import {
  availabilityForDates, isoDate, isSlotOffered, localDay, startOfDate, windowEnd, type AvailabilityDays, type SlotRules, type TimeRange, type WeeklyHours,
  type WorkingTime,
} from '../domain/availability.js';
import { freeTimeForDates, freeTimeSpan, type FreeTimeQuery } from '../domain/free-time.js';
import { rulesForType, storedRules, type BookingRules } from '../domain/booking-rules.js';
import { holidayDatesBetween } from '../domain/holidays.js';
import type { Db } from '../store/db.js';
import { bookingState } from '../store/repos/booking.js';
import { BusyTimeCache, loadBusyTime } from './busy-time.js';
import type { OwnerVersions } from './owner-versions.js';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const MAX_OWNERS = 5000;
/**
 * Free time is read from the busy-time cache up to this far ahead even when the booking window is
 * shorter: a whole 62-day range of GET /free-time from today (docs/free-time.md). Beyond it, and
 * beyond the window, busy time is read for the asked range alone, uncached.
 */
const FREE_TIME_CACHED_DAYS = 64;
/** Compiled working time kept per owner: one per year a range starts in. */
const MAX_HOURS_YEARS = 8;

/** An owner's booking as of one settings version, with each type's engine rules compiled on first use. */
interface OwnerBooking {
  settingsVersion: string;
  timezone: string;
  enabled: boolean;
  rules: BookingRules;
  durations: Map<string, number>;
  /** Per type id; `year` is the owner's year the holidays were computed around. */
  compiled: Map<string, { year: number; rules: SlotRules }>;
  /** The owner's own working time (GET /free-time), per owner's year the holidays were computed around. */
  hours: Map<number, WorkingTime>;
}

/**
 * The owner's free time for the API, the booking page and request creation: one engine
 * (domain/availability.ts), fed with the owner's rules for the type and the owner's busy time.
 * Each question costs one primary-key read (the owner's change counters, moved by triggers in the
 * same transaction as any change, on any instance), or none on PGlite, where the triggers' notices
 * reach this process before a write resolves; rules and expanded busy time come from memory until a
 * counter moves.
 */
export class AvailabilityService {
  readonly busy: BusyTimeCache;
  private readonly owners = new Map<string, OwnerBooking | null>();
  private readonly settingsVersions = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly versions: OwnerVersions,
  ) {
    this.busy = new BusyTimeCache(db);
  }

  private async booking(ownerId: string, settingsVersion: string): Promise<OwnerBooking | null> {
    if (this.settingsVersions.get(ownerId) === settingsVersion) return this.owners.get(ownerId) ?? null;
    const state = await bookingState(this.db, ownerId);
    const booking = state && { settingsVersion, ...state, rules: storedRules(state.rules), compiled: new Map(), hours: new Map() };
    if (this.owners.size >= MAX_OWNERS) {
      const oldest = this.owners.keys().next().value!;
      this.owners.delete(oldest);
      this.settingsVersions.delete(oldest);
    }
    this.owners.set(ownerId, booking);
    this.settingsVersions.set(ownerId, settingsVersion);
    return booking;
  }

  /** The engine's rules for one type and the busy version, or null when the type is unknown, deleted, or booking is off. */
  private async load(ownerId: string, typeId: string, now: number): Promise<{ rules: SlotRules; busyVersion: string } | null> {
    const versions = await this.versions.get(ownerId);
    const booking = await this.booking(ownerId, versions.settings);
    const duration = booking?.durations.get(typeId);
    if (!booking || !booking.enabled || duration === undefined) return null;
    const year = Number(isoDate(localDay(now, booking.timezone)).slice(0, 4));
    let hit = booking.compiled.get(typeId);
    if (hit?.year !== year) {
      hit = { year, rules: compile(typeId, booking, duration, year) };
      booking.compiled.set(typeId, hit);
    }
    return { rules: hit.rules, busyVersion: versions.busy };
  }

  /** Busy time covering every slot that could start in [from, to) under `rules`. */
  private async busyFor(ownerId: string, busyVersion: string, rules: SlotRules, from: number, to: number, now: number): Promise<TimeRange[]> {
    const until = windowEnd(rules, now);
    const reach = (rules.durationMinutes + rules.bufferBeforeMinutes + rules.bufferAfterMinutes) * MINUTE;
    const need = { from: Math.max(from, now) - reach, to: Math.min(to, until) + reach };
    if (need.from >= need.to) return [];
    return this.busy.get(ownerId, busyVersion, need.from, need.to, { now, until: until + reach + DAY_MS });
  }

  /** The rules the engine gets for one type right now (the benchmark feeds them to the engine directly); null: 404. */
  async rulesFor(ownerId: string, typeId: string, now: Date): Promise<SlotRules | null> {
    return (await this.load(ownerId, typeId, now.getTime()))?.rules ?? null;
  }

  /** GET /availability: slots starting on fromDate..toDate of `tz`, and the dates; null: 404. */
  async forDates(ownerId: string, typeId: string, q: { fromDate: string; toDate: string; tz: string }, now: Date): Promise<AvailabilityDays | null> {
    const t = now.getTime();
    const loaded = await this.load(ownerId, typeId, t);
    if (!loaded) return null;
    const from = startOfDate(q.fromDate, q.tz);
    const to = startOfDate(isoDate(Date.parse(`${q.toDate}T00:00:00Z`) / DAY_MS + 1), q.tz);
    const busy = await this.busyFor(ownerId, loaded.busyVersion, loaded.rules, from, to, t);
    return availabilityForDates(loaded.rules, busy, { ...q, now: t });
  }

  /**
   * GET /free-time: the owner's free intervals on fromDate..toDate of `tz`, from the same engine and
   * the same cached busy time as the slots; null while booking is off (404, as /availability).
   * `workingHours`: cut to the owner's own working time (the booking page's hours, not a type's).
   */
  async freeTime(ownerId: string, q: Omit<FreeTimeQuery, 'now'> & { workingHours: boolean }, now: Date): Promise<TimeRange[] | null> {
    const t = now.getTime();
    const versions = await this.versions.get(ownerId);
    const booking = await this.booking(ownerId, versions.settings);
    if (!booking || !booking.enabled) return null;
    const query: FreeTimeQuery = { fromDate: q.fromDate, toDate: q.toDate, tz: q.tz, now: t, minMinutes: q.minMinutes };
    const span = freeTimeSpan(query);
    if (span.start >= span.end) return [];
    const working = q.workingHours ? ownerHours(booking, localYear(span.start, booking.timezone)) : null;
    return freeTimeForDates(working, await this.busyBetween(ownerId, versions.busy, booking, span.start, span.end, t), query);
  }

  /** The owner's working time as GET /free-time reads it (the benchmark feeds it to the engine directly); null: 404. */
  async workingTimeFor(ownerId: string, now: Date): Promise<WorkingTime | null> {
    const booking = await this.booking(ownerId, (await this.versions.get(ownerId)).settings);
    return booking?.enabled ? ownerHours(booking, localYear(now.getTime(), booking.timezone)) : null;
  }

  /**
   * Busy time covering [from, to): from the cache /availability reads, up to the booking window or
   * FREE_TIME_CACHED_DAYS ahead, whichever is later (one entry then serves both routes); a range
   * beyond that is read alone, so a question about next year never expands a year of busy time.
   */
  private async busyBetween(ownerId: string, busyVersion: string, booking: OwnerBooking, from: number, to: number, now: number): Promise<TimeRange[]> {
    const window = windowEnd({ timezone: booking.timezone, bookingWindowDays: booking.rules.bookingWindowDays }, now) + DAY_MS;
    const until = Math.max(window, now + FREE_TIME_CACHED_DAYS * DAY_MS);
    if (to <= until) return this.busy.get(ownerId, busyVersion, from, to, { now, until });
    return loadBusyTime(this.db, ownerId, new Date(from), new Date(to));
  }

  /**
   * Whether the slot is one GET /availability offers right now (request creation checks this), with
   * the type's duration; `unknown` when the type is unknown or deleted, or booking is off (404).
   */
  async checkSlot(ownerId: string, typeId: string, slot: { start: Date; end: Date }, now: Date): Promise<SlotCheck> {
    const t = now.getTime();
    const loaded = await this.load(ownerId, typeId.toLowerCase(), t);
    if (!loaded) return { kind: 'unknown' };
    const s = slot.start.getTime();
    const busy = await this.busyFor(ownerId, loaded.busyVersion, loaded.rules, s, s + 1, t);
    return { kind: 'known', durationMinutes: loaded.rules.durationMinutes, offered: isSlotOffered(loaded.rules, busy, { start: s, end: slot.end.getTime() }, t) };
  }
}

export type SlotCheck = { kind: 'unknown' } | { kind: 'known'; durationMinutes: number; offered: boolean };

const localYear = (ms: number, zone: string) => Number(isoDate(localDay(ms, zone)).slice(0, 4));

/**
 * Working time with the owner's closed dates, holidays and dates of their own hours, around the
 * owner's `year`: the window reaches at most 730 days ahead and a free-time range 62 days, so the
 * years year - 1 (dates a zone ahead of UTC) to year + 3 cover either.
 */
function workingTime(booking: OwnerBooking, weeklyHours: WeeklyHours, year: number): WorkingTime {
  const blocked = new Set(booking.rules.blockedDates);
  // A date with hours of its own is open on them even when it is a holiday.
  const dateHours = new Map(Object.entries(booking.rules.dateHours));
  if (booking.rules.holidays) for (const d of holidayDatesBetween(booking.rules.holidays, year - 1, year + 3)) if (!dateHours.has(d)) blocked.add(d);
  return { timezone: booking.timezone, weeklyHours, blockedDates: blocked, dateHours };
}

/** The owner's own working time for a range starting in the owner's `year`, compiled once per settings version and year. */
function ownerHours(booking: OwnerBooking, year: number): WorkingTime {
  let hours = booking.hours.get(year);
  if (!hours) {
    if (booking.hours.size >= MAX_HOURS_YEARS) booking.hours.clear();
    hours = workingTime(booking, booking.rules.weeklyHours, year);
    booking.hours.set(year, hours);
  }
  return hours;
}

function compile(typeId: string, booking: OwnerBooking, durationMinutes: number, year: number): SlotRules {
  const own = rulesForType(booking.rules, typeId);
  return {
    ...workingTime(booking, own.weeklyHours, year),
    minimumNoticeMinutes: booking.rules.minimumNoticeMinutes,
    bookingWindowDays: booking.rules.bookingWindowDays,
    bufferBeforeMinutes: own.bufferBeforeMinutes,
    bufferAfterMinutes: own.bufferAfterMinutes,
    slotStepMinutes: own.slotStepMinutes,
    durationMinutes,
  };
}
