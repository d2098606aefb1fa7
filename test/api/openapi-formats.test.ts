import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi, type ApiHarness } from '../helpers/api.js';
import { assertDeclared, opLabel, readClientDoc, type ClientDoc, type Operation, type Schema } from '../helpers/openapi-doc.js';
import { ianaZone } from '../../src/domain/zones.js';
import { propertyRuns } from '../helpers/property-runs.js';

/**
 * Every date, instant, zone and locale a call carries: what openapi.json's schema admits (a client's
 * validator, ajv + ajv-formats, reading the document alone) is what the server admits, on tables of
 * edge cases and on generated values. Where the route has a rule of its own on the same field (a
 * window, a date not yet past), the server admits what the schema admits and the rule allows.
 */
type Kind = 'instant' | 'date' | 'zone' | 'locale';

interface Field {
  op: Operation;
  name: string;
  kind: Kind;
  schema: Schema;
  in: 'query' | 'body';
}

function kindOf(doc: ClientDoc, schema: Schema): Kind | null {
  if (schema.format === 'date-time') return 'instant';
  if (schema.format === 'date') return 'date';
  if (JSON.stringify(schema) === JSON.stringify(doc.components.TimeZone)) return 'zone';
  if (typeof schema.description === 'string' && schema.description.includes('BCP 47')) return 'locale';
  return null;
}

/** Every field of a call whose name says it holds one of the formats, with the kind its schema gives it. */
function formatFields(doc: ClientDoc): { field: Field | null; label: string }[] {
  const looksLikeOne = /^(tz|from|to|since|updatedSince|start|end)$|date|zone|locale/i;
  const found: { field: Field | null; label: string }[] = [];
  const visit = (op: Operation, where: 'query' | 'body', name: string, schema: Schema) => {
    if (schema.type === 'object') {
      for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) visit(op, where, name ? `${name}.${key}` : key, sub);
      return;
    }
    const kind = kindOf(doc, schema);
    const label = `${opLabel(op)} ${where} ${name}`;
    if (kind) found.push({ field: { op, name, kind, schema, in: where }, label });
    else if (looksLikeOne.test(name.split('.').pop()!)) found.push({ field: null, label });
  };
  for (const op of doc.operations) {
    for (const p of op.parameters) if (p.in === 'query') visit(op, 'query', p.name, p.schema);
    if (op.body) visit(op, 'body', '', op.body);
  }
  return found;
}

const NOW = '2026-03-29T00:30:00Z';
const DAY = 86_400_000;
const ms = (instant: string) => Number(Temporal.Instant.from(instant).epochMilliseconds);
const days = (from: string, to: string) => Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;

interface Case {
  /** The call with every field valid; the field under test is set on it. */
  base: (n: number) => Record<string, unknown>;
  /** The route's own rule on the field, for a value of the right format. */
  rule?: (value: string) => boolean;
}

const requester = (n: number) => ({ name: 'Walker', email: `walker-${n}@example.com` });
const UNKNOWN_TYPE = randomUUID();
const EVENTS = { from: '2026-03-29T00:00:00Z', to: '2026-03-30T00:00:00Z' };
const AVAILABILITY = { appointmentTypeId: UNKNOWN_TYPE, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
const FREE_TIME = { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
const APPOINTMENT = (n: number) => ({
  appointmentTypeId: UNKNOWN_TYPE,
  slot: { start: '2026-03-30T09:00:00Z', end: '2026-03-30T09:30:00Z' },
  requester: requester(n),
  requesterTimezone: 'Europe/Berlin',
  requesterLocale: 'en',
});
const TASK = (n: number) => ({ message: 'Walk the formats', requester: requester(n), requesterTimezone: 'Europe/Berlin', requesterLocale: 'en' });

/** Every format field of the document, with the call around it. A new one fails the test until it is listed here. */
const CASES: Record<string, Case> = {
  'GET /availability query from': { base: () => AVAILABILITY },
  'GET /availability query to': { base: () => AVAILABILITY, rule: (v) => days(AVAILABILITY.from, v) >= 0 && days(AVAILABILITY.from, v) < 14 },
  'GET /availability query tz': { base: () => AVAILABILITY },
  'GET /free-time query from': { base: () => FREE_TIME },
  'GET /free-time query to': { base: () => FREE_TIME, rule: (v) => days(FREE_TIME.from, v) >= 0 && days(FREE_TIME.from, v) < 62 },
  'GET /free-time query tz': { base: () => FREE_TIME },
  'GET /events query from': { base: () => EVENTS },
  'GET /events query to': { base: () => EVENTS, rule: (v) => ms(v) > ms(EVENTS.from) && ms(v) - ms(EVENTS.from) <= 62 * DAY },
  'GET /events query updatedSince': { base: () => EVENTS },
  'GET /series/{id}/occurrences query from': { base: () => EVENTS },
  'GET /series/{id}/occurrences query to': { base: () => EVENTS, rule: (v) => ms(v) > ms(EVENTS.from) && ms(v) - ms(EVENTS.from) <= 366 * DAY },
  'GET /tasks query dueFrom': { base: () => ({}) },
  'GET /tasks query dueTo': { base: () => ({}) },
  'GET /tasks query updatedSince': { base: () => ({}) },
  'GET /requests query updatedSince': { base: () => ({}) },
  'GET /webhook-events query since': { base: () => ({ since: NOW }), rule: (v) => ms(v) >= ms(NOW) - 30 * DAY },
  'POST /requests/appointments body slot.start': { base: APPOINTMENT },
  'POST /requests/appointments body slot.end': { base: APPOINTMENT },
  'POST /requests/appointments body requesterTimezone': { base: APPOINTMENT },
  'POST /requests/appointments body requesterLocale': { base: APPOINTMENT },
  // The requester's today in Berlin is 2026-03-29 at NOW: an earlier date has passed, one more than ten years on is too far.
  'POST /requests/tasks body suggestedDueDate': { base: TASK, rule: (v) => v >= '2026-03-29' && v <= '2036-03-29' },
  'POST /requests/tasks body requesterTimezone': { base: TASK },
  'POST /requests/tasks body requesterLocale': { base: TASK },
};

const TABLES: Record<Kind, string[]> = {
  instant: [
    NOW, '2026-03-29T00:30:00.5Z', '2026-03-29T00:30:00.123456789Z', '2024-02-29T12:00:00Z', '2000-02-29T00:00:00Z', '2026-04-30T23:59:59Z',
    '0001-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2026-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-03-00T00:00:00Z', '2026-03-29T24:00:00Z', '2026-03-29T23:60:00Z',
    '2026-12-31T23:59:60Z', '2026-03-29T00:30:00.1234567890Z', '2026-03-29T00:30:00.Z', '2026-03-29t00:30:00z', '2026-03-29T00:30:00+00:00',
    '2026-03-29T00:30:00', '2026-03-29 00:30:00Z', '2026-03-29T00:30Z', '2026-03-29', '+002026-03-29T00:30:00Z', ' 2026-03-29T00:30:00Z',
    '2026-03-29T00:30:00Z ', '', '２０２６-03-29T00:30:00Z', '2026-3-29T00:30:00Z',
  ],
  date: [
    '2026-03-30', '2026-03-29', '2024-02-29', '2000-02-29', '2026-04-09', '0001-01-01', '0000-01-01', '9999-12-31', '2026-02-29', '1900-02-29', '2026-04-31',
    '2026-13-01', '2026-00-10', '2026-03-00', '2026-3-30', '2026-03-30T00:00:00Z', '20260330', '2026/03/30', ' 2026-03-30', '', '+002026-03-30',
  ],
  zone: [
    'Europe/Berlin', 'UTC', 'Etc/UTC', 'US/Eastern', 'Asia/Kolkata', 'Asia/Calcutta', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'EST5EDT',
    'Europe/Kyiv', 'europe/berlin', 'EUROPE/BERLIN', 'Mars/Olympus', '+02:00', 'Europe/Berlin ', 'Europe//Berlin', 'Factory', 'GMT+5',
    'Etc/GMT+15', '', 'Berlin', 'Europe/Berlin/', 'Europe/Berlín', 'us/eastern', 'etc/gmt+5', 'SystemV/PST8', 'US/Pacific-New', 'BST',
    'Europe/\u212Aiev',
  ],
  locale: [
    'en', 'en-US', 'en-us', 'EN', 'zh-Hant-TW', 'es-419', 'ca-ES-valencia', 'de-CH-1901', 'sr-Latn-RS', 'und', 'art-lojban', 'en_US', 'en-',
    '-en', 'e', 'english', 'i-klingon', 'x-foo', 'en-x-foo', 'en-US-u-ca-gregory', 'de-1996-1996', 'sl-rozaj-biske', 'not a locale!',
    'x'.repeat(36), '', 'en-US ', 'zh-min-nan', 'en-GB-oed',
  ],
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Mostly near the spec's dates (so the routes' own windows are met), sometimes anywhere in 0000-9999; fields a little out of range. */
const year = fc.oneof({ weight: 4, arbitrary: fc.constant(2026) }, { weight: 1, arbitrary: fc.constantFrom(1900, 2000, 2024, 2100) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 9999 }) });
const dateText = fc
  .tuple(year, fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 2, max: 5 }) }, { weight: 2, arbitrary: fc.integer({ min: 0, max: 13 }) }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const instantText = fc
  .tuple(
    dateText,
    fc.constantFrom('T', 'T', 'T', 'T', 't', ' '),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.stringMatching(/^[0-9]{0,10}$/), { nil: undefined }),
    fc.constantFrom('Z', 'Z', 'Z', 'Z', 'z', '+00:00', ''),
  )
  .map(([d, t, h, mi, s, frac, zone]) => `${d}${t}${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${frac === undefined ? '' : `.${frac}`}${zone}`);

function generated(kind: Kind, zoneNames: string[]): fc.Arbitrary<string> {
  switch (kind) {
    case 'instant':
      return instantText;
    case 'date':
      return dateText;
    case 'zone': {
      const name = fc.constantFrom(...zoneNames);
      return fc.oneof(
        { weight: 3, arbitrary: name },
        { weight: 1, arbitrary: name.map((n) => n.toLowerCase()) },
        { weight: 1, arbitrary: name.map((n) => n.slice(0, -1)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
      );
    }
    case 'locale':
      return fc.oneof(fc.stringMatching(/^[A-Za-z]{1,4}(-[A-Za-z0-9]{1,9}){0,4}$/), fc.string({ maxLength: 12 }));
  }
}

/** Sets `value` at the dotted `name` of a copy of `base`. */
function withValue(base: Record<string, unknown>, name: string, value: string): Record<string, unknown> {
  const copy = structuredClone(base);
  const path = name.split('.');
  let at = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

for (const engine of ENGINES) {
  describe(`date, instant, zone and locale fields: openapi.json and the server agree on ${engine}`, () => {
    const api = useApi(engine, NOW);
    let doc: ClientDoc;
    before(async () => {
      doc = await readClientDoc();
    });

    it('gives every field that holds a date, instant, zone or locale one of the four checked formats, and lists each here', () => {
      const found = formatFields(doc);
      assert.deepEqual(found.filter((f) => !f.field).map((f) => f.label), [], 'fields named like a format whose schema is not one');
      assert.deepEqual(found.map((f) => f.label).sort(), Object.keys(CASES).sort());
    });

    it('takes every zone name TimeZoneName lists in any case, as TimeZone admits it, and answers it spelled as listed', () => {
      const names = doc.components.TimeZoneName!.enum as string[];
      assert.ok(names.length > 400 && names.includes('Europe/Berlin') && names.includes('US/Eastern') && names.includes('UTC'));
      const spellings = (n: string) => [n, n.toLowerCase(), n.toUpperCase()];
      assert.deepEqual(names.filter((n) => spellings(n).some((s) => ianaZone(s) !== n || !doc.admits(doc.components.TimeZone!, s))), []);
    });

    it('admits a value exactly when the document admits it (and the route\u2019s own rule on the field allows it), on tables of edge cases and generated values', async () => {
      const zoneNames = doc.components.TimeZoneName!.enum as string[];
      let calls = 0;
      let owner = await api.owner();
      let token = '';
      /** A new token every 25 calls (the create class allows 30 an hour), a new owner every 1,000 (3,000 a minute). */
      const nextToken = async () => {
        if (calls % 1000 === 0) owner = await api.owner();
        if (calls % 25 === 0) token = await api.token(owner, ALL_SCOPES);
        calls += 1;
        return token;
      };
      for (const { field } of formatFields(doc)) {
        const f = field!;
        const label = `${opLabel(f.op)} ${f.in} ${f.name}`;
        const c = CASES[label]!;
        const verdicts = { admitted: 0, refused: 0 };
        const check = async (value: string) => {
          const n = calls;
          const body = withValue(c.base(n), f.name, value);
          const t = await nextToken();
          let res: LightMyRequestResponse;
          if (f.in === 'query') {
            res = await api.get(`/api/v1${f.op.path}?${new URLSearchParams(body as Record<string, string>)}`, t);
          } else {
            res = await api.app.inject({
              method: 'POST',
              url: `/api/v1${f.op.path}`,
              headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json', 'idempotency-key': `fmt_${randomUUID()}` },
              payload: JSON.stringify(body),
            });
          }
          assertDeclared(doc, f.op, res, `${f.name}=${JSON.stringify(value)}`);
          // A value the document admits is one the server can handle, never a fault.
          assert.ok(res.statusCode < 500, `${label} = ${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
          const documented = doc.admits(f.schema, value);
          const expected = documented && (c.rule ? c.rule(value) : true);
          const admitted = !(res.statusCode === 422 && res.json().error.field === f.name);
          assert.equal(admitted, expected, `${label} = ${JSON.stringify(value)}: the document ${documented ? 'admits' : 'refuses'} it, the server answered ${res.statusCode} ${res.body}`);
          verdicts[admitted ? 'admitted' : 'refused'] += 1;
        };
        for (const value of TABLES[f.kind]) await check(value);
        await fc.assert(fc.asyncProperty(generated(f.kind, zoneNames), check), propertyRuns(`formats: ${label}`, 40));
        assert.ok(verdicts.admitted > 0 && verdicts.refused > 0, `${label}: both sides were tried (${JSON.stringify(verdicts)})`);
      }
    });
  });
}
