import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi } from '../helpers/api.js';
import { seedAppointmentType, seedJournalEntry, seedRequest, seedTask, setBooking } from '../helpers/seed.js';
import { seedEvent } from '../helpers/seed-events.js';
import { API_ROUTES } from '../../src/http/routes/index.js';
import { setBookingSettings } from '../../src/services/booking.js';
import { post } from '../helpers/requests.js';
import { recordEvent } from '../../src/store/repos/outbox.js';

const MARKER = 'JOURNAL-MARKER-7f3a9c';

for (const engine of ENGINES) {
  describe(`the journal on ${engine}`, () => {
    const api = useApi(engine);

    it('is unreachable: no route answers anything of it to a token holding every scope', async () => {
      const owner = await api.owner('Europe/Berlin');
      const db = api.rt.store.db;
      const token = await api.token(owner, ALL_SCOPES);
      // Entries on the same days as everything else, some of them quoting the other records.
      await seedJournalEntry(db, owner.id, { entryDate: '2026-03-28', body: `${MARKER} dear diary` });
      await seedJournalEntry(db, owner.id, { entryDate: '2026-03-29', body: `Meeting with Ada went badly ${MARKER}` });
      await setBooking(db, owner.id, true);
      const type = await seedAppointmentType(db, owner.id, { name: 'Intro', position: 0 });
      const task = await seedTask(db, owner.id, { title: 'Buy a notebook', updatedAt: '2026-03-28T20:00:00Z' });
      await seedTask(db, owner.id, { deletedAt: '2026-03-28T21:00:00Z' });
      const request = await seedRequest(db, owner.id, { message: 'See you soon', createdAt: '2026-03-28T20:00:00Z' });
      const event = await seedEvent(db, owner.id, { title: 'Ada', start: '2026-03-28T18:00:00Z', end: '2026-03-28T19:00:00Z' });
      const series = await seedEvent(db, owner.id, { title: 'Stand-up', start: '2026-03-30T07:00:00Z', end: '2026-03-30T07:15:00Z', rrule: 'FREQ=DAILY;COUNT=3', timezone: 'Europe/Berlin' });
      const webhookEvent = await recordEvent(db, { ownerId: owner.id, type: 'request.created', data: { object: 'request', id: request }, test: false, occurredAt: api.clock.now() });

      const urls: Record<string, string[]> = {
        '/me': ['/api/v1/me'],
        '/appointment-types': ['/api/v1/appointment-types'],
        '/availability': [`/api/v1/availability?appointmentTypeId=${type}&from=2026-03-28&to=2026-04-03&tz=Europe/Berlin`],
        '/events': ['/api/v1/events?from=2026-03-01T00:00:00Z&to=2026-04-30T00:00:00Z&includeDeleted=true'],
        '/events/:id': [`/api/v1/events/${event}`],
        '/events/changes': ['/api/v1/events/changes'],
        '/series/:id': [`/api/v1/series/${series}`],
        '/series/:id/occurrences': [`/api/v1/series/${series}/occurrences?from=2026-03-28T00:00:00Z&to=2026-04-05T00:00:00Z`],
        '/tasks': ['/api/v1/tasks?includeDeleted=true'],
        '/tasks/:id': [`/api/v1/tasks/${task}`],
        '/requests': ['/api/v1/requests?includeDeleted=true'],
        '/requests/:id': [`/api/v1/requests/${request}`],
        '/webhook-events': ['/api/v1/webhook-events?since=2026-03-01T00:00:00Z'],
        '/webhook-events/:id': [`/api/v1/webhook-events/${webhookEvent}`],
      };
      // The asking routes, with a bookable type (the clock is 2026-03-29T00:30Z, hours all day).
      const booking = await setBookingSettings(db, api.clock, owner.id, {
        enabled: true,
        weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])),
        appointmentTypes: [{ name: 'Call', durationMinutes: 30 }],
      });
      // The settings replace the seeded type: availability is asked of the new one.
      urls['/availability'] = [`/api/v1/availability?appointmentTypeId=${booking.appointmentTypes[0]!.id}&from=2026-03-28&to=2026-04-03&tz=Europe/Berlin`];
      urls['/free-time'] = ['/api/v1/free-time?from=2026-03-28&to=2026-04-03&tz=Europe/Berlin', '/api/v1/free-time?from=2026-03-28&to=2026-04-03&tz=Europe/Berlin&workingHours=false'];
      const requester = { name: 'Ada', email: 'ada@example.com' };
      const asks = {
        '/requests/appointments': { appointmentTypeId: booking.appointmentTypes[0]!.id, slot: { start: '2026-03-30T10:00:00Z', end: '2026-03-30T10:30:00Z' }, requester, requesterTimezone: 'Europe/Berlin', requesterLocale: 'en' },
        '/requests/tasks': { message: 'Write back', requester, requesterTimezone: 'Europe/Berlin', requesterLocale: 'en' },
      };
      const answers: { url: string; res: Awaited<ReturnType<typeof api.get>> }[] = [];
      for (const [path, body] of Object.entries(asks)) answers.push({ url: path, res: await post(api, `/api/v1${path}`, token, body) });
      const made = answers[1]!.res.json().request.id as string;
      answers.push({ url: '/requests/:id/withdraw', res: await post(api, `/api/v1/requests/${made}/withdraw`, token, undefined) });
      const called = [...Object.keys(urls), ...Object.keys(asks), '/requests/:id/withdraw'];
      assert.deepEqual(API_ROUTES.map((r) => r.url).sort(), called.sort(), 'every route of the API is called here');
      for (const url of Object.values(urls).flat()) answers.push({ url, res: await api.get(url, token) });
      for (const { url, res } of answers) {
        assert.ok(res.statusCode === 200 || res.statusCode === 201, `${url}: ${res.body}`);
        assert.equal(res.body.includes(MARKER), false, url);
        assert.equal(res.body.toLowerCase().includes('journal'), false, url);
        assert.equal(JSON.stringify(res.headers).includes(MARKER), false, url);
      }
    });

    it('keeps busy time imported from other calendars out of every answer', async () => {
      const owner = await api.owner('America/Toronto');
      const db = api.rt.store.db;
      const token = await api.token(owner, ALL_SCOPES);
      await db.insertInto('imported_busy').values({ id: randomUUID(), owner_id: owner.id, feed_id: null, start_at: new Date('2026-03-30T13:17:00Z'), end_at: new Date('2026-03-30T14:43:00Z') }).execute();
      const res = await api.get('/api/v1/events?from=2026-03-29T00:00:00Z&to=2026-04-05T00:00:00Z&includeDeleted=true', token);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { data: [], nextCursor: null, deleted: [] });
    });

    it('is not named anywhere in the OpenAPI document served at /openapi.json', async () => {
      const res = await api.app.inject({ method: 'GET', url: '/openapi.json' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.body.toLowerCase().includes('journal'), false);
      assert.equal(res.body.includes(MARKER), false);
    });

    it('has no path of its own: /journal and /journal-entries answer 404 whatever the token', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ALL_SCOPES);
      for (const url of ['/api/v1/journal', '/api/v1/journal-entries', '/api/v1/me/journal']) {
        const res = await api.get(url, token);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().error.code, 'not_found');
      }
    });
  });
}
