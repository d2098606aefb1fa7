import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { getBookingSettings, setBookingSettings } from '../../src/services/booking.js';

// Thursday 2026-03-05 07:00 in New York (EST). Clocks there spring forward on Sunday 2026-03-08.
const T0 = '2026-03-05T12:00:00Z';
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];

type Fields = [string, string][];

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) out[m[1]!] = unescape(m[2] ?? '');
  return out;
}

/** What a browser would post from the form with this action (without the button pressed). */
function formFields(body: string, action: string): Fields {
  const start = body.indexOf(`action="${action}"`);
  assert.ok(start >= 0, `a form posting to ${action}`);
  const form = body.slice(start, body.indexOf('</form>', start));
  const fields: Fields = [];
  for (const [, tag] of form.matchAll(/<input\b([^>]*)>/g)) {
    const a = attrs(tag!);
    if (!a.name || ((a.type === 'checkbox' || a.type === 'radio') && !('checked' in a))) continue;
    fields.push([a.name, a.value ?? (a.type === 'checkbox' ? 'on' : '')]);
  }
  for (const [, tag, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const chosen = [...options!.matchAll(/<option\b([^>]*)>/g)].map((o) => attrs(o[1]!)).find((o) => 'selected' in o);
    fields.push([attrs(tag!).name!, chosen?.value ?? '']);
  }
  for (const [, tag, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) fields.push([attrs(tag!).name!, unescape(text!)]);
  return fields;
}

/** Sets a field (every one of that name is replaced by one; undefined removes them). */
function set(fields: Fields, changes: Record<string, string | undefined>): Fields {
  let out = fields;
  for (const [name, value] of Object.entries(changes)) {
    out = out.filter(([n]) => n !== name);
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}

const send = (api: ApiHarness, web: WebSession, url: string, fields: Fields): Promise<LightMyRequestResponse> =>
  api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: new URLSearchParams(fields).toString() });

/** Reads /app/booking, changes some fields, presses a button. */
async function saveBooking(api: ApiHarness, web: WebSession, changes: Record<string, string | undefined>, action = 'save') {
  const page = await web.get('/app/booking');
  assert.equal(page.statusCode, 200, page.body);
  return send(api, web, '/app/booking', set(formFields(page.body, '/app/booking'), { ...changes, action }));
}

/** Mon–Fri 09:00–12:00 and 13:00–17:00. */
const WORKING_HOURS = Object.fromEntries(WEEKDAYS.flatMap((d) => [[`h_${d}_0_from`, '09:00'], [`h_${d}_0_to`, '12:00'], [`h_${d}_1_from`, '13:00'], [`h_${d}_1_to`, '17:00']]));

for (const engine of ENGINES) {
  describe(`booking settings in the console on ${engine}`, () => {
    const api = useApi(engine, T0);
    let n = 0;

    async function signUp() {
      n += 1;
      const web = webSession(api);
      const username = `book-${engine}-${n}`;
      const made = await web.post('/signup', { username, name: 'Nia', timezone: 'America/New_York', password: 'correct horse battery' });
      assert.equal(made.statusCode, 303, made.body);
      const owner = await api.rt.store.db.selectFrom('owners').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
      return { web, owner, token: await api.token(owner, ['availability:read']) };
    }

    const typeNames = async (token: string) => ((await api.get('/api/v1/appointment-types', token)).json().data as { name: string }[]).map((t) => t.name);

    it('saves hours and a type from the form; the API offers slots in those local hours across the DST change', async () => {
      const { web, owner, token } = await signUp();
      const page = await web.get('/app/booking');
      assert.match(page.body, new RegExp(`href="/${owner.username}">https://cal.example/${owner.username}<`), 'the public booking page link');
      const saved = await saveBooking(api, web, { enabled: 'on', ...WORKING_HOURS, new_name: 'Consultation', new_duration: '30' });
      assert.equal(saved.statusCode, 303, saved.body);
      assert.match(String(saved.headers.location), /^\/app\/booking\?notice=/);
      const again = await web.get(String(saved.headers.location));
      assert.match(again.body, /Consultation/);
      assert.match(again.body, /name="h_fri_1_to" value="17:00"/);

      const types = (await api.get('/api/v1/appointment-types', token)).json().data as { id: string; name: string; durationMinutes: number }[];
      assert.deepEqual(types.map((t) => [t.name, t.durationMinutes]), [['Consultation', 30]]);
      const res = await api.get(`/api/v1/availability?appointmentTypeId=${types[0]!.id}&from=2026-03-06&to=2026-03-10&tz=America/New_York`, token);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as { slots: { start: string; end: string }[]; days: { date: string; hasSlots: boolean }[] };
      // 09:00 local is 14:00Z on Friday (EST, UTC-5) and 13:00Z on Monday and Tuesday (EDT, UTC-4).
      const expected: string[] = [];
      for (const [date, offset] of [['2026-03-06', 5], ['2026-03-09', 4], ['2026-03-10', 4]] as const) {
        for (const [from, to] of [[9 * 60, 12 * 60], [13 * 60, 17 * 60]] as const) {
          for (let m = from; m + 30 <= to; m += 30) expected.push(new Date(Date.parse(`${date}T00:00:00Z`) + (m + offset * 60) * 60_000).toISOString().replace('.000Z', 'Z'));
        }
      }
      assert.deepEqual(body.slots.map((s) => s.start), expected);
      assert.deepEqual(body.days.map((d) => [d.date, d.hasSlots]), [['2026-03-06', true], ['2026-03-07', false], ['2026-03-08', false], ['2026-03-09', true], ['2026-03-10', true]]);
    });

    it('reorders and removes types with the move and remove buttons', async () => {
      const { web, token } = await signUp();
      assert.equal((await saveBooking(api, web, { enabled: 'on', new_name: 'Intro call', new_duration: '20' }, 'add')).statusCode, 303);
      assert.equal((await saveBooking(api, web, { new_name: 'Consultation', new_duration: '60', new_before: '15', new_after: '15' }, 'add')).statusCode, 303);
      assert.deepEqual(await typeNames(token), ['Intro call', 'Consultation']);
      const moved = await saveBooking(api, web, {}, 'down:0');
      assert.equal(moved.statusCode, 303, moved.body);
      assert.match(decodeURIComponent(String(moved.headers.location)), /Intro call” moved down/);
      assert.deepEqual(await typeNames(token), ['Consultation', 'Intro call']);
      const page = await web.get('/app/booking');
      assert.ok(page.body.indexOf('value="Consultation"') < page.body.indexOf('value="Intro call"'), 'the page shows the new order');
      assert.match(page.body, /name="t0_before" value="15"/, 'per-type buffers are kept');
      assert.equal((await saveBooking(api, web, {}, 'up:1')).statusCode, 303);
      assert.deepEqual(await typeNames(token), ['Intro call', 'Consultation']);
      assert.equal((await saveBooking(api, web, {}, 'remove:0')).statusCode, 303);
      assert.deepEqual(await typeNames(token), ['Consultation']);
    });

    it('refuses an interval that ends before it starts, naming the weekday, keeping the values and saving nothing', async () => {
      const { web, owner } = await signUp();
      assert.equal((await saveBooking(api, web, { enabled: 'on', ...WORKING_HOURS, new_name: 'Call', new_duration: '30' })).statusCode, 303);
      const before = await getBookingSettings(api.rt.store.db, owner.id);
      const bad = await saveBooking(api, web, { h_tue_0_from: '17:00', h_tue_0_to: '09:00', notice: '120', close_from: '2026-03-20' });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /role="alert">Tuesday hours, row 1 — weeklyHours\.tue\[0\]: ends at 09:00, not after its start 17:00/);
      assert.match(bad.body, /name="h_tue_0_to" value="09:00"[^>]*aria-invalid="true"/, 'the field at fault is marked');
      assert.match(bad.body, /name="notice"[^>]*value="120"/, 'entered values are kept');
      assert.match(bad.body, /name="close_from" value="2026-03-20"/);
      assert.deepEqual(await getBookingSettings(api.rt.store.db, owner.id), before);
      const half = await saveBooking(api, web, { h_wed_2_from: '18:00' });
      assert.equal(half.statusCode, 422);
      assert.match(half.body, /Wednesday hours, row 3: give both a start and an end/);
      const notANumber = await saveBooking(api, web, { window: 'soon' });
      assert.equal(notANumber.statusCode, 422);
      assert.match(notANumber.body, /Booking window — bookingWindowDays: a whole number from 1 to 730/);
      assert.deepEqual(await getBookingSettings(api.rt.store.db, owner.id), before);
    });

    it('saving the page unchanged keeps every setting, including holidays, blocked dates and a type\'s own hours', async () => {
      const { web, owner } = await signUp();
      const doc = {
        enabled: true,
        weeklyHours: { mon: [['09:00', '12:00'], ['13:00', '24:00']], sat: [['10:00', '11:00']] },
        minimumNoticeMinutes: 240, bookingWindowDays: 30, slotStepMinutes: 15, bufferBeforeMinutes: 5, bufferAfterMinutes: 10,
        holidays: { country: 'US', region: 'CA', types: ['public', 'bank'] },
        blockedDates: ['2026-12-24', '2026-12-31'],
        dateHours: { '2026-12-26': [['10:00', '14:00']], '2026-12-27': [['00:00', '24:00']] },
        appointmentTypes: [{ name: 'Intro', durationMinutes: 20, weeklyHours: { tue: [['14:00', '16:00']] }, slotStepMinutes: 20 }, { name: 'Long', durationMinutes: 90, bufferAfterMinutes: 30 }],
      };
      const before = await setBookingSettings(api.rt.store.db, api.clock, owner.id, doc);
      const page = await web.get('/app/booking');
      assert.match(page.body, /<option value="US" selected>/);
      assert.match(page.body, /Has hours of its own/);
      assert.equal((await saveBooking(api, web, {})).statusCode, 303);
      assert.deepEqual(await getBookingSettings(api.rt.store.db, owner.id), before);
      const badRegion = await saveBooking(api, web, { region: 'ZZ' });
      assert.equal(badRegion.statusCode, 422);
      assert.match(badRegion.body, /Holidays, region — holidays.region: &quot;ZZ&quot; is not a region of US/);
    });

    it('offers a new owner Monday to Friday 09:00–17:00, saved as it is shown, in local hours across the DST change', async () => {
      const { web, owner, token } = await signUp();
      const page = await web.get('/app/booking');
      assert.match(page.body, /Suggested to start: Monday to Friday, 9 to 5/);
      for (const day of WEEKDAYS) assert.match(page.body, new RegExp(`name="d_${day}" value="on" id="d_${day}" checked`), `${day} is on`);
      assert.doesNotMatch(page.body, /name="d_sat" value="on" id="d_sat" checked/);
      assert.match(page.body, /type="time" name="h_mon_0_from" value="09:00"/);
      assert.equal((await saveBooking(api, web, { enabled: 'on', new_name: 'Call', new_duration: '60' })).statusCode, 303);
      const saved = await getBookingSettings(api.rt.store.db, owner.id);
      assert.deepEqual(saved.weeklyHours, { mon: [['09:00', '17:00']], tue: [['09:00', '17:00']], wed: [['09:00', '17:00']], thu: [['09:00', '17:00']], fri: [['09:00', '17:00']], sat: [], sun: [] });
      assert.doesNotMatch((await web.get('/app/booking')).body, /Suggested to start/, 'once saved, the hours are the owner\'s');
      const typeId = saved.appointmentTypes[0]!.id;
      const res = await api.get(`/api/v1/availability?appointmentTypeId=${typeId}&from=2026-03-06&to=2026-03-09&tz=Europe/London`, token);
      const slots = (res.json() as { slots: { start: string }[] }).slots.map((s) => s.start);
      // 09:00 in New York: 14:00Z on Friday (EST), 13:00Z on Monday (EDT); the weekend is off.
      assert.equal(slots[0], '2026-03-06T14:00:00Z');
      assert.ok(slots.includes('2026-03-09T13:00:00Z') && !slots.includes('2026-03-09T12:00:00Z'), slots.join(' '));
      assert.equal(slots.filter((s) => s.startsWith('2026-03-07') || s.startsWith('2026-03-08')).length, 0);
    });

    it('switches a day off (its rows kept on the page, no hours saved) and copies a day to the other weekdays', async () => {
      const { web, owner } = await signUp();
      assert.equal((await saveBooking(api, web, { enabled: 'on', ...WORKING_HOURS, d_wed: undefined, d_sat: 'on', h_sat_0_from: '10:00', h_sat_0_to: '12:00' })).statusCode, 303);
      let saved = await getBookingSettings(api.rt.store.db, owner.id);
      assert.deepEqual(saved.weeklyHours.wed, [], 'Wednesday is off');
      assert.deepEqual(saved.weeklyHours.sat, [['10:00', '12:00']]);
      const page = await web.get('/app/booking');
      assert.doesNotMatch(page.body, /id="d_wed" checked/);
      assert.match(page.body, /name="h_wed_0_from" value="09:00"/, 'an off day offers 9 to 5 for when it is switched on');
      const copied = await saveBooking(api, web, { h_mon_0_from: '08:00', h_mon_1_to: '18:30' }, 'copy:mon');
      assert.equal(copied.statusCode, 303, copied.body);
      assert.match(decodeURIComponent(String(copied.headers.location)), /Monday’s hours copied to Tuesday, Wednesday, Thursday, Friday/);
      saved = await getBookingSettings(api.rt.store.db, owner.id);
      for (const day of ['mon', 'tue', 'wed', 'thu', 'fri'] as const) assert.deepEqual(saved.weeklyHours[day], [['08:00', '12:00'], ['13:00', '18:30']], day);
      assert.deepEqual(saved.weeklyHours.sat, [['10:00', '12:00']], 'the weekend is not a weekday');
      const refused = await saveBooking(api, web, { d_sun: undefined }, 'copy:sun');
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /Sunday: switch it on and give it hours before copying them/);
    });

    it('gives a date its own hours, closes dates one by one or from … to …, and removes a date again; faults name the date', async () => {
      const { web, owner } = await signUp();
      // Sunday 2026-03-08 (the night New York springs forward) opens 10:00–12:00; the next week is time off.
      const added = await saveBooking(api, web, { enabled: 'on', o0_date: '2026-03-08', o0_0_from: '10:00', o0_0_to: '12:00', close_from: '2026-03-16', close_to: '2026-03-18' });
      assert.equal(added.statusCode, 303, added.body);
      assert.match(decodeURIComponent(String(added.headers.location)), /3 dates from 2026-03-16 to 2026-03-18 closed/);
      let saved = await getBookingSettings(api.rt.store.db, owner.id);
      assert.deepEqual(saved.dateHours, { '2026-03-08': [['10:00', '12:00']] });
      assert.deepEqual(saved.blockedDates, ['2026-03-16', '2026-03-17', '2026-03-18']);
      const page = await web.get('/app/booking');
      assert.match(page.body, /name="o0_date" value="2026-03-08"/);
      assert.match(page.body, /name="o1_date" value="2026-03-16"[\s\S]*?name="o1_closed" value="on" checked/);
      assert.match(page.body, /name="dates" value="5"/, 'four dates and a blank one');
      const closedOne = await saveBooking(api, web, { o4_date: '2026-04-01', o4_closed: 'on' });
      assert.equal(closedOne.statusCode, 303, closedOne.body);
      assert.deepEqual((await getBookingSettings(api.rt.store.db, owner.id)).blockedDates, ['2026-03-16', '2026-03-17', '2026-03-18', '2026-04-01']);
      const removed = await saveBooking(api, web, {}, 'undate:2026-03-17');
      assert.equal(removed.statusCode, 303);
      saved = await getBookingSettings(api.rt.store.db, owner.id);
      assert.deepEqual(saved.blockedDates, ['2026-03-16', '2026-03-18', '2026-04-01']);

      const before = saved;
      const noHours = await saveBooking(api, web, { o4_date: '2026-05-01' });
      assert.equal(noHours.statusCode, 422);
      assert.match(noHours.body, /role="alert">2026-05-01: give its hours, or tick Closed/);
      assert.match(noHours.body, /name="o4_0_from" value=""[^>]*aria-invalid="true"/, 'the new row\'s first time is marked');
      const backwards = await saveBooking(api, web, { o0_0_from: '12:00', o0_0_to: '11:00' });
      assert.equal(backwards.statusCode, 422);
      assert.match(backwards.body, /2026-03-08, row 1 — dateHours\.2026-03-08\[0\]: ends at 11:00, not after its start 12:00/);
      assert.match(backwards.body, /name="o0_0_to" value="11:00"[^>]*aria-invalid="true"/);
      const twice = await saveBooking(api, web, { o4_date: '2026-03-16', o4_closed: 'on' });
      assert.equal(twice.statusCode, 422);
      assert.match(twice.body, /2026-03-16 is listed twice/);
      assert.deepEqual(await getBookingSettings(api.rt.store.db, owner.id), before, 'nothing refused was saved');
    });

    it('turning booking off makes availability and the types not found', async () => {
      const { web, token } = await signUp();
      assert.equal((await saveBooking(api, web, { enabled: 'on', ...WORKING_HOURS, new_name: 'Call', new_duration: '30' })).statusCode, 303);
      const [type] = (await api.get('/api/v1/appointment-types', token)).json().data as { id: string }[];
      const url = `/api/v1/availability?appointmentTypeId=${type!.id}&from=2026-03-09&to=2026-03-09&tz=America/New_York`;
      assert.equal((await api.get(url, token)).statusCode, 200);
      const off = await saveBooking(api, web, { enabled: undefined });
      assert.equal(off.statusCode, 303, off.body);
      assert.equal((await api.get(url, token)).statusCode, 404);
      assert.equal((await api.get('/api/v1/appointment-types', token)).statusCode, 404);
      assert.match((await web.get('/app/booking')).body, /class="status bad">Off/);
    });

    it('subscribes to calendar feeds: refuses http://, lists an https feed by name and host, refreshes and removes it', async () => {
      const { web } = await signUp();
      const refused = await web.submit('/app/booking/feeds', { url: 'http://calendar.example.com/secret.ics', name: 'Work' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /role="alert">url: only https:\/\/ URLs are fetched, not http:\/\//);
      assert.match(refused.body, /value="http:\/\/calendar.example.com\/secret.ics"/, 'the entered address is kept');
      const added = await web.submit('/app/booking/feeds', { url: 'https://calendar.example.com/private-4f9a/basic.ics', name: 'Work' });
      assert.equal(added.statusCode, 303, added.body);
      const list = await web.get('/app/booking/feeds');
      assert.equal(list.statusCode, 200);
      assert.match(list.body, /<th[^>]*>Work<\/th><td[^>]*><code>calendar.example.com<\/code>/);
      assert.match(list.body, /never/, 'not fetched yet');
      assert.doesNotMatch(list.body, /private-4f9a/, 'the secret link is not shown');
      const id = /name="id" value="([0-9a-f-]{36})"/.exec(list.body)?.[1];
      assert.ok(id);
      const refreshed = await web.submit('/app/booking/feeds/refresh', { id });
      assert.equal(refreshed.statusCode, 303);
      assert.match(decodeURIComponent(String(refreshed.headers.location)), /fetch was queued/);
      assert.equal((await web.submit('/app/booking/feeds/remove', { id })).statusCode, 303);
      assert.match((await web.get('/app/booking/feeds')).body, /No feeds yet/);
      const gone = await web.submit('/app/booking/feeds/remove', { id });
      assert.equal(gone.statusCode, 422);
      assert.match(gone.body, /no feed/);
    });
  });
}
