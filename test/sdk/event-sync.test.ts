import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CalendarAccess, EventSync, type Event } from '@calendar-access/sdk';
import { RRuleTemporal } from 'rrule-temporal';
import { ENGINES } from '../helpers/engines.js';
import { listeningApi, useApi } from '../helpers/api.js';
import { calendarTruth, sorted } from '../helpers/event-truth.js';
import { calendarText } from '../helpers/ical-text.js';
import { importICalendar } from '../../src/services/calendar-import.js';
import { cancelOccurrence, createEvent, deleteEvent, deleteOccurrence, editOccurrence, updateEvent } from '../../src/services/calendar-events.js';

// Issue 31's "done when": a sync client written with the SDK alone keeps a local copy of a big
// owner's calendar exact through random edits, deletions and imports, using only the change feed,
// and its polling costs 304s while nothing changes.

// Friday 2026-10-23 in Berlin: the clocks go back on Sunday the 25th.
const T0 = '2026-10-23T08:00:00Z';
const SINGLES = 1500;
const SERIES = 40;

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('.000', '');

/** The owner's other calendar as a file: many single events, and weekly series in two zones, some with changed and removed occurrences. */
function bigCalendar(version: number): string {
  const events: string[][] = [];
  const first = Date.parse('2026-10-01T06:00:00Z');
  for (let i = 0; i < SINGLES; i++) {
    const at = first + i * 5 * 3_600_000;
    // Each new version of the file renames every 50th event and drops every 97th.
    if (version > 0 && i % 97 === version) continue;
    events.push([`UID:single-${i}@big.test`, 'DTSTAMP:20260101T000000Z', `DTSTART:${stamp(at)}`, `DTEND:${stamp(at + 1_800_000)}`, `SUMMARY:Meeting ${i}${version > 0 && i % 50 === version ? ` v${version}` : ''}`]);
  }
  for (let s = 0; s < SERIES; s++) {
    const zone = s % 2 === 0 ? 'Europe/Berlin' : 'America/New_York';
    const day = 19 + (s % 5); // a weekday of the week of 2026-10-19
    const uid = `series-${s}@big.test`;
    const lines = [`UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART;TZID=${zone}:202610${day}T0${s % 10}0000`, `DTEND;TZID=${zone}:202610${day}T0${s % 10}3000`, 'RRULE:FREQ=WEEKLY;COUNT=30', `SUMMARY:Weekly ${s}`];
    if (s % 4 === 0) lines.push(`EXDATE;TZID=${zone}:202611${String(day - 17).padStart(2, '0')}T0${s % 10}0000`);
    events.push(lines);
    if (s % 3 === 0 || (version > 0 && s % 7 === version)) {
      // The occurrence two weeks on, moved an hour later.
      const d = String(day + 14 - 31).padStart(2, '0');
      events.push([`UID:${uid}`, 'DTSTAMP:20260101T000000Z', `RECURRENCE-ID;TZID=${zone}:202611${d}T0${s % 10}0000`, `DTSTART;TZID=${zone}:202611${d}T1${s % 10}0000`, `DTEND;TZID=${zone}:202611${d}T1${s % 10}3000`, `SUMMARY:Weekly ${s} (moved)`]);
    }
  }
  return calendarText(events);
}

const wire = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * The occurrences in [from, to) that the copy implies, each as `id start`: single events as they
 * are, each series' `rrule` text expanded by another RFC 5545 library (rrule-temporal) with its
 * exceptions put in place of the occurrences of their ids.
 */
function occurrencesOfCopy(sync: EventSync, from: number, to: number): string[] {
  const out: string[] = [];
  const overlaps = (start: number, end: number) => start < to && (end > from || start >= from);
  for (const e of sync.events.values()) if (overlaps(Date.parse(e.start), Date.parse(e.end))) out.push(`${e.id} ${e.start}`);
  const exceptions = new Map<string, Event>([...sync.exceptions]);
  for (const s of sync.series.values()) {
    const length = s.firstOccurrence ? Date.parse(s.firstOccurrence.end) - Date.parse(s.firstOccurrence.start) : 0;
    const rule = new RRuleTemporal({ rruleString: s.rrule });
    for (const at of rule.all((d) => d.epochMilliseconds < to)) {
      const start = at.epochMilliseconds;
      const id = `${s.id}@${wire(start)}`;
      if (exceptions.has(id)) continue;
      if (overlaps(start, start + length)) out.push(`${id} ${wire(start)}`);
    }
  }
  for (const e of exceptions.values()) if (overlaps(Date.parse(e.start), Date.parse(e.end))) out.push(`${e.id} ${e.start}`);
  return out.sort();
}

/** A small deterministic random source (xorshift32), so a red run replays. */
function randomFrom(seed: number) {
  let x = seed | 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

for (const engine of ENGINES) {
  describe(`an SDK sync client of a big calendar on ${engine}`, () => {
    const api = useApi(engine, T0);
    const server = listeningApi(api);

    it('keeps its copy exact through random edits, deletions and imports with the change feed alone, and polls with 304s', { timeout: 900_000 }, async () => {
      const owner = await api.owner('Europe/Berlin');
      const env = { db: api.rt.store.db, clock: api.clock };
      const db = api.rt.store.db;
      await db.insertInto('calendars').values({ id: crypto.randomUUID(), owner_id: owner.id, slug: 'work', name: 'Work', created_at: api.clock.now() }).execute();
      const first = await importICalendar(api.rt, { ownerId: owner.id, calendarSlug: 'work', text: bigCalendar(0) });
      assert.equal(first.created, SINGLES + SERIES);
      const token = await api.token(owner, ['events:read']);
      const client = new CalendarAccess({ token, baseUrl: server.baseUrl, conditional: true, maxRetries: 0 });
      const remainingReads: number[] = [];
      const sync = client.events.sync({ onPage: (page) => remainingReads.push(page.lastResponse.rateLimit!.remaining) });

      const expectExact = async (what: string) => {
        const truth = await calendarTruth(db, owner.id);
        assert.deepEqual(sorted(sync.events), sorted(truth.events), `${what}: single events`);
        assert.deepEqual(sorted(sync.series), sorted(truth.series), `${what}: series`);
        assert.deepEqual(sorted(sync.exceptions), sorted(truth.exceptions), `${what}: exceptions`);
        // And against the server's occurrence rows (GET /events reads them), 62 days across the
        // October change in Berlin and the November change in New York.
        const from = Date.parse('2026-10-20T00:00:00Z');
        const to = from + 62 * 86_400_000;
        const listed: string[] = [];
        for await (const e of client.events.list({ from: wire(from), to: wire(to), limit: 100 })) listed.push(`${e.id} ${e.start}`);
        assert.deepEqual(occurrencesOfCopy(sync, from, to), listed.sort(), `${what}: the copy's occurrences are the server's`);
      };

      const full = await sync.pull();
      assert.equal(full.full, true);
      assert.equal(full.changes, SINGLES + SERIES);
      assert.equal(full.pages, Math.ceil((SINGLES + SERIES) / 100));
      assert.equal(sync.events.size, SINGLES);
      assert.equal(sync.series.size, SERIES);
      assert.ok(sync.exceptions.size >= 10, 'the moved occurrences are exceptions');
      await expectExact('after the full sync');

      const random = randomFrom(31);
      const pick = <T>(items: T[]): T => items[random(items.length)]!;
      for (let round = 1; round <= 5; round++) {
        api.clock.advance(3_600_000);
        const singles = [...sync.events.keys()];
        const series = [...sync.series.keys()];
        for (let k = 0; k < 12; k++) {
          const what = random(7);
          if (what === 0) {
            await createEvent(env, owner, { title: `New ${round}.${k}`, calendar: 'personal', times: { allDay: false, start: `2026-10-2${5 + (k % 3)}T0${k % 10}:30`, end: `2026-10-2${5 + (k % 3)}T1${k % 10}:00` } });
          } else if (what === 1) {
            const id = pick(singles);
            await updateEvent(env, owner, id, { title: `Renamed ${round}.${k}`, calendar: 'work', times: { allDay: false, start: '2026-10-25T01:30', end: '2026-10-25T02:30' } });
          } else if (what === 2) {
            await deleteEvent(env, owner, singles.splice(random(singles.length), 1)[0]!);
          } else if (what === 6) {
            await deleteEvent(env, owner, series.splice(random(series.length), 1)[0]!);
          } else {
            // One occurrence of a series, as the owner picks it in the console.
            const seriesId = pick(series);
            const rows = await db.selectFrom('event_occurrences').select('id').where('owner_id', '=', owner.id).where('event_id', '=', seriesId)
              .where('deleted_at', 'is', null).where('series_deleted_at', 'is', null).orderBy('start_at').limit(8).execute();
            if (rows.length === 0) continue;
            const occurrence = pick(rows).id;
            if (what === 3) await editOccurrence(env, owner, occurrence, { title: `Changed ${round}.${k}` });
            else if (what === 4) await deleteOccurrence(env, owner, occurrence);
            else await cancelOccurrence(env, owner, occurrence);
          }
        }
        // The other calendar's file changed: renamed, dropped and moved events.
        await importICalendar(api.rt, { ownerId: owner.id, calendarSlug: 'work', text: bigCalendar(round) });
        const pulled = await sync.pull();
        assert.equal(pulled.full, false);
        assert.ok(pulled.changes > 0 && pulled.changes < 200, `round ${round}: only the changes come (${pulled.changes})`);
        await expectExact(`after round ${round}`);

        // Nothing changes: the first poll with the new token finds nothing and gets the same token
        // back; every later one is a 304, given back to the token's read limit.
        const quiet = await sync.pull();
        assert.deepEqual([quiet.pages, quiet.notModified, quiet.changes, quiet.syncToken], [1, 0, 0, pulled.syncToken], `round ${round}: nothing new`);
        for (let poll = 0; poll < 3; poll++) {
          const polled = await sync.pull();
          assert.deepEqual([polled.pages, polled.notModified, polled.changes, polled.syncToken], [1, 1, 0, pulled.syncToken], `round ${round}: a quiet poll is one 304`);
        }
        const remaining = remainingReads.slice(-4);
        assert.equal(new Set(remaining.slice(1)).size, 1, `round ${round}: a 304 costs nothing of the token's 600 reads a minute (${remaining.join(', ')})`);
      }

      // A copy saved and read back goes on from its token.
      const restored = client.events.sync({ from: JSON.parse(JSON.stringify(sync.snapshot())) });
      await deleteEvent(env, owner, [...sync.events.keys()][0]!);
      await restored.pull();
      await sync.pull();
      assert.deepEqual(sorted(restored.events), sorted(sync.events));
      assert.deepEqual(sorted(restored.series), sorted(sync.series));
      await expectExact('after a copy was saved and read back');

      // A token past 30 days: the server says start again, and the client does by itself.
      api.clock.advance(31 * 86_400_000);
      const again = await sync.pull();
      assert.equal(again.full, true);
      await expectExact('after starting again');
      assert.ok(sync instanceof EventSync);
    });
  });
}
