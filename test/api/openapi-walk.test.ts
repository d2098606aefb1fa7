import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi } from '../helpers/api.js';
import { assertDeclared, opLabel, readClientDoc, type ClientDoc, type Operation, type Schema } from '../helpers/openapi-doc.js';
import { buildApp } from '../../src/http/app.js';
import type { Deps } from '../../src/deps.js';

/**
 * openapi.json walked as a client would read it, against the running server: every path, every
 * method, and every answer a call can get, each one the document declares (spec Versioning 4: the
 * description is generated from the same definitions the server enforces).
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const concrete = (path: string) => `/api/v1${path.replace(/\{[^}]+\}/g, () => randomUUID())}`;

/** A value the document's schema admits, made from the schema alone (the first of a few candidates it takes). */
function sample(doc: ClientDoc, schema: Schema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(props).map(([name, p]) => [name, sample(doc, p)]));
  }
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer') return (schema.minimum as number | undefined) ?? 1;
  // The schema's own example first (a zone name: its pattern admits no generic text).
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  const candidates = [...examples, '2026-03-30T09:00:00Z', '2026-03-30', randomUUID(), 'en', 'walker@example.com', '+4915112345678', 'x'];
  const found = candidates.find((c) => doc.admits(schema, c));
  assert.ok(found !== undefined, `no sample for ${JSON.stringify(schema).slice(0, 200)}`);
  return found;
}

function query(doc: ClientDoc, op: Operation, extra: Record<string, string> = {}): string {
  const params = Object.fromEntries(op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(doc, p.schema))]));
  const text = new URLSearchParams({ ...params, ...extra }).toString();
  return text ? `?${text}` : '';
}

/** Operations added to the spec's 14 (docs/decisions.md names each), one a line. */
const ADDED_OPERATIONS = [
  'listEventChanges',
  'getFreeTime',
  'getSeries',
  'listSeriesOccurrences',
];

const takesKey = (op: Operation) => op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');

/** The calls a client can make of one operation, each named: good, bad and broken. */
function probes(doc: ClientDoc, op: Operation, token: string, scopeless: string): [string, InjectOptions][] {
  const url = concrete(op.path);
  const auth = { authorization: `Bearer ${token}` };
  const key = (): Record<string, string> => (takesKey(op) ? { 'idempotency-key': `walk_${randomUUID()}` } : {});
  const json = { 'content-type': 'application/json' };
  const body = op.body ? JSON.stringify(sample(doc, op.body)) : undefined;
  const call = (headers: Record<string, string>, payload = body, q = query(doc, op)): InjectOptions => ({
    method: op.method as InjectOptions['method'],
    url: `${url}${q}`,
    headers: payload === undefined ? headers : { ...json, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  const list: [string, InjectOptions][] = [
    ['no token', call(key())],
    ['a token without the scope', call({ authorization: `Bearer ${scopeless}`, ...key() })],
    ['a well-formed call', call({ ...auth, ...key() })],
    ['an unknown query parameter', call({ ...auth, ...key() }, body, query(doc, op, { unknownParameter: '1' }))],
    ['a body that is not JSON', call({ ...auth, ...key(), ...json }, '{"not json')],
    ['a body of another media type', call({ ...auth, ...key(), 'content-type': 'application/xml' }, '<a/>')],
    ['a body over 256 KiB', call({ ...auth, ...key(), ...json }, JSON.stringify({ message: 'x'.repeat(300 * 1024) }))],
    ['an empty body', call({ ...auth, ...key(), ...json }, '')],
  ];
  if (takesKey(op)) list.push(['no Idempotency-Key', call(auth)]);
  if (op.method === 'GET') list.push(['HEAD', { ...call({ ...auth }), method: 'HEAD' }]);
  return list;
}

for (const engine of ENGINES) {
  describe(`openapi.json against the server on ${engine}`, () => {
    const api = useApi(engine);
    let doc: ClientDoc;
    before(async () => {
      doc = await readClientDoc();
    });

    it('covers the 14 operations of the spec and the ones added to it since, each once', () => {
      const ids = doc.operations.map((op) => op.operationId);
      assert.equal(new Set(ids).size, ids.length);
      assert.equal(ids.filter((id) => !ADDED_OPERATIONS.includes(id)).length, 14);
      for (const id of ADDED_OPERATIONS) assert.ok(ids.includes(id), id);
    });

    it('answers every method a path does not declare with 405 method_not_allowed, Allow naming exactly the declared ones (HEAD beside GET)', async () => {
      const token = await api.token(await api.owner(), ALL_SCOPES);
      const errorSchema = doc.operations[0]!.responses['401']!.content!['application/json']!.schema;
      for (const [path, declared] of doc.paths) {
        const allow = [...new Set([...declared, ...(declared.includes('GET') ? ['HEAD'] : [])])].sort();
        for (const method of METHODS.filter((m) => !allow.includes(m))) {
          const res = await api.app.inject({ method, url: concrete(path), headers: { authorization: `Bearer ${token}` } });
          assert.equal(res.statusCode, 405, `${method} ${path}: ${res.statusCode} ${res.body}`);
          assert.equal(res.headers.allow, allow.join(', '), `${method} ${path}`);
          if (method === 'HEAD') continue;
          assert.equal(res.json().error.code, 'method_not_allowed', `${method} ${path}`);
          assert.ok(doc.admits(errorSchema, res.json()), `${method} ${path}: the error shape`);
        }
      }
    });

    it('answers every call of every operation, good, bad or broken, with a status, code and body the document declares for it', async () => {
      const owner = await api.owner();
      for (const op of doc.operations) {
        // A token per operation: the create class allows 30 calls an hour.
        const token = await api.token(owner, ALL_SCOPES);
        const scopeless = await api.token(owner, ['profile:read']);
        const seen = new Set<number>();
        for (const [what, call] of probes(doc, op, token, scopeless)) {
          const res = await api.app.inject({ ...call, remoteAddress: '198.51.100.7' });
          assertDeclared(doc, op, res, what);
          seen.add(res.statusCode);
        }
        assert.ok(seen.has(401) && seen.has(422), `${opLabel(op)}: the probes reached the guard and the validator (${[...seen]})`);
        if (op.body) assert.ok(seen.has(400), `${opLabel(op)}: a broken body answers 400`);
      }
    });

    it('answers a server fault and a database that does not answer on every operation as the document declares (500, 503)', async () => {
      const faults: [string, Error][] = [
        ['a server fault', new Error('boom')],
        ['the database down', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
      ];
      for (const [what, error] of faults) {
        const failing = { authenticate: async () => Promise.reject(error) } as unknown as Deps['authenticator'];
        const app = await buildApp({ ...api.rt, authenticator: failing });
        try {
          for (const op of doc.operations) {
            const [, call] = probes(doc, op, 'svc_pat_any', 'svc_pat_any').find(([name]) => name === 'a well-formed call')!;
            const res = await app.inject(call);
            assert.equal(res.statusCode, what === 'a server fault' ? 500 : 503, `${opLabel(op)}: ${res.body}`);
            assertDeclared(doc, op, res, what);
          }
        } finally {
          await app.close();
        }
      }
    });
  });
}
