import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { bookableOwner, post, taskBody } from '../helpers/requests.js';
import { seedRequest, seedTask, tokenIdOf } from '../helpers/seed.js';
import { seedEvent } from '../helpers/seed-events.js';
import { API_ROUTES } from '../../src/http/routes/index.js';
import { recordEvent } from '../../src/store/repos/outbox.js';
import { setBookingSettings } from '../../src/services/booking.js';
import { createEvent } from '../../src/services/calendar-events.js';
import { updateTodo } from '../../src/services/todos.js';
import { limitsFor } from '../../src/limits/policy.js';
import { assertEnvelope, assertError } from './expect.js';
import { EVERY_DAY_9_TO_17 } from '../helpers/requests.js';

/** A strong entity-tag: 22 base64url characters of SHA-256 in quotes (docs/conditional-get.md). */
const STRONG_TAG = /^"[A-Za-z0-9_-]{22}"$/;

/** The world every GET route answers 200 in: an owner with booking on, an event, a series, a to-do, a request, a webhook event. */
interface World {
  token: string;
  typeId: string;
  eventId: string;
  seriesId: string;
  taskId: string;
  requestId: string;
  webhookEventId: string;
}

/**
 * A URL answering 200 for each GET route, by its path: a GET route added without one here fails
 * the first test, so every GET is shown to carry an ETag.
 */
const URLS: Record<string, (w: World) => string> = {
  '/me': () => '/me',
  '/appointment-types': () => '/appointment-types',
  '/availability': (w) => `/availability?appointmentTypeId=${w.typeId}&from=2026-03-29&to=2026-04-04&tz=Europe/Berlin`,
  '/free-time': () => '/free-time?from=2026-03-29&to=2026-04-04&tz=Europe/Berlin',
  '/events': () => '/events?from=2026-03-20T00:00:00Z&to=2026-04-20T00:00:00Z&limit=2',
  '/events/:id': (w) => `/events/${w.eventId}`,
  '/events/changes': () => '/events/changes',
  '/series/:id': (w) => `/series/${w.seriesId}`,
  '/series/:id/occurrences': (w) => `/series/${w.seriesId}/occurrences?from=2026-03-20T00:00:00Z&to=2026-04-20T00:00:00Z`,
  '/tasks': () => '/tasks',
  '/tasks/:id': (w) => `/tasks/${w.taskId}`,
  '/requests': () => '/requests?includeDeleted=true',
  '/requests/:id': (w) => `/requests/${w.requestId}`,
  '/webhook-events': () => '/webhook-events?since=2026-03-28T00:00:00Z',
  '/webhook-events/:id': (w) => `/webhook-events/${w.webhookEventId}`,
};

const GET_ROUTES = API_ROUTES.filter((r) => r.method === 'GET').map((r) => r.url);

describe('the OpenAPI document on conditional GET', () => {
  const doc = JSON.parse(readFileSync('openapi.json', 'utf8')) as { paths: Record<string, Record<string, Operation>>; components: { headers: Record<string, unknown> } };
  type Operation = { parameters?: { name: string; in: string; required?: boolean }[]; responses: Record<string, { headers: Record<string, unknown>; content?: unknown }> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, method, op })));

  it('lets every GET take an optional If-None-Match, and answer a 200 with an ETag or a 304 with no body', () => {
    const gets = operations.filter((o) => o.method === 'get');
    assert.equal(gets.length, GET_ROUTES.length);
    for (const { label, op } of gets) {
      assert.deepEqual(op.parameters?.filter((p) => p.name === 'If-None-Match').map((p) => [p.in, p.required]), [['header', false]], label);
      assert.deepEqual(op.responses['200']!.headers.ETag, { $ref: '#/components/headers/ETag' }, label);
      const notModified = op.responses['304'];
      assert.ok(notModified, `${label} declares 304`);
      assert.equal(notModified.content, undefined, `${label}: a 304 has no body`);
      assert.deepEqual(Object.keys(notModified.headers).sort(), ['ETag', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Svc-Request-Id'], label);
      for (const [status, answer] of Object.entries(op.responses)) if (Number(status) >= 400) assert.equal(answer.headers.ETag, undefined, `${label} ${status}: an error carries no ETag`);
    }
  });

  it('leaves every POST without If-None-Match, ETag or 304', () => {
    for (const { label, op } of operations.filter((o) => o.method === 'post')) {
      assert.equal(op.parameters?.some((p) => p.name === 'If-None-Match'), false, label);
      assert.equal(op.responses['304'], undefined, label);
      for (const answer of Object.values(op.responses)) assert.equal(answer.headers.ETag, undefined, label);
    }
  });
});

const limitHeaders = (res: LightMyRequestResponse) => [res.headers['ratelimit-limit'], res.headers['ratelimit-remaining'], res.headers['ratelimit-reset']];

for (const engine of ENGINES) {
  describe(`conditional GET (ETag, If-None-Match, 304) on ${engine}`, () => {
    // The night Europe/Berlin moves its clocks forward (01:00 UTC): 00:30 UTC is 01:30 in Berlin.
    const T0 = '2026-03-29T00:30:00Z';
    const api = useApi(engine, T0);
    const db = () => api.rt.store.db;
    const get = (url: string, token: string, headers: Record<string, string> = {}) => api.get(`/api/v1${url}`, token, { headers });

    async function world(zone = 'Europe/Berlin'): Promise<World & { owner: Awaited<ReturnType<ApiHarness['owner']>> }> {
      api.clock.set(T0);
      const { owner, typeId, token } = await bookableOwner(api, zone);
      const eventId = await seedEvent(db(), owner.id, { title: 'Dentist', start: '2026-03-30T08:00:00Z', end: '2026-03-30T09:00:00Z', timezone: zone });
      const seriesId = await seedEvent(db(), owner.id, { title: 'Stand-up', start: '2026-03-16T08:00:00Z', end: '2026-03-16T08:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: zone });
      const taskId = await seedTask(db(), owner.id, { title: 'Call the plumber', updatedAt: '2026-03-20T10:00:00Z' });
      const requestId = await seedRequest(db(), owner.id, { createdAt: '2026-03-21T10:00:00Z' });
      const recorded = await recordEvent(db(), { ownerId: owner.id, type: 'request.created', data: { object: 'request', id: requestId }, test: false, occurredAt: new Date('2026-03-28T12:00:00Z') });
      return { owner, token, typeId, eventId, seriesId, taskId, requestId, webhookEventId: recorded };
    }

    it('gives the 200 of every GET route a strong ETag, the same on a second read of the unchanged answer, whose bytes are the same', async () => {
      const w = await world();
      const missing = GET_ROUTES.filter((url) => !URLS[url]);
      assert.deepEqual(missing, [], 'every GET route has a URL in this test');
      for (const route of GET_ROUTES) {
        const url = URLS[route]!(w);
        const first = await get(url, w.token);
        assert.equal(first.statusCode, 200, `${url}: ${first.body}`);
        assert.match(String(first.headers.etag), STRONG_TAG, url);
        const second = await get(url, w.token);
        assert.equal(second.headers.etag, first.headers.etag, url);
        assert.equal(second.body, first.body, url);
      }
    });

    it('answers 304 with no body to an If-None-Match naming the ETag, on every GET route, with ETag, Cache-Control: no-store, Svc-Request-Id and RateLimit-*', async () => {
      const w = await world();
      for (const route of GET_ROUTES) {
        const url = URLS[route]!(w);
        const full = await get(url, w.token);
        const tag = String(full.headers.etag);
        const res = await get(url, w.token, { 'if-none-match': tag });
        assert.equal(res.statusCode, 304, `${url}: ${res.body}`);
        assert.equal(res.body, '', url);
        assert.equal(res.headers.etag, tag, url);
        assertEnvelope(res, url);
        assert.equal(res.headers['content-type'], undefined, `${url}: no Content-Type without a body`);
        assert.equal(res.headers['content-length'], undefined, `${url}: no Content-Length without a body`);
      }
    });

    it('answers the full 200 to an If-None-Match naming another tag, and to one that is not an entity-tag', async () => {
      const w = await world();
      const full = await get('/tasks', w.token);
      for (const asked of ['"AAAAAAAAAAAAAAAAAAAAAA"', `W/"AAAAAAAAAAAAAAAAAAAAAA"`, String(full.headers.etag).slice(1, -1), 'garbage', '""', String(full.headers.etag).slice(0, -1)]) {
        const res = await get('/tasks', w.token, { 'if-none-match': asked });
        assert.equal(res.statusCode, 200, asked);
        assert.equal(res.body, full.body, asked);
        assert.equal(res.headers.etag, full.headers.etag, asked);
      }
    });

    it('takes If-None-Match as a list of entity-tags, as *, and in the weak form W/ (compared weakly, RFC 9110 §13.1.2)', async () => {
      const w = await world();
      const tag = String((await get(`/tasks/${w.taskId}`, w.token)).headers.etag);
      for (const asked of [`"AAAAAAAAAAAAAAAAAAAAAA", ${tag}`, `${tag},"other"`, `"a" ,  W/${tag}`, '*', ` * `, `W/${tag}`, `garbage, ${tag}`]) {
        const res = await get(`/tasks/${w.taskId}`, w.token, { 'if-none-match': asked });
        assert.equal(res.statusCode, 304, asked);
        assert.equal(res.body, '', asked);
      }
    });

    it('gives a new ETag and a 200 once an event is created: the list of events and the change feed', async () => {
      const w = await world();
      const urls = [URLS['/events']!(w), '/events?from=2026-03-29T00:00:00Z&to=2026-04-05T00:00:00Z'];
      const before = await Promise.all(urls.map((u) => get(u, w.token)));
      await createEvent({ db: db(), clock: api.clock }, { id: w.owner.id, timezone: 'Europe/Berlin' }, { title: 'Haircut', calendar: 'personal', times: { allDay: false, start: '2026-03-29T10:00', end: '2026-03-29T11:00' } });
      for (const [i, url] of urls.entries()) {
        const res = await get(url, w.token, { 'if-none-match': String(before[i]!.headers.etag) });
        assert.equal(res.statusCode, 200, url);
        assert.notEqual(res.headers.etag, before[i]!.headers.etag, url);
        assert.ok(res.body.includes('Haircut'), url);
      }
    });

    it('gives a new ETag and a 200 once a to-do changes, on the list and on the to-do, and a 304 again for the new tag', async () => {
      const w = await world();
      const list = await get('/tasks', w.token);
      const one = await get(`/tasks/${w.taskId}`, w.token);
      api.clock.set('2026-03-29T00:31:00Z');
      assert.ok(await updateTodo({ db: db(), clock: api.clock }, w.owner, w.taskId, { title: 'Call the plumber again' }));
      for (const [url, before] of [['/tasks', list], [`/tasks/${w.taskId}`, one]] as const) {
        const res = await get(url, w.token, { 'if-none-match': String(before.headers.etag) });
        assert.equal(res.statusCode, 200, url);
        assert.notEqual(res.headers.etag, before.headers.etag, url);
        assert.match(res.body, /Call the plumber again/);
        const again = await get(url, w.token, { 'if-none-match': String(res.headers.etag) });
        assert.equal(again.statusCode, 304, url);
      }
    });

    it('gives /appointment-types and /availability a new ETag once the booking settings change', async () => {
      const w = await world();
      const types = await get('/appointment-types', w.token);
      const slots = await get(URLS['/availability']!(w), w.token);
      await setBookingSettings(db(), api.clock, w.owner.id, {
        enabled: true,
        weeklyHours: EVERY_DAY_9_TO_17,
        slotStepMinutes: 60,
        bookingWindowDays: 60,
        appointmentTypes: [{ id: w.typeId, name: 'Intro call', durationMinutes: 30 }, { name: 'Long talk', durationMinutes: 90 }],
      });
      const typesAfter = await get('/appointment-types', w.token, { 'if-none-match': String(types.headers.etag) });
      assert.equal(typesAfter.statusCode, 200);
      assert.notEqual(typesAfter.headers.etag, types.headers.etag);
      assert.deepEqual(typesAfter.json().data.map((t: { name: string }) => t.name), ['Intro call', 'Long talk']);
      const slotsAfter = await get(URLS['/availability']!(w), w.token, { 'if-none-match': String(slots.headers.etag) });
      assert.equal(slotsAfter.statusCode, 200, 'a step of 60 minutes instead of 30');
      assert.notEqual(slotsAfter.headers.etag, slots.headers.etag);
    });

    it('gives /availability a new ETag when only the clock moves past a minimum notice (New York and Berlin)', async () => {
      for (const zone of ['America/New_York', 'Europe/Berlin']) {
        const w = await world(zone);
        await setBookingSettings(db(), api.clock, w.owner.id, {
          enabled: true, weeklyHours: EVERY_DAY_9_TO_17, slotStepMinutes: 30, bookingWindowDays: 60, minimumNoticeMinutes: 24 * 60,
          appointmentTypes: [{ id: w.typeId, name: 'Intro call', durationMinutes: 30 }],
        });
        const url = `/availability?appointmentTypeId=${w.typeId}&from=2026-03-29&to=2026-04-04&tz=${zone}`;
        const before = await get(url, w.token);
        const firstSlot = before.json().slots[0].start as string;
        // 24 hours of notice: the first slot leaves once the clock is less than a day before it.
        api.clock.set(new Date(Date.parse(firstSlot) - 24 * 3_600_000 + 1));
        const after = await get(url, w.token, { 'if-none-match': String(before.headers.etag) });
        assert.equal(after.statusCode, 200, zone);
        assert.notEqual(after.headers.etag, before.headers.etag, zone);
        assert.notEqual(after.json().slots[0].start, firstSlot, zone);
        api.clock.set(T0);
      }
    });

    it('gives a 304 back to the token: RateLimit-Remaining is what the last 200 left, and the next 200 counts on from there', async () => {
      const w = await world();
      const full = await get('/tasks', w.token);
      assert.deepEqual(limitHeaders(full), ['600', '599', '60']);
      for (let i = 0; i < 5; i++) {
        const res = await get('/tasks', w.token, { 'if-none-match': String(full.headers.etag) });
        assert.equal(res.statusCode, 304);
        assert.deepEqual(limitHeaders(res), ['600', '599', '60'], `304 number ${i + 1}`);
      }
      assert.deepEqual(limitHeaders(await get('/tasks', w.token)), ['600', '598', '60']);
    });

    it("still counts a 304 against the owner's 3,000 calls a minute", async () => {
      const w = await world();
      const tokenId = await tokenIdOf(db(), w.token);
      const [own, owner] = limitsFor('read', tokenId, w.owner.id);
      const count = async (l: typeof own) => (await api.rt.limits.peek(l!.key, l!.windowMs, api.clock.now().getTime(), l!.max)).count;
      const full = await get('/me', w.token);
      for (let i = 0; i < 3; i++) assert.equal((await get('/me', w.token, { 'if-none-match': String(full.headers.etag) })).statusCode, 304);
      assert.equal(await count(own), 1, "the token's reads: the 200 only");
      assert.equal(await count(owner), 4, "the owner's calls: the 200 and the three 304s");
    });

    it('gives a 304 of /availability back to the 60 a minute of its class', async () => {
      const w = await world();
      const url = URLS['/availability']!(w);
      const full = await get(url, w.token);
      assert.deepEqual(limitHeaders(full), ['60', '59', '60']);
      const res = await get(url, w.token, { 'if-none-match': String(full.headers.etag) });
      assert.equal(res.statusCode, 304);
      assert.deepEqual(limitHeaders(res), ['60', '59', '60']);
    });

    it('answers a 304 only while the token is still within its limit: a token past its 600 reads gets 429, not 304', async () => {
      const w = await world();
      const full = await get('/me', w.token);
      for (let i = 1; i < 600; i++) await get('/me?count=1', w.token);
      const refused = await get('/me', w.token, { 'if-none-match': String(full.headers.etag) });
      assertError(refused, 429, 'rate_limited');
      assert.equal(refused.headers.etag, undefined);
    });

    it('never puts an ETag on an error, and never answers an error 304, whatever If-None-Match says', async () => {
      const w = await world();
      const cases: [string, string, number, string, string?][] = [
        ['/tasks/7c9e6679-7425-40de-944b-e07fc1f90ae7', w.token, 404, 'not_found'],
        ['/tasks?status=done', w.token, 422, 'invalid_input', 'status'],
        ['/tasks', 'svc_pat_not-a-token', 401, 'invalid_token'],
        ['/events?from=2026-03-20T00:00:00Z&to=2026-04-20T00:00:00Z', await api.token(w.owner, ['tasks:read']), 403, 'insufficient_scope'],
      ];
      for (const [url, token, status, code, field] of cases) {
        const res = await get(url, token, { 'if-none-match': '*' });
        assertError(res, status, code, field);
        assert.equal(res.headers.etag, undefined, url);
      }
    });

    it('leaves POSTs as they were: no ETag, and If-None-Match: * creates the request', async () => {
      const w = await world();
      const res = await post(api, '/api/v1/requests/tasks', w.token, taskBody({ requester: { name: 'Ana Ruiz', email: `ana-etag-${process.pid}-${engine}@example.com` } }), undefined, { 'if-none-match': '*' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.headers.etag, undefined);
    });

    it("gives two tokens whose answers differ two ETags, and never one token a 304 for the other's answer: createdByThisToken and the requester's contact", async () => {
      const w = await world();
      const creator = await api.token(w.owner, ['requests:read', 'requests:create']);
      const reader = await api.token(w.owner, ['requests:read']);
      const contact = await api.token(w.owner, ['requests:read', 'requests:contact']);
      const made = await post(api, '/api/v1/requests/tasks', creator, taskBody({ requester: { name: 'Ana Ruiz', email: `ana-tokens-${process.pid}-${engine}@example.com` } }));
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().request.id as string;
      const asCreator = await get(`/requests/${id}`, creator);
      const asReader = await get(`/requests/${id}`, reader);
      const asContact = await get(`/requests/${id}`, contact);
      assert.equal(asCreator.json().createdByThisToken, true);
      assert.equal(asReader.json().createdByThisToken, false);
      assert.equal(asContact.json().requester.email, `ana-tokens-${process.pid}-${engine}@example.com`);
      assert.equal(asReader.json().requester.email, undefined);
      const tags = [asCreator, asReader, asContact].map((r) => String(r.headers.etag));
      assert.equal(new Set(tags).size, 3, 'three bodies, three tags');
      for (const [token, own] of [[creator, 0], [reader, 1], [contact, 2]] as const) {
        for (const [i, tag] of tags.entries()) {
          const res = await get(`/requests/${id}`, token, { 'if-none-match': tag });
          assert.equal(res.statusCode, i === own ? 304 : 200, `token ${own} with the tag of token ${i}`);
        }
      }
    });

    it('gives two tokens of one owner the same ETag when their answers are the same bytes (the tag is the body, not who asks)', async () => {
      const w = await world();
      const a = await api.token(w.owner, ['tasks:read']);
      const b = await api.token(w.owner, ['tasks:read']);
      const first = await get(`/tasks/${w.taskId}`, a);
      const other = await get(`/tasks/${w.taskId}`, b, { 'if-none-match': String(first.headers.etag) });
      assert.equal(other.statusCode, 304);
    });

    it('keeps a first page with a next cursor the same bytes for the hour its cursor expires in, so polling it gets 304; the next hour, a new cursor and a 200', async () => {
      const w = await world();
      for (let i = 0; i < 3; i++) await seedTask(db(), w.owner.id, { updatedAt: `2026-03-2${i + 1}T12:00:00Z` });
      const url = '/tasks?limit=2';
      const first = await get(url, w.token);
      assert.notEqual(first.json().nextCursor, null);
      // 00:30 UTC: the cursor expires at 01:00 the next day, and is the same text until 01:00 today.
      for (const at of ['2026-03-29T00:30:01Z', '2026-03-29T00:45:00Z', '2026-03-29T01:00:00Z']) {
        api.clock.set(at);
        assert.equal((await get(url, w.token, { 'if-none-match': String(first.headers.etag) })).statusCode, 304, at);
      }
      api.clock.set('2026-03-29T01:00:01Z');
      const later = await get(url, w.token, { 'if-none-match': String(first.headers.etag) });
      assert.equal(later.statusCode, 200);
      assert.notEqual(later.json().nextCursor, first.json().nextCursor);
      assert.deepEqual(later.json().data, first.json().data);
      api.clock.set(T0);
    });

    it('answers HEAD with the same ETag, and 304 to an If-None-Match naming it', async () => {
      const w = await world();
      const full = await get('/me', w.token);
      const head = await api.app.inject({ method: 'HEAD', url: '/api/v1/me', headers: { authorization: `Bearer ${w.token}` } });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers.etag, full.headers.etag);
      const conditional = await api.app.inject({ method: 'HEAD', url: '/api/v1/me', headers: { authorization: `Bearer ${w.token}`, 'if-none-match': String(full.headers.etag) } });
      assert.equal(conditional.statusCode, 304);
      assert.equal(conditional.body, '');
    });
  });
}
