import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';
import { seedEvent } from '../helpers/seed-events.js';
import { seedRequest, seedTask } from '../helpers/seed.js';
import { deleteEvent } from '../../src/services/calendar-events.js';
import type { OwnerRow } from '../../src/store/schema.js';

/**
 * The tools as an assistant meets them, through `calendar-access mcp` and the MCP SDK's own client:
 * the time now in the owner's zone, one event by id, pages by cursor, times read and shown in the
 * owner's zone, compact structured answers under each tool's outputSchema, and refusals that name
 * the tool and what to call instead.
 */
// Monday 2026-03-30, 08:00 in Berlin (summer time since the 29th).
const T0 = '2026-03-30T06:00:00Z';

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: any;
}

const textOf = (answer: ToolAnswer): string => answer.content.map((c) => c.text).join('\n');

/** Every null or false anywhere in a value, by path: the compact answers have none. */
function nullsAndFalses(value: unknown, at = ''): string[] {
  if (value === null || value === false) return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullsAndFalses(v, `${at}[${i}]`));
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => nullsAndFalses(v, `${at}.${k}`));
  return [];
}

for (const engine of ENGINES) {
  describe(`the MCP tools on ${engine}`, () => {
    const api = useApi(engine, T0);
    let base = '';
    let owner: OwnerRow;
    let typeId = '';
    let mcp: Client;
    let noProfile: Client;
    const clients: Client[] = [];
    const series = { id: '' };

    async function connect(token: string): Promise<Client> {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['bin/calendar-access.js', 'mcp', '--api', base],
        env: { ...getDefaultEnvironment(), CALENDAR_ACCESS_TOKEN: token },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      // The client checks each structuredContent against the tool's outputSchema once it has listed them.
      await client.listTools();
      return client;
    }

    /** A tool call that must succeed: its structured answer, checked compact and equal to its text. */
    async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
      const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
      assert.ok(!answer.isError, `${name}: ${textOf(answer)}`);
      assert.deepEqual(JSON.parse(textOf(answer)), answer.structuredContent, 'the text is the structured answer');
      assert.ok(!textOf(answer).includes('\n'), 'compact JSON, not pretty-printed');
      assert.deepEqual(nullsAndFalses(answer.structuredContent), [], 'no null or false fields');
      return answer.structuredContent;
    }

    /** A tool call that must fail: its one line. */
    async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
      const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
      assert.equal(answer.isError, true, `${name} should fail: ${textOf(answer)}`);
      const text = textOf(answer);
      assert.doesNotMatch(text, /\/api\/v1|\b(GET|POST) \/|\/events|\/availability|\/requests\b/, 'names tools, not REST routes');
      return text;
    }

    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      base = `http://127.0.0.1:${address.port}`;
      const bookable = await bookableOwner(api, 'Europe/Berlin', ['profile:read', 'availability:read', 'events:read', 'tasks:read', 'requests:read', 'requests:create']);
      owner = bookable.owner;
      typeId = bookable.typeId;
      const db = api.rt.store.db;
      // 23:30 in Berlin on Sunday the 29th, and 00:30 on Monday the 30th.
      await seedEvent(db, owner.id, { title: 'Late on Sunday', start: '2026-03-29T21:30:00Z', end: '2026-03-29T22:00:00Z', location: 'Home' });
      await seedEvent(db, owner.id, { title: 'Just after midnight', start: '2026-03-29T22:30:00Z', end: '2026-03-29T23:00:00Z' });
      series.id = await seedEvent(db, owner.id, { title: 'Standup', start: '2026-03-30T07:00:00Z', end: '2026-03-30T07:15:00Z', rrule: 'FREQ=DAILY;COUNT=5', calendar: 'work' });
      await seedEvent(db, owner.id, { title: 'Holiday', start: '2026-03-31T22:00:00Z', end: '2026-04-01T22:00:00Z', allDay: true, startDate: '2026-04-01', endDate: '2026-04-02', showAs: 'free' });
      await seedEvent(db, owner.id, { title: 'Call with New York', start: '2026-04-02T15:00:00Z', end: '2026-04-02T16:00:00Z', timezone: 'America/New_York' });
      for (const title of ['Pay rent', 'Call the bank', 'Book flights']) await seedTask(db, owner.id, { title, dueDate: '2026-04-03', priority: title === 'Pay rent' ? 'high' : 'none' });
      for (const name of ['Ada', 'Grace', 'Edsger']) await seedRequest(db, owner.id, { requester: { name }, message: `From ${name}` });
      mcp = await connect(bookable.token);
      noProfile = await connect(await api.token(owner, ['availability:read', 'events:read']));
    });
    after(async () => {
      for (const c of clients) await c.close();
    });

    it('gives every tool an outputSchema and says the assistant asks and the owner decides', async () => {
      const { tools } = await mcp.listTools();
      assert.deepEqual(tools.filter((t) => !t.outputSchema).map((t) => t.name), []);
      for (const name of ['request_appointment', 'request_todo']) {
        const d = tools.find((t) => t.name === name)!.description!;
        assert.match(d, /The assistant asks, the owner decides/);
        assert.match(d, /books nothing; the owner accepts or declines it/);
      }
      assert.match(mcp.getInstructions() ?? '', /The assistant asks and the owner decides: nothing is written to the calendar/);
    });

    it("tells the time now in the owner's zone, or in the zone asked for, and in UTC when the token cannot read the zone", async () => {
      const startedAt = Date.now();
      const berlin = await call(mcp, 'get_current_time');
      const kathmandu = await call(mcp, 'get_current_time', { tz: 'Asia/Kathmandu' });
      const utc = await call(noProfile, 'get_current_time');
      for (const [answer, zone] of [[berlin, 'Europe/Berlin'], [kathmandu, 'Asia/Kathmandu'], [utc, 'UTC']] as const) {
        const now = Date.parse(answer.now);
        assert.ok(now >= startedAt - 1000 && now <= Date.now(), `now is now: ${answer.now}`);
        const zoned = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone);
        assert.equal(answer.timezone, zone);
        assert.equal(answer.utcOffset, zone === 'UTC' ? '+00:00' : zoned.offset);
        assert.equal(answer.date, zoned.toPlainDate().toString());
        assert.equal(answer.time, zoned.toPlainTime().toString().slice(0, 5));
        assert.equal(answer.weekday, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][zoned.dayOfWeek - 1]);
        assert.equal(Date.parse(answer.local), now);
      }
      assert.match(kathmandu.utcOffset, /^\+05:45$/);
    });

    it("reads dates as the owner's days and shows times in the owner's zone, unless tz says another", async () => {
      const monday = await call(mcp, 'list_events', { from: '2026-03-30', to: '2026-03-30' });
      assert.equal(monday.timezone, 'Europe/Berlin');
      assert.deepEqual(monday.events.map((e: { title: string; start: string }) => [e.title, e.start]), [
        ['Just after midnight', '2026-03-30T00:30:00+02:00'],
        ['Standup', '2026-03-30T09:00:00+02:00'],
      ], "Monday in Berlin: not Sunday's 23:30");
      const sunday = await call(mcp, 'list_events', { from: '2026-03-29', to: '2026-03-29', tz: 'UTC' });
      assert.deepEqual(sunday.events.map((e: { title: string; start: string }) => [e.title, e.start]), [
        ['Late on Sunday', '2026-03-29T21:30:00Z'],
        ['Just after midnight', '2026-03-29T22:30:00Z'],
      ]);
      const local = await call(mcp, 'list_events', { from: '2026-03-30T02:59', to: '2026-03-31T00:00:00+02:00', tz: 'America/New_York' });
      assert.deepEqual(local.events.map((e: { start: string }) => e.start), ['2026-03-30T03:00:00-04:00'], "02:59 in New York is 08:59 in Berlin: Monday's standup is after it, the event at 00:30 before");
      const week = await call(mcp, 'list_events', { from: '2026-03-30', to: '2026-04-05' });
      const holiday = week.events.find((e: { title: string }) => e.title === 'Holiday');
      assert.deepEqual(holiday, { id: holiday.id, title: 'Holiday', start: '2026-04-01T00:00:00+02:00', end: '2026-04-02T00:00:00+02:00', allDay: true, startDate: '2026-04-01', endDate: '2026-04-02', showAs: 'free', calendar: 'personal' });
      const call_ = week.events.find((e: { title: string }) => e.title === 'Call with New York');
      assert.equal(call_.timezone, 'America/New_York', "an event's own zone is named when it is not the answer's");
      assert.equal('timezone' in week.events.find((e: { title: string }) => e.title === 'Standup'), false);

      const free = await call(mcp, 'find_free_slots', { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30' });
      assert.equal(free.timezone, 'Europe/Berlin', "free slots of the owner's day by default");
      assert.equal(free.slots[0].start, '2026-03-30T09:30:00+02:00', '09:00 in Berlin: the first hour of work, taken by the standup until 09:15');
      const noZone = await refusal(noProfile, 'find_free_slots', { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30' });
      assert.match(noZone, /^find_free_slots: tz: needed: this token cannot read the owner's time zone \(it lacks profile:read\); pass the zone, e.g\. Europe\/Berlin$/);
      const shownInUtc = await call(noProfile, 'list_events', { from: '2026-03-30T00:00:00Z', to: '2026-03-31T00:00:00Z' });
      assert.equal(shownInUtc.timezone, 'UTC');
      assert.equal(shownInUtc.events[0].start, '2026-03-30T07:00:00Z');
    });

    it('gets one event by the id list_events gave, an occurrence of a repeating event too, and names list_events for an unknown id', async () => {
      const week = await call(mcp, 'list_events', { from: '2026-03-30', to: '2026-04-05' });
      const standups = week.events.filter((e: { title: string }) => e.title === 'Standup');
      assert.equal(standups.length, 5);
      const third = standups[2];
      assert.equal(third.id, `${series.id}@2026-04-01T07:00:00Z`);
      assert.deepEqual(await call(mcp, 'get_event', { id: third.id }), { timezone: 'Europe/Berlin', event: third, seriesId: series.id });
      assert.equal((await call(mcp, 'get_event', { id: third.id, tz: 'Asia/Tokyo' })).event.start, '2026-04-01T16:00:00+09:00');
      const unknown = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
      assert.match(await refusal(mcp, 'get_event', { id: unknown }), new RegExp(`^get_event: no event with id ${unknown}; list_events finds ids \\[request req_[\\w-]+\\]$`));
    });

    it('tells how a repeating event repeats from the seriesId get_event gives, and lists its occurrences in the zone asked for', async () => {
      const occurrence = await call(mcp, 'get_event', { id: `${series.id}@2026-04-01T07:00:00Z` });
      assert.equal(occurrence.seriesId, series.id);
      const answer = await call(mcp, 'get_series', { id: occurrence.seriesId });
      assert.deepEqual(answer, {
        timezone: 'Europe/Berlin',
        series: {
          id: series.id, title: 'Standup', rule: 'Every day at 09:00, 5 times', timezone: 'Europe/Berlin',
          rrule: 'DTSTART;TZID=Europe/Berlin:20260330T090000\nRRULE:FREQ=DAILY;COUNT=5', calendar: 'work',
          firstOccurrence: { id: `${series.id}@2026-03-30T07:00:00Z`, start: '2026-03-30T09:00:00+02:00', end: '2026-03-30T09:15:00+02:00' },
          lastOccurrence: { id: `${series.id}@2026-04-03T07:00:00Z`, start: '2026-04-03T09:00:00+02:00', end: '2026-04-03T09:15:00+02:00' },
        },
      });
      assert.deepEqual(await call(mcp, 'get_series', { id: `${series.id}@2026-04-01T07:00:00Z` }), answer, 'an occurrence id names its series');
      // 09:00 in Berlin is 03:00 in New York (both on summer time).
      const ny = await call(mcp, 'list_series_occurrences', { id: series.id, from: '2026-03-30', to: '2026-04-30', tz: 'America/New_York', limit: 2 });
      assert.equal(ny.timezone, 'America/New_York');
      assert.deepEqual(ny.events.map((e: { id: string; start: string }) => [e.id, e.start]), [
        [`${series.id}@2026-03-30T07:00:00Z`, '2026-03-30T03:00:00-04:00'],
        [`${series.id}@2026-03-31T07:00:00Z`, '2026-03-31T03:00:00-04:00'],
      ]);
      const rest = await call(mcp, 'list_series_occurrences', { id: series.id, from: '2026-03-30', to: '2026-04-30', tz: 'America/New_York', limit: 2, cursor: ny.nextCursor });
      assert.deepEqual(rest.events.map((e: { start: string }) => e.start), ['2026-04-01T03:00:00-04:00', '2026-04-02T03:00:00-04:00']);
      const single = (await call(mcp, 'list_events', { from: '2026-03-29', to: '2026-03-29' })).events[0].id;
      assert.match(await refusal(mcp, 'get_series', { id: single }), new RegExp(`^get_series: ${single} is no repeating event; get_event tells an occurrence's seriesId \\[request req_[\\w-]+\\]$`));
      assert.match(await refusal(mcp, 'list_series_occurrences', { id: series.id, from: '2026-01-01', to: '2027-06-01' }), /^list_series_occurrences: to: from\.\.to covers \d+ days; at most 366/);
    });

    it('watches the calendar: a first call keeps a token and says what the calendar holds, a later one tells what changed since, in the zone asked for', async () => {
      const start = await call(mcp, 'list_calendar_changes', {});
      const db = api.rt.store.db;
      const live = await db.selectFrom('events').select(['rrule']).where('owner_id', '=', owner.id).where('deleted_at', 'is', null).execute();
      assert.deepEqual(start.holds, { events: live.filter((e) => e.rrule === null).length, series: live.filter((e) => e.rrule !== null).length });
      assert.equal(start.events, undefined, 'a first call fills no context with the whole calendar');
      assert.deepEqual(await call(mcp, 'list_calendar_changes', { syncToken: start.syncToken }), { timezone: 'Europe/Berlin', events: [], series: [], deleted: [], syncToken: start.syncToken });
      // 2026-04-02 12:00 in Berlin is 06:00 in New York.
      const dentist = await seedEvent(db, owner.id, { title: 'Dentist', start: '2026-04-02T10:00:00Z', end: '2026-04-02T11:00:00Z', timezone: 'Europe/Berlin' });
      const changed = await call(mcp, 'list_calendar_changes', { syncToken: start.syncToken, tz: 'America/New_York' });
      assert.equal(changed.timezone, 'America/New_York');
      assert.deepEqual(changed.events.map((e: { id: string; title: string; start: string }) => [e.id, e.title, e.start]), [[dentist, 'Dentist', '2026-04-02T06:00:00-04:00']]);
      assert.notEqual(changed.syncToken, start.syncToken);
      await deleteEvent({ db, clock: api.clock }, owner, dentist);
      const gone = await call(mcp, 'list_calendar_changes', { syncToken: changed.syncToken });
      assert.deepEqual([gone.events, gone.deleted], [[], [dentist]]);
      assert.match(await refusal(mcp, 'list_calendar_changes', { cursor: 'abc' }), /^list_calendar_changes: cursor: a cursor goes with the syncToken it was given with/);
    });

    it('pages every list by cursor: nextCursor while there are more, none on the last page', async () => {
      const lists = [
        { tool: 'list_events', args: { from: '2026-03-30', to: '2026-04-05' }, key: 'events', total: 8 },
        { tool: 'list_todos', args: { status: 'open' }, key: 'todos', total: 3 },
        { tool: 'list_requests', args: { status: 'pending' }, key: 'requests', total: 3 },
      ];
      for (const list of lists) {
        const whole = await call(mcp, list.tool, list.args);
        assert.equal(whole[list.key].length, list.total, `${list.tool}: one page by default`);
        assert.equal('nextCursor' in whole, false);
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await call(mcp, list.tool, { ...list.args, limit: 2, ...(cursor ? { cursor } : {}) });
          seen.push(...page[list.key].map((x: { id: string }) => x.id));
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor);
        assert.equal(pages, Math.ceil(list.total / 2), list.tool);
        assert.deepEqual(seen, whole[list.key].map((x: { id: string }) => x.id), `${list.tool}: the pages, in order, are the whole list`);
      }
      const first = await call(mcp, 'list_events', { from: '2026-03-30', to: '2026-04-05', limit: 2 });
      const elsewhere = await refusal(mcp, 'list_events', { from: '2026-03-30', to: '2026-04-04', limit: 2, cursor: first.nextCursor });
      assert.match(elsewhere, /^list_events: cursor: not a cursor of this call \(it belongs to the same arguments as the call that answered it, and lasts 24 hours\); call list_events again with those arguments, or without cursor to start over/);
    });

    it('answers compact records: the usual values, nulls and false flags left out', async () => {
      const todos = await call(mcp, 'list_todos', { status: 'open' });
      assert.deepEqual(todos.todos.find((t: { title: string }) => t.title === 'Pay rent'), { id: todos.todos.find((t: { title: string }) => t.title === 'Pay rent').id, title: 'Pay rent', dueDate: '2026-04-03', priority: 'high', status: 'open' });
      const requests = await call(mcp, 'list_requests', { kind: 'task' });
      const ada = requests.requests.find((r: { requester: { name: string } }) => r.requester.name === 'Ada');
      assert.deepEqual(Object.keys(ada).sort(), ['createdAt', 'id', 'kind', 'message', 'requester', 'source', 'status', 'updatedAt']);
      assert.equal(ada.createdAt, '2026-03-01T01:00:00+01:00', 'shown in Berlin, in winter time then');
    });

    it('asks for a slot as find_free_slots shows it, and names the tool and the next step in every refusal', async () => {
      const free = await call(mcp, 'find_free_slots', { appointmentTypeId: typeId, from: '2026-03-31', to: '2026-03-31' });
      const slot = free.slots[0];
      const made = await call(mcp, 'request_appointment', {
        appointmentTypeId: typeId, start: slot.start, end: slot.end, requesterName: 'Ana', requesterEmail: 'ana@example.com', requesterTimezone: 'Europe/Madrid', requesterLocale: 'es',
      });
      assert.equal(made.request.status, 'pending');
      assert.deepEqual(made.request.slot, slot);
      assert.equal(made.request.createdByThisToken, true);
      const mine = await call(mcp, 'list_requests', { createdByThisToken: true });
      assert.deepEqual(mine.requests.map((r: { id: string }) => r.id), [made.request.id]);

      const unknownType = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
      assert.match(await refusal(mcp, 'find_free_slots', { appointmentTypeId: unknownType, from: '2026-03-31', to: '2026-03-31' }),
        new RegExp(`^find_free_slots: no appointment type with id ${unknownType} \\(or the owner's booking is off\\); list_appointment_types lists them`));
      assert.match(await refusal(mcp, 'withdraw_request', { requestId: unknownType }), /^withdraw_request: no request with id 3f2b8c1e-\S+ made by this token; list_requests with createdByThisToken true lists them/);
      assert.match(await refusal(mcp, 'list_events', { from: '2026-03-30', to: '2026-06-07' }), /^list_events: to: from\.\.to covers 70 days; at most 62: ask for the window in parts$/);
      assert.match(await refusal(mcp, 'list_events', { from: 'tomorrow', to: '2026-04-01' }), /^list_events: from: "tomorrow" is not a date \(2026-03-30\), a time/);
      assert.match(await refusal(mcp, 'list_events', { from: '2026-03-30', to: '2026-03-31', tz: 'Mars/Base' }), /^list_events: tz: "Mars\/Base" is not an IANA time zone name such as Europe\/Berlin$/);
      assert.match(await refusal(mcp, 'request_appointment', {
        appointmentTypeId: typeId, start: slot.start, end: slot.end, requesterName: 'Bo', requesterEmail: 'not an email', requesterTimezone: 'Europe/Madrid', requesterLocale: 'es',
      }), /^request_appointment: requesterEmail: /, "the API's field requester.email is the tool's requesterEmail");
      assert.match(await refusal(mcp, 'request_appointment', {
        appointmentTypeId: typeId, start: '2026-03-31', end: slot.end, requesterName: 'Bo', requesterEmail: 'bo@example.com', requesterTimezone: 'Europe/Madrid', requesterLocale: 'es',
      }), /^request_appointment: start: "2026-03-31" is a date; give a time, e.g\. 2026-03-31T09:00$/);
      const withdrawn = await call(mcp, 'withdraw_request', { requestId: made.request.id });
      assert.equal(withdrawn.request.status, 'withdrawn');
      assert.match(await refusal(mcp, 'withdraw_request', { requestId: made.request.id }), /^withdraw_request: the request is no longer pending, so it cannot be withdrawn; list_requests shows its status/);
    });
  });
}
