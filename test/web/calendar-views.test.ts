import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { askAppointment, signedUpOwner } from '../helpers/inbox.js';

/*
 * The calendar's day, week and month views as the owner's browser gets them: events at the rows of
 * their wall-clock times in the owner's zone (15 minutes a row: 10:00 is row 41), overlapping ones in
 * lanes side by side, the now line, free hours as links to the new-event form, pending requests as
 * tentative, and DST days in Berlin (23 hours on 2026-03-29, 25 on 2026-10-25). The clock stands at
 * Wednesday 2026-03-25 12:00Z, 13:00 in Berlin.
 */
let counter = 0;

async function owner(api: ApiHarness, engine: string, timezone = 'Europe/Berlin'): Promise<WebSession> {
  counter += 1;
  const web = webSession(api);
  const made = await web.post('/signup', { username: `views-${engine}-${process.pid}-${counter}`, name: 'Vera', timezone, password: 'a long password here' });
  assert.equal(made.statusCode, 303, made.body);
  return web;
}

async function add(web: WebSession, title: string, date: string, from: string, to: string, endDate = date): Promise<void> {
  const res = await web.submit('/app/calendar/new', {
    title, calendar: 'personal', start_date: date, start_time: from, end_date: endDate, end_time: to, timezone: 'Europe/Berlin', show_as: 'busy', location: '', url: '', notes: '', repeat: 'none', until: '',
  });
  assert.equal(res.statusCode, 303, res.body);
}

function dayColumn(body: string, date: string): string {
  const m = new RegExp(`<div class="tcol[^"]*" role="group" aria-labelledby="day-${date}">([\\s\\S]*?)</div>`).exec(body);
  assert.ok(m, `no column for ${date}`);
  return m[1]!;
}

/** An event's classes in a column (`ev r-<row> s-<rows> l-<lane>-<lanes> <status>…`). */
function classesOf(column: string, title: string): string {
  const m = new RegExp(`<a class="(ev [^"]+)" href="[^"]+"><time[^>]*>[^<]*</time> <span class="ttl">${title}</span>`).exec(column);
  assert.ok(m, `no "${title}" in ${column}`);
  return m[1]!;
}
const place = (column: string, title: string) => classesOf(column, title).split(' ').slice(1, 4).join(' ');

for (const engine of ENGINES) {
  describe(`console calendar views on ${engine}`, () => {
    const api = useApi(engine, '2026-03-25T12:00:00Z');

    it('the week grid puts events at their rows, overlapping ones side by side, one crossing midnight on both days, and the now line', async () => {
      api.clock.set('2026-03-25T12:00:00Z');
      const web = await owner(api, engine);
      await add(web, 'Standup', '2026-03-25', '10:00', '10:30');
      await add(web, 'Review', '2026-03-25', '10:15', '11:00');
      await add(web, 'Lunch', '2026-03-25', '12:00', '13:00');
      await add(web, 'Night shift', '2026-03-25', '23:00', '01:00', '2026-03-26');
      const res = await web.get('/app/calendar?date=2026-03-25');
      assert.equal(res.statusCode, 200);
      const week = res.body;
      assert.doesNotMatch(week, /style=/, 'no inline style for the CSP');
      const wed = dayColumn(week, '2026-03-25');
      assert.equal(place(wed, 'Standup'), 'r-41 s-2 l-0-2');
      assert.equal(place(wed, 'Review'), 'r-42 s-3 l-1-2');
      assert.equal(place(wed, 'Lunch'), 'r-49 s-4 l-0-1');
      assert.equal(place(wed, 'Night shift'), 'r-93 s-4 l-0-1');
      assert.match(classesOf(wed, 'Night shift'), /until-after/);
      assert.equal(place(dayColumn(week, '2026-03-26'), 'Night shift'), 'r-1 s-4 l-0-1');
      assert.match(wed, /<span class="now r-53"><span class="sr">Now, 1:00 PM<\/span><\/span>/, '13:00 in Berlin');
      assert.doesNotMatch(dayColumn(week, '2026-03-24'), /class="now/);
      assert.match(wed, /<time class="when" datetime="2026-03-25T09:00:00.000Z">10:00\s*[–-]\s*10:30\sAM<\/time> <span class="ttl">Standup<\/span><span class="sr">, Wednesday, March 25<\/span>/, 'the link names its time and day');
      for (const d of ['2026-03-23', '2026-03-29']) assert.match(week, new RegExp(`<h3 id="day-${d}"`));
      assert.match(week, /<h3 id="day-2026-03-25" class="today chosen">/);
      assert.match(week, /<script src="\/assets\/calendar-keys-[0-9a-f]{12}\.js" data-left="\/app\/calendar\?date=2026-03-24" data-right="\/app\/calendar\?date=2026-03-26" data-up="\/app\/calendar\?date=2026-03-18" data-down="\/app\/calendar\?date=2026-04-01" data-today="\/app\/calendar\?date=2026-03-25" data-new="\/app\/calendar\/new\?date=2026-03-25"><\/script>/);
    });

    it('a free hour is a link to the new-event form at that time; a busy one is not', async () => {
      api.clock.set('2026-03-25T12:00:00Z');
      const web = await owner(api, engine);
      await add(web, 'Standup', '2026-03-25', '10:00', '10:30');
      const wed = dayColumn((await web.get('/app/calendar?view=day&date=2026-03-25')).body, '2026-03-25');
      assert.match(wed, /<a class="cell r-37 s-4" tabindex="-1" href="\/app\/calendar\/new\?date=2026-03-25&amp;time=09:00" aria-label="New event, Wednesday, March 25, 9:00 AM"><\/a>/);
      assert.match(wed, /<span class="cell r-41 s-4"><\/span>/, '10:00 is taken');
      const form = (await web.get('/app/calendar/new?date=2026-03-25&time=09:00')).body;
      assert.match(form, /id="start_date" name="start_date" type="date" required value="2026-03-25"/);
      assert.match(form, /id="start_time" name="start_time" type="time" value="09:00"/);
      assert.match(form, /id="end_time" name="end_time" type="time" value="10:00"/);
      const late = (await web.get('/app/calendar/new?date=2026-03-25&time=23:30')).body;
      assert.match(late, /id="end_date" name="end_date" type="date" value="2026-03-26"/, 'an hour after 23:30 is the next day');
      assert.match(late, /id="end_time" name="end_time" type="time" value="00:30"/);
      assert.match((await web.get('/app/calendar/new?date=2026-03-25&time=25:00')).body, /id="start_time" name="start_time" type="time" value="09:00"/, 'a time that is none: the usual 09:00');
    });

    it('the 23-hour day has no 02:00 row in its day view and hatched rows in its week; the 25-hour day has 02:00 twice, named by offset', async () => {
      api.clock.set('2026-03-25T12:00:00Z');
      const web = await owner(api, engine);
      await add(web, 'Brunch', '2026-03-29', '10:00', '11:00');
      await add(web, 'Autumn brunch', '2026-10-25', '10:00', '11:00');
      const week = (await web.get('/app/calendar?date=2026-03-29')).body;
      const sunday = dayColumn(week, '2026-03-29');
      assert.match(sunday, /<span class="absent r-9 s-4" title="The clocks skip this time"><\/span>/);
      assert.equal(place(sunday, 'Brunch'), 'r-41 s-4 l-0-1', 'in the week, at 10:00 like every other day');
      assert.doesNotMatch(dayColumn(week, '2026-03-28'), /absent/);
      const day = (await web.get('/app/calendar?view=day&date=2026-03-29')).body;
      assert.equal(place(dayColumn(day, '2026-03-29'), 'Brunch'), 'r-37 s-4 l-0-1', 'the day view has only its 23 hours: 10:00 is 9 hours in');
      assert.doesNotMatch(day, /absent/);
      assert.doesNotMatch(day, />2:00 AM</);

      const autumn = (await web.get('/app/calendar?view=day&date=2026-10-25')).body;
      assert.equal(place(dayColumn(autumn, '2026-10-25'), 'Autumn brunch'), 'r-45 s-4 l-0-1', '11 hours in');
      assert.match(autumn, /<span class="r-9 s-4">2:00 AM GMT\+2<\/span><span class="r-13 s-4">2:00 AM GMT\+1<\/span><span class="r-17 s-4">3:00 AM<\/span>/);
      const autumnWeek = (await web.get('/app/calendar?date=2026-10-25')).body;
      assert.match(dayColumn(autumnWeek, '2026-10-24'), /<span class="absent r-13 s-4"/, 'Saturday has no second 02:00');
      assert.equal(place(dayColumn(autumnWeek, '2026-10-25'), 'Autumn brunch'), 'r-45 s-4 l-0-1', 'the week has the second 02:00 hour too');
    });

    it('the month view shows its weeks with each day’s events, “more” beyond three, and links to the day', async () => {
      api.clock.set('2026-03-25T12:00:00Z');
      const web = await owner(api, engine);
      for (const [t, from, to] of [['One', '08:00', '09:00'], ['Two', '09:00', '10:00'], ['Three', '10:00', '11:00'], ['Four', '11:00', '12:00']] as const) await add(web, t, '2026-03-12', from, to);
      await add(web, 'Easter plans', '2026-04-02', '18:00', '19:00');
      const res = await web.get('/app/calendar?view=month&date=2026-03-12');
      assert.equal(res.statusCode, 200);
      const month = res.body;
      assert.doesNotMatch(month, /style=/);
      assert.match(month, /<h2 id="month-h">March 2026/);
      const body = /<table class="month"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(month)![1]!;
      assert.equal(body.match(/<tr>/g)!.length, 6, '23 February to 5 April');
      assert.match(body, /^<tr><td class="other"><a class="dnum" href="\/app\/calendar\?view=day&amp;date=2026-02-23" aria-label="Monday, February 23">23<\/a><\/td>/);
      const twelfth = /<td class="chosen">([\s\S]*?)<\/td>/.exec(body)![1]!;
      assert.match(twelfth, /aria-label="Thursday, March 12, 4 items">12</);
      assert.match(twelfth, /<span class="mt">8:00 AM<\/span> One<span class="sr">, Thursday, March 12<\/span>/);
      assert.doesNotMatch(twelfth, /Four/);
      assert.match(twelfth, /<a class="more" href="\/app\/calendar\?view=day&amp;date=2026-03-12">\+1 more/);
      assert.match(body, /<td class="today"><a class="dnum"[^>]*aria-label="Wednesday, March 25 \(today\)">25<\/a>/);
      assert.match(body, /Easter plans/, 'days of the next month in the last week');
      assert.match(month, /rel="prev">← Previous month/);
      assert.match(month, /href="\/app\/calendar\?view=month&amp;date=2026-04-12" rel="next">Next month →/);
      assert.match(month, /<a href="\/app\/calendar\?view=month&amp;date=2026-03-12" aria-current="page">Month<\/a>/);
    });

    it('a pending request with a time stands in the grid as tentative and links to its card in the inbox', async () => {
      api.clock.set('2026-03-29T00:30:00Z');
      const o = await signedUpOwner(api);
      const id = await askAppointment(api, o, { start: '2026-03-30T08:00:00Z', end: '2026-03-30T08:30:00Z' });
      const week = (await o.web.get('/app/calendar?date=2026-03-30')).body;
      const monday = dayColumn(week, '2026-03-30');
      assert.match(monday, new RegExp(`<a class="ev r-41 s-2 l-0-1 pending" href="/app/inbox#r-${id}"><time class="when" datetime="2026-03-30T08:00:00.000Z">[^<]+</time> <span class="ttl">Ana Ruiz · Intro call</span><span class="sr">, [^<]+ \\(request, waiting for you\\)</span></a>`));
      const month = (await o.web.get('/app/calendar?view=month&date=2026-03-30')).body;
      assert.match(month, new RegExp(`<li class="pending"><a href="/app/inbox#r-${id}">`));
    });
  });
}
