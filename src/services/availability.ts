import { Temporal } from 'temporal-polyfill';
import { availabilityForDates, isSlotOffered, windowEnd, type AvailabilityDays, type SlotRules, type TimeRange } from '../domain/availability.js';
import { rulesForType, storedRules } from '../domain/booking-rules.js';
import { holidayDatesBetween } from '../domain/holidays.js';
import type { Db } from '../store/db.js';
import { bookingContext, type BookingContext } from '../store/repos/booking.js';
import { BusyTimeCache } from './busy-time.js';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

interface Compiled {
  stamp: string;
  rules: SlotRules;
}

/**
 * The owner's free time for the API, the booking page and request creation: one engine
 * (domain/availability.ts), fed with the owner's rules for the type and the owner's busy time.
 * Per call: one indexed query (rules, type and busy-time version together); busy time and compiled
 * rules come from memory until they change.
 */
export class AvailabilityService {
  readonly busy: BusyTimeCache;
  private readonly compiled = new Map<string, Compiled>();

  constructor(private readonly db: Db) {
    this.busy = new BusyTimeCache(db);
  }

  /** The engine's rules for one type, or null when the type is unknown, deleted, or booking is off. */
  private async load(ownerId: string, typeId: string, now: number): Promise<{ rules: SlotRules; ctx: BookingContext } | null> {
    const ctx = await bookingContext(this.db, ownerId, typeId);
    if (!ctx || !ctx.enabled) return null;
    return { rules: this.compile(ownerId, typeId, ctx, now), ctx };
  }

  private compile(ownerId: string, typeId: string, ctx: BookingContext, now: number): SlotRules {
    const year = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(ctx.timezone).year;
    // The rules' text is part of the stamp: two changes within one millisecond still differ.
    const stamp = `${ctx.settingsUpdatedAt.getTime()}|${ctx.timezone}|${ctx.durationMinutes}|${year}|${JSON.stringify(ctx.rules)}`;
    const key = `${ownerId}|${typeId}`;
    const hit = this.compiled.get(key);
    if (hit?.stamp === stamp) return hit.rules;
    const rules = storedRules(ctx.rules);
    const own = rulesForType(rules, typeId);
    const blocked = new Set(rules.blockedDates);
    // The window reaches at most 730 days ahead; holidays of the year before cover dates a zone ahead.
    if (rules.holidays) for (const d of holidayDatesBetween(rules.holidays, year - 1, year + 3)) blocked.add(d);
    const compiled: SlotRules = {
      timezone: ctx.timezone,
      weeklyHours: own.weeklyHours,
      blockedDates: blocked,
      minimumNoticeMinutes: rules.minimumNoticeMinutes,
      bookingWindowDays: rules.bookingWindowDays,
      bufferBeforeMinutes: own.bufferBeforeMinutes,
      bufferAfterMinutes: own.bufferAfterMinutes,
      slotStepMinutes: own.slotStepMinutes,
      durationMinutes: ctx.durationMinutes,
    };
    if (this.compiled.size >= 20_000) this.compiled.delete(this.compiled.keys().next().value!);
    this.compiled.set(key, { stamp, rules: compiled });
    return compiled;
  }

  /** Busy time covering every slot that could start in [from, to) under `rules`. */
  private async busyFor(ownerId: string, ctx: BookingContext, rules: SlotRules, from: number, to: number, now: number): Promise<TimeRange[]> {
    const until = windowEnd(rules, now);
    const reach = (rules.durationMinutes + rules.bufferBeforeMinutes + rules.bufferAfterMinutes) * MINUTE;
    const need = { from: Math.max(from, now) - reach, to: Math.min(to, until) + reach };
    if (need.from >= need.to) return [];
    return this.busy.get(ownerId, ctx.busyVersion, need.from, need.to, { now, until: until + reach + DAY_MS });
  }

  /** GET /availability: slots starting on fromDate..toDate of `tz`, and the dates; null: 404. */
  async forDates(ownerId: string, typeId: string, q: { fromDate: string; toDate: string; tz: string }, now: Date): Promise<AvailabilityDays | null> {
    const t = now.getTime();
    const loaded = await this.load(ownerId, typeId, t);
    if (!loaded) return null;
    const from = Temporal.PlainDate.from(q.fromDate).toZonedDateTime({ timeZone: q.tz }).epochMilliseconds;
    const to = Temporal.PlainDate.from(q.toDate).add({ days: 1 }).toZonedDateTime({ timeZone: q.tz }).epochMilliseconds;
    const busy = await this.busyFor(ownerId, loaded.ctx, loaded.rules, from, to, t);
    return availabilityForDates(loaded.rules, busy, { ...q, now: t });
  }

  /**
   * Whether the slot is one GET /availability offers right now (request creation checks this).
   * null: the type is unknown or booking is off (404).
   */
  async isOffered(ownerId: string, typeId: string, slot: { start: Date; end: Date }, now: Date): Promise<boolean | null> {
    const t = now.getTime();
    const loaded = await this.load(ownerId, typeId, t);
    if (!loaded) return null;
    const s = slot.start.getTime();
    const busy = await this.busyFor(ownerId, loaded.ctx, loaded.rules, s, s + 1, t);
    return isSlotOffered(loaded.rules, busy, { start: s, end: slot.end.getTime() }, t);
  }
}
