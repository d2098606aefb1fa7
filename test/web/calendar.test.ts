import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import type { OwnerRow } from '../../src/store/schema.js';

interface ApiEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  status: string;
  occurrenceOf: string | null;
}

let counter = 0;

/** A signed-up owner in Europe/Berlin with a browser session, a read token and a cursor over its webhook events. */
async function owner(api: ApiHarness, engine: string) {
  counter += 1;
  const web = webSession(api);
  const username = `cal-${engine}-${process.pid}-${counter}`;
  const made = await web.post('/signup', { username, name: 'Clara', timezone: 'Europe/Berlin', password: 'a long password here' });
  assert.equal(made.statusCode, 303, made.body);
  const row: OwnerRow = await api.rt.store.db.selectFrom('owners').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const token = await api.token(row, ['events:read']);
  let seen = 0;
  return {
    web,
    row,
    /** GET /api/v1/events over a window. */
    async events(from: string, to: string, extra = ''): Promise<{ data: ApiEvent[]; deleted?: { id: string; deletedAt: string }[] }> {
      const res = await api.get(`/api/v1/events?from=${from}&to=${to}${extra}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return JSON.parse(res.body);
    },
    /** The webhook events recorded since the last call, as [type, data.id]. */
    async recorded(): Promise<[string, string][]> {
      const all = await eventsOf(api.rt.store.db, row.id);
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh.map((e) => [e.type, (e.data as { id: string }).id]);
    },
  };
}

/** One day's column of the week or day grid. */
function dayColumn(body: string, date: string): string {
  const m = new RegExp(`<div class="tcol[^"]*" role="group" aria-labelledby="day-${date}">([\\s\\S]*?)</div>`).exec(body);
  assert.ok(m, `no column for ${date}`);
  return m[1]!;
}

/** One day's all-day list ('' when it has none). */
function allDayOf(body: string, date: string): string {
  return new RegExp(`<ul class="allday" id="allday-${date}"[^>]*>([\\s\\S]*?)</ul>`).exec(body)?.[1] ?? '';
}

/** An event of a grid column: its time text, its instant, and its classes (row, span, lane). */
function shownTime(column: string, title: string): { text: string; datetime: string; classes: string } {
  const m = new RegExp(`<a class="(ev [^"]+)" href="[^"]+"><time class="when" datetime="([^"]+)">([^<]+)</time> <span class="ttl">${title}</span>`).exec(column);
  assert.ok(m, `no "${title}" in ${column}`);
  return { classes: m[1]!, datetime: m[2]!, text: m[3]! };
}

const YOGA = {
  title: 'Yoga', calendar: 'personal', start_date: '2026-03-26', start_time: '10:00', end_date: '2026-03-26', end_time: '11:00',
  timezone: 'Europe/Berlin', show_as: 'busy', location: 'Studio 2', url: '', notes: '', repeat: 'weekly', until: '2026-04-30',
};

async function submitted(web: WebSession, url: string, fields: Record<string, string>): Promise<string> {
  const res = await web.submit(url, fields);
  assert.equal(res.statusCode, 303, res.body);
  return String(res.headers.location);
}

for (const engine of ENGINES) {
  describe(`console calendar on ${engine}`, () => {
    const api = useApi(engine, '2026-03-25T12:00:00Z');
    const later = () => api.clock.advance(60_000);

    it('a weekly series across the DST change keeps its local time, and changes to one occurrence or the whole series reach the API', async () => {
      const o = await owner(api, engine);
      const where = await submitted(o.web, '/app/calendar/new', YOGA);
      assert.match(where, /^\/app\/calendar\?date=2026-03-26&notice=/);
      const window = ['2026-03-23T00:00:00Z', '2026-05-04T00:00:00Z'] as const;
      let { data } = await o.events(...window);
      assert.deepEqual(data.map((e) => e.start), [
        '2026-03-26T09:00:00Z', '2026-04-02T08:00:00Z', '2026-04-09T08:00:00Z', '2026-04-16T08:00:00Z', '2026-04-23T08:00:00Z', '2026-04-30T08:00:00Z',
      ], '10:00 in Berlin, CET then CEST, through the until date');
      const series = data[0]!.occurrenceOf!;
      assert.ok(data.every((e) => e.occurrenceOf === series && e.id === `${series}@${e.start}` && e.title === 'Yoga' && e.status === 'confirmed'));
      assert.deepEqual(await o.recorded(), [['event.created', series]]);

      // The week view: the same local time on both sides of 2026-03-29.
      const before = shownTime(dayColumn((await o.web.get('/app/calendar?date=2026-03-26')).body, '2026-03-26'), 'Yoga');
      const after = shownTime(dayColumn((await o.web.get('/app/calendar?date=2026-04-02')).body, '2026-04-02'), 'Yoga');
      assert.equal(before.datetime, '2026-03-26T09:00:00.000Z');
      assert.equal(after.datetime, '2026-04-02T08:00:00.000Z');
      assert.match(before.text, /^10:00\s*[–-]\s*11:00\sAM$/u);
      assert.equal(after.text, before.text);
      const week = (await o.web.get('/app/calendar?date=2026-04-02')).body;
      assert.match(week, new RegExp(`href="/app/calendar/event\\?id=${series}%402026-04-02T08%3A00%3A00Z"`), 'each occurrence links to its page');
      assert.match(week, /href="\/app\/calendar\?date=2026-03-26" rel="prev">← Previous week/);
      assert.match(week, /href="\/app\/calendar\?date=2026-04-09" rel="next">Next week →/);

      // "This occurrence": only 9 April moves, to the evening of 10 April.
      const ninth = `${series}@2026-04-09T08:00:00Z`;
      const page = await o.web.get(`/app/calendar/event?id=${encodeURIComponent(ninth)}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /This occurrence only/);
      assert.match(page.body, /The whole series/);
      later();
      await submitted(o.web, '/app/calendar/event/edit', { ...YOGA, id: ninth, scope: 'occurrence', start_date: '2026-04-10', start_time: '18:00', end_date: '2026-04-10', end_time: '19:00' });
      ({ data } = await o.events(...window));
      const moved = data.find((e) => e.id === ninth)!;
      assert.equal(moved.start, '2026-04-10T16:00:00Z');
      assert.equal(moved.end, '2026-04-10T17:00:00Z');
      assert.deepEqual(data.filter((e) => e.id !== ninth).map((e) => e.start.slice(11)), ['09:00:00Z', '08:00:00Z', '08:00:00Z', '08:00:00Z', '08:00:00Z']);
      assert.deepEqual(await o.recorded(), [['event.updated', series]]);

      // "The whole series", from another occurrence: every occurrence is renamed, the moved one stays moved.
      later();
      await submitted(o.web, '/app/calendar/event/edit', { ...YOGA, id: `${series}@2026-04-02T08:00:00Z`, scope: 'series', title: 'Morning yoga', start_date: '2026-04-02', end_date: '2026-04-02' });
      ({ data } = await o.events(...window));
      assert.equal(data.length, 6);
      assert.ok(data.every((e) => e.title === 'Morning yoga'), JSON.stringify(data.map((e) => e.title)));
      assert.equal(data.find((e) => e.id === ninth)!.start, '2026-04-10T16:00:00Z');
      assert.equal(data[0]!.start, '2026-03-26T09:00:00Z', 'the series keeps its first date');
      assert.deepEqual(await o.recorded(), [['event.updated', series]]);

      // Cancel one occurrence: listed as cancelled, the others stay confirmed.
      const sixteenth = `${series}@2026-04-16T08:00:00Z`;
      later();
      await submitted(o.web, '/app/calendar/event/status', { id: sixteenth, scope: 'cancel:occurrence' });
      ({ data } = await o.events(...window));
      assert.deepEqual(data.filter((e) => e.status === 'cancelled').map((e) => e.id), [sixteenth]);
      assert.deepEqual(await o.recorded(), [['event.updated', series]]);
      assert.match(shownTime(dayColumn((await o.web.get('/app/calendar?date=2026-04-16')).body, '2026-04-16'), 'Morning yoga').classes, / cancelled/);
      assert.match(dayColumn((await o.web.get('/app/calendar?date=2026-04-16')).body, '2026-04-16'), /Morning yoga<\/span><span class="sr">, Thursday, April 16 \(cancelled\), repeats<\/span>/);

      // Delete the whole series: gone from the list, a deleted marker for the series.
      later();
      await submitted(o.web, '/app/calendar/event/delete', { id: `${series}@2026-04-23T08:00:00Z`, scope: 'series' });
      const gone = await o.events(...window, '&includeDeleted=true');
      assert.deepEqual(gone.data, []);
      assert.deepEqual(gone.deleted, [{ id: series, deletedAt: api.clock.now().toISOString().replace('.000Z', 'Z') }]);
      assert.deepEqual(await o.recorded(), [['event.deleted', series]]);
      assert.doesNotMatch((await o.web.get('/app/calendar?date=2026-04-23')).body, /yoga/);
    });

    it('deletes one occurrence (a deleted marker with its id) and restores a cancelled one', async () => {
      const o = await owner(api, engine);
      await submitted(o.web, '/app/calendar/new', { ...YOGA, until: '2026-04-09' });
      const { data } = await o.events('2026-03-23T00:00:00Z', '2026-04-13T00:00:00Z');
      const [first, second, third] = data.map((e) => e.id);
      await o.recorded();
      later();
      await submitted(o.web, '/app/calendar/event/delete', { id: second!, scope: 'occurrence' });
      later();
      await submitted(o.web, '/app/calendar/event/status', { id: third!, scope: 'cancel:occurrence' });
      later();
      const back = await submitted(o.web, '/app/calendar/event/status', { id: third!, scope: 'restore:occurrence' });
      assert.match(back, /^\/app\/calendar\/event\?id=.*notice=This%20occurrence%20was%20restored/);
      const after = await o.events('2026-03-23T00:00:00Z', '2026-04-13T00:00:00Z', '&includeDeleted=true');
      assert.deepEqual(after.data.map((e) => [e.id, e.status]), [[first, 'confirmed'], [third, 'confirmed']]);
      assert.deepEqual(after.deleted?.map((d) => d.id), [second]);
      const series = first!.split('@')[0]!;
      assert.deepEqual(await o.recorded(), [['event.updated', series], ['event.updated', series], ['event.updated', series]]);
    });

    it('a new time for the whole series, set on one occurrence, moves every occurrence by as much and keeps the first date', async () => {
      const o = await owner(api, engine);
      await submitted(o.web, '/app/calendar/new', { ...YOGA, until: '2026-04-16' });
      const window = ['2026-03-23T00:00:00Z', '2026-04-20T00:00:00Z'] as const;
      const before = (await o.events(...window)).data;
      await submitted(o.web, '/app/calendar/event/edit', { ...YOGA, until: '2026-04-16', id: before[1]!.id, scope: 'occurrence', title: 'Yoga (short)', start_date: '2026-04-02', end_date: '2026-04-02', end_time: '10:30' });
      assert.equal((await o.events(...window)).data[1]!.title, 'Yoga (short)');
      await o.recorded();
      later();
      const where = await submitted(o.web, '/app/calendar/event/edit', { ...YOGA, id: before[2]!.id, scope: 'series', start_date: '2026-04-09', start_time: '18:30', end_date: '2026-04-09', end_time: '20:00', until: '2026-04-16' });
      assert.match(where, /date=2026-04-09/);
      const after = (await o.events(...window)).data;
      assert.deepEqual(after.map((e) => [e.start, e.end]), [
        ['2026-03-26T17:30:00Z', '2026-03-26T19:00:00Z'], ['2026-04-02T16:30:00Z', '2026-04-02T18:00:00Z'],
        ['2026-04-09T16:30:00Z', '2026-04-09T18:00:00Z'], ['2026-04-16T16:30:00Z', '2026-04-16T18:00:00Z'],
      ]);
      assert.ok(after.every((e) => e.title === 'Yoga'), 'changes of single occurrences belong to starts the series no longer has');
      assert.deepEqual(await o.recorded(), [['event.updated', before[0]!.occurrenceOf!]]);
    });

    it('adds an all-day event over two days', async () => {
      const o = await owner(api, engine);
      const where = await submitted(o.web, '/app/calendar/new', { ...YOGA, title: 'Conference', all_day: '1', start_date: '2026-04-01', end_date: '2026-04-02', start_time: '', end_time: '', repeat: 'none', until: '' });
      assert.match(where, /date=2026-04-01/);
      const { data } = await o.events('2026-03-30T00:00:00Z', '2026-04-06T00:00:00Z');
      assert.equal(data.length, 1);
      const e = data[0]!;
      assert.deepEqual([e.allDay, e.startDate, e.endDate, e.start, e.end, e.occurrenceOf], [true, '2026-04-01', '2026-04-03', '2026-03-31T22:00:00Z', '2026-04-02T22:00:00Z', null]);
      assert.deepEqual(await o.recorded(), [['event.created', e.id]]);
      const week = (await o.web.get('/app/calendar?date=2026-04-01')).body;
      for (const day of ['2026-04-01', '2026-04-02']) assert.match(allDayOf(week, day), /<time class="when" datetime="2026-04-01">All day<\/time><a href="[^"]+">Conference<\/a>/);
      assert.doesNotMatch(allDayOf(week, '2026-04-03'), /Conference/, 'the end date is exclusive');
      assert.doesNotMatch(dayColumn(week, '2026-04-01'), /Conference/, 'not in the timed grid');
      const page = (await o.web.get(`/app/calendar/event?id=${e.id}`)).body;
      assert.match(page, /name="end_date" type="date" value="2026-04-02"/, 'the form shows the last day');
      assert.doesNotMatch(page, /This occurrence only/);
    });

    it('shows the next 30 days as an agenda', async () => {
      const o = await owner(api, engine);
      await submitted(o.web, '/app/calendar/new', { ...YOGA, title: 'Dentist', start_date: '2026-04-20', end_date: '2026-04-20', repeat: 'none', until: '' });
      await submitted(o.web, '/app/calendar/new', { ...YOGA, title: 'Far away', start_date: '2026-05-20', end_date: '2026-05-20', repeat: 'none', until: '' });
      const agenda = (await o.web.get('/app/calendar?view=agenda')).body;
      assert.match(agenda, /<table class="agenda">/);
      assert.match(agenda, /Monday, April 20/);
      assert.match(agenda, /Dentist/);
      assert.doesNotMatch(agenda, /Far away/);
    });

    it('re-renders the form with the message (422) and changes nothing when the input is wrong', async () => {
      const o = await owner(api, engine);
      await o.recorded();
      const noTitle = await o.web.submit('/app/calendar/new', { ...YOGA, title: '  ' });
      assert.equal(noTitle.statusCode, 422);
      assert.match(noTitle.body, /role="alert">Title: 1 to 500 characters\./);
      assert.match(noTitle.body, /name="title" required maxlength="500" size="40" value="  " aria-invalid="true"/);
      assert.match(noTitle.body, /name="location" maxlength="500" size="40" value="Studio 2"/, 'what was typed is kept');
      const backwards = await o.web.submit('/app/calendar/new', { ...YOGA, end_time: '09:00' });
      assert.equal(backwards.statusCode, 422);
      assert.match(backwards.body, /End: the event must end after it starts\./);
      const untilBefore = await o.web.submit('/app/calendar/new', { ...YOGA, until: '2026-03-01' });
      assert.equal(untilBefore.statusCode, 422);
      assert.match(untilBefore.body, /Repeat until: the last date cannot be before the event starts\./);
      const badUrl = await o.web.submit('/app/calendar/new', { ...YOGA, url: 'javascript:alert(1)' });
      assert.equal(badUrl.statusCode, 422);
      assert.match(badUrl.body, /Web address: a link starting with https:\/\//);
      assert.deepEqual(await o.recorded(), []);

      await submitted(o.web, '/app/calendar/new', YOGA);
      const { data } = await o.events('2026-03-23T00:00:00Z', '2026-04-06T00:00:00Z');
      await o.recorded();
      const second = data[1]!.id;
      const seriesOnly = await o.web.submit('/app/calendar/event/edit', { ...YOGA, id: second, scope: 'occurrence', notes: 'Bring a mat' });
      assert.equal(seriesOnly.statusCode, 422);
      assert.match(seriesOnly.body, /The notes belong to the whole series/);
      const endFirst = await o.web.submit('/app/calendar/event/edit', { ...YOGA, id: second, scope: 'occurrence', start_date: '2026-04-02', end_date: '2026-04-02', end_time: '08:00' });
      assert.equal(endFirst.statusCode, 422);
      assert.match(endFirst.body, /End: the event must end after it starts\./);
      assert.deepEqual(await o.recorded(), []);
    });

    it("cannot see or change another owner's event", async () => {
      const a = await owner(api, engine);
      const b = await owner(api, engine);
      await submitted(a.web, '/app/calendar/new', { ...YOGA, repeat: 'none', until: '' });
      const [mine] = (await a.events('2026-03-23T00:00:00Z', '2026-03-30T00:00:00Z')).data;
      const peek = await b.web.get(`/app/calendar/event?id=${mine!.id}`);
      assert.equal(peek.statusCode, 303);
      assert.match(String(peek.headers.location), /no%20longer%20exists/);
      await submitted(b.web, '/app/calendar/event/delete', { id: mine!.id, scope: 'series' });
      assert.equal((await a.events('2026-03-23T00:00:00Z', '2026-03-30T00:00:00Z')).data.length, 1);
      assert.deepEqual(await b.recorded(), []);
    });
  });
}
