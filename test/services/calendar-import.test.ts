import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { importICalendar } from '../../src/services/calendar-import.js';
import { ServiceError } from '../../src/domain/service-error.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { useApi } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';
import { calendarText, manyEvents, series } from '../helpers/ical-text.js';

const GOOGLE = readFileSync(new URL('../fixtures/ical/google-work.ics', import.meta.url), 'utf8');
const PLANNING_UID = '5q1k2v9c8mfe2bq4s7o0k3l3jd@google.com';
const WINDOW = 'from=2026-03-01T00:00:00Z&to=2026-04-14T00:00:00Z&limit=100';

/**
 * The Google export a week later: the moved instance is back at its usual time (its RECURRENCE-ID
 * VEVENT gone), the cancelled 6 April one is on again at 11:00, 30 March is excluded too, the
 * quarterly review is cancelled and the trip renamed.
 */
function modifiedGoogle(): string {
  const blocks = GOOGLE.split(/(?=BEGIN:VEVENT)/);
  const kept = blocks
    .filter((b) => !b.includes('RECURRENCE-ID;TZID=Europe/Berlin:20260323T093000'))
    .map((b) => (b.includes('RECURRENCE-ID;TZID=Europe/Berlin:20260406T093000')
      ? b.replace('DTSTART;TZID=Europe/Berlin:20260406T093000', 'DTSTART;TZID=Europe/Berlin:20260406T110000')
        .replace('DTEND;TZID=Europe/Berlin:20260406T101500', 'DTEND;TZID=Europe/Berlin:20260406T114500')
        .replace('STATUS:CANCELLED', 'STATUS:CONFIRMED')
      : b));
  return kept.join('')
    .replace('EXDATE;TZID=Europe/Berlin:20260316T093000', 'EXDATE;TZID=Europe/Berlin:20260316T093000,20260330T093000')
    .replace(/(UID:0a7c3e9d2b4f6h8j1k3m5n7p9q@google.com[\s\S]*?)STATUS:CONFIRMED/, '$1STATUS:CANCELLED')
    .replace('SUMMARY:Easter trip', 'SUMMARY:Easter trip to Lisbon');
}

interface ApiEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  startDate: string | null;
  showAs: string;
  status: string;
  calendar: string;
  location: string | null;
  occurrenceOf: string | null;
  updatedAt: string;
}

for (const engine of ENGINES) {
  describe(`calendar import on ${engine}`, () => {
    const api = useApi(engine, '2026-03-20T12:00:00Z');

    async function ownerWithToken() {
      const owner = await api.owner('Europe/Berlin');
      return { owner, token: await api.token(owner, ['events:read']) };
    }

    async function events(token: string): Promise<ApiEvent[]> {
      const res = await api.get(`/api/v1/events?${WINDOW}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as ApiEvent[];
    }

    const run = (ownerId: string, text: string, calendarSlug = 'personal') => importICalendar(api.rt, { ownerId, calendarSlug, text });

    it('records event.created for each new event and event.updated for each changed one; an unchanged import records nothing', async () => {
      const owner = await api.owner('Europe/Berlin');
      const listener = await api.token(owner, ['webhooks', 'events:read']);
      const blind = await api.token(owner, ['webhooks', 'tasks:read']);
      api.clock.set('2026-03-20T12:00:00Z');
      await run(owner.id, GOOGLE);
      const types = async () => (await eventsOf(api.rt.store.db, owner.id)).map((e) => e.type);
      assert.deepEqual(await types(), Array(4).fill('event.created'));
      await run(owner.id, GOOGLE);
      assert.equal((await types()).length, 4, 'importing the same file again changes nothing and tells nothing');
      api.clock.set('2026-03-21T08:00:00Z');
      await run(owner.id, modifiedGoogle());
      const after = await types();
      assert.deepEqual(after.slice(4).sort(), ['event.updated', 'event.updated', 'event.updated']);
      // Entitled: the token holding events:read, not the other.
      const seen = async (token: string) => (await api.get('/api/v1/webhook-events?since=2026-03-20T00:00:00Z&limit=100', token)).json();
      assert.equal((await seen(listener)).data.length, 7);
      assert.deepEqual((await seen(blind)).data, []);
    });

    it('imports a Google export whose series the API expands into the right occurrences; notes never shown', async () => {
      const { owner, token } = await ownerWithToken();
      const summary = await run(owner.id, GOOGLE);
      assert.deepEqual(summary, { created: 4, updated: 0, unchanged: 0, cancelled: 0, skipped: 1, warnings: [] });

      const res = await api.get(`/api/v1/events?${WINDOW}`, token);
      assert.equal(res.body.includes('pick three priorities'), false, 'DESCRIPTION goes to notes, which the API never returns');
      const list = res.json().data as ApiEvent[];
      const planning = list.filter((e) => e.title.startsWith('Weekly planning'));
      const series = planning[0]!.occurrenceOf!;
      assert.deepEqual(planning.map((e) => [e.id, e.start, e.end, e.status, e.title, e.location]), [
        [`${series}@2026-03-02T08:30:00Z`, '2026-03-02T08:30:00Z', '2026-03-02T09:15:00Z', 'confirmed', 'Weekly planning', 'Room 4.12'],
        [`${series}@2026-03-09T08:30:00Z`, '2026-03-09T08:30:00Z', '2026-03-09T09:15:00Z', 'confirmed', 'Weekly planning', 'Room 4.12'],
        [`${series}@2026-03-23T08:30:00Z`, '2026-03-24T09:00:00Z', '2026-03-24T09:45:00Z', 'confirmed', 'Weekly planning (moved)', 'Room 2.03'],
        [`${series}@2026-03-30T07:30:00Z`, '2026-03-30T07:30:00Z', '2026-03-30T08:15:00Z', 'confirmed', 'Weekly planning', 'Room 4.12'],
        [`${series}@2026-04-06T07:30:00Z`, '2026-04-06T07:30:00Z', '2026-04-06T08:15:00Z', 'cancelled', 'Weekly planning', 'Room 4.12'],
        [`${series}@2026-04-13T07:30:00Z`, '2026-04-13T07:30:00Z', '2026-04-13T08:15:00Z', 'confirmed', 'Weekly planning', 'Room 4.12'],
      ]);
      const trip = list.find((e) => e.title === 'Easter trip')!;
      assert.deepEqual([trip.startDate, trip.start, trip.showAs, trip.calendar], ['2026-04-03', '2026-04-02T22:00:00Z', 'free', 'personal']);
      assert.deepEqual(list.filter((e) => e.title === 'Office day').map((e) => e.startDate), ['2026-03-30', '2026-04-06', '2026-04-13']);
      assert.equal(list.some((e) => e.title === 'Vendor demo'), false, 'a cancelled event never imported before is skipped');

      const row = await api.rt.store.db.selectFrom('events').select(['ical_uid', 'notes', 'series_until']).where('owner_id', '=', owner.id).where('ical_uid', '=', PLANNING_UID).executeTakeFirstOrThrow();
      assert.match(row.notes ?? '', /pick three priorities/);
      assert.equal(row.series_until, null, 'a rule without COUNT or UNTIL repeats forever');
      const office = await api.rt.store.db.selectFrom('events').select('series_until').where('owner_id', '=', owner.id).where('title', '=', 'Office day').executeTakeFirstOrThrow();
      assert.equal(office.series_until?.toISOString(), '2026-04-20T22:00:00.000Z', 'the last occurrence (20 April) ends at local midnight');
    });

    it('changes nothing when the same file is imported again', async () => {
      const { owner, token } = await ownerWithToken();
      await run(owner.id, GOOGLE);
      const before = await events(token);
      api.clock.advance(3_600_000);
      const again = await run(owner.id, GOOGLE);
      assert.deepEqual(again, { created: 0, updated: 0, unchanged: 4, cancelled: 0, skipped: 1, warnings: [] });
      assert.deepEqual(await events(token), before);
    });

    it('updates what a newer export changed, stamping updated_at from the clock', async () => {
      const { owner, token } = await ownerWithToken();
      api.clock.set('2026-03-20T12:00:00Z');
      await run(owner.id, GOOGLE);
      api.clock.set('2026-03-21T08:00:00Z');
      const summary = await run(owner.id, modifiedGoogle());
      assert.deepEqual(summary, { created: 0, updated: 2, unchanged: 1, cancelled: 1, skipped: 1, warnings: [] });

      const list = await events(token);
      const planning = list.filter((e) => e.title.startsWith('Weekly planning'));
      assert.deepEqual(planning.map((e) => [e.start, e.status]), [
        ['2026-03-02T08:30:00Z', 'confirmed'], ['2026-03-09T08:30:00Z', 'confirmed'], ['2026-03-23T08:30:00Z', 'confirmed'],
        ['2026-04-06T09:00:00Z', 'confirmed'], ['2026-04-13T07:30:00Z', 'confirmed'],
      ], 'the 23 March override is gone (back at 09:30), 30 March is excluded, 6 April is on again at 11:00');
      assert.ok(planning.every((e) => e.updatedAt === '2026-03-21T08:00:00Z'));
      const review = list.find((e) => e.title === 'Quarterly review')!;
      assert.deepEqual([review.status, review.updatedAt], ['cancelled', '2026-03-21T08:00:00Z']);
      assert.ok(list.some((e) => e.title === 'Easter trip to Lisbon'));
      const office = list.filter((e) => e.title === 'Office day');
      assert.ok(office.every((e) => e.updatedAt === '2026-03-20T12:00:00Z'), 'an unchanged event keeps its updated_at');
      const overrides = await api.rt.store.db.selectFrom('event_overrides').select(['original_start', 'start_at', 'cancelled', 'updated_at'])
        .where('owner_id', '=', owner.id).execute();
      assert.deepEqual(overrides.map((o) => [o.original_start, o.start_at?.toISOString(), o.cancelled, o.updated_at.toISOString()]), [
        ['2026-04-06T07:30:00Z', '2026-04-06T09:00:00.000Z', false, '2026-03-21T08:00:00.000Z'],
      ]);

      assert.equal((await run(owner.id, modifiedGoogle())).unchanged, 4, 'and importing the newer file again changes nothing');
    });

    it('never touches events of another calendar or another owner', async () => {
      const { owner, token } = await ownerWithToken();
      const other = await api.owner('Europe/Berlin');
      await api.rt.store.db.insertInto('calendars').values({ id: randomUUID(), owner_id: owner.id, slug: 'work', name: 'Work', position: 1, created_at: api.clock.now() }).execute();
      await run(owner.id, GOOGLE, 'personal');
      await run(other.id, GOOGLE, 'personal');
      const intoWork = await run(owner.id, modifiedGoogle(), 'work');
      assert.equal(intoWork.created, 3, 'the same UIDs in another calendar are other events (the cancelled review is not added)');
      const list = await events(token);
      assert.equal(list.filter((e) => e.title === 'Easter trip' && e.calendar === 'personal').length, 1);
      assert.equal(list.filter((e) => e.title === 'Easter trip to Lisbon' && e.calendar === 'work').length, 1);
      const otherRows = await api.rt.store.db.selectFrom('events').select(['title', 'updated_at']).where('owner_id', '=', other.id).orderBy('title').execute();
      assert.deepEqual(otherRows.map((r) => r.title), ['Easter trip', 'Office day', 'Quarterly review', 'Weekly planning']);
    });

    it('refuses an unknown calendar slug naming the owner\'s calendars, and text that is not iCalendar', async () => {
      const { owner } = await ownerWithToken();
      await assert.rejects(run(owner.id, GOOGLE, 'holidays'), (e: unknown) => {
        assert.ok(e instanceof ServiceError);
        assert.equal(e.kind, 'not_found');
        assert.equal(e.message, 'no calendar "holidays" of this owner (its calendars: personal)');
        return true;
      });
      await assert.rejects(run(owner.id, 'not a calendar'), (e: unknown) => e instanceof ServiceError && e.kind === 'invalid');
      const count = await api.rt.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 0);
    });

    it('imports nothing of a file with a series over its limit, and says which series and which limit', async () => {
      const { owner, token } = await ownerWithToken();
      const text = calendarText([...manyEvents(2), series('minutely@limits.test', '2026-03-20T00:00:00Z', 'FREQ=MINUTELY;COUNT=100000000')]);
      await assert.rejects(run(owner.id, text), (e: unknown) => {
        assert.ok(e instanceof ServiceError);
        assert.equal(e.kind, 'invalid');
        // Counted over the rows the import would write: the horizon, a year back and two ahead of the clock.
        const [from, to] = [-366, 731].map((days) => new Date(api.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10));
        assert.equal(
          e.message,
          `the series UID minutely@limits.test (RRULE FREQ=MINUTELY;COUNT=100000000) has more than 10,000 occurrences between ${from} and ${to}, the most one series may have`,
        );
        return true;
      });
      assert.deepEqual(await events(token), []);
    });
  });
}
