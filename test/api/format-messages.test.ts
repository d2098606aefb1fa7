import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi } from '../helpers/api.js';
import { opLabel, readClientDoc, type ClientDoc, type Operation, type Schema } from '../helpers/openapi-doc.js';

/**
 * A value refused by its format is answered in the format's own words, with its example: the
 * message is made from the same definition the document prints (src/http/schemas/formats.ts), read
 * here from openapi.json as a client reads it, so neither can drift from the other.
 */
interface FormatField {
  op: Operation;
  in: 'query' | 'body';
  /** Dotted, as the error's `field` names it. */
  name: string;
  schema: Schema;
}

const hasFormat = (s: Schema) => typeof s.pattern === 'string' || typeof s.format === 'string';

/** The schemas of a body or query field, with the null of a nullable one taken away. */
function stringSchemas(schema: Schema): Schema[] {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).flatMap(stringSchemas);
  return schema.type === 'string' ? [schema] : [];
}

function fields(doc: ClientDoc): FormatField[] {
  const found: FormatField[] = [];
  const visit = (op: Operation, where: 'query' | 'body', name: string, schema: Schema) => {
    if (schema.type === 'object') {
      for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) visit(op, where, name ? `${name}.${key}` : key, sub);
      return;
    }
    for (const s of stringSchemas(schema)) found.push({ op, in: where, name, schema: s });
  };
  for (const op of doc.operations) {
    // A parameter's description and example are printed beside its schema, not in it.
    for (const p of op.parameters as (Operation['parameters'][number] & { description?: string; example?: unknown })[]) {
      if (p.in !== 'query') continue;
      const words = { ...(p.description !== undefined ? { description: p.description } : {}), ...(p.example !== undefined ? { examples: [p.example] } : {}) };
      visit(op, 'query', p.name, { ...p.schema, ...words });
    }
    if (op.body) visit(op, 'body', '', op.body);
  }
  return found;
}

/** A value the schema admits, made from the schema alone. */
function sample(doc: ClientDoc, schema: Schema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(props).map(([name, p]) => [name, sample(doc, p)]));
  }
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer') return (schema.minimum as number | undefined) ?? 1;
  if (Array.isArray(schema.examples) && doc.admits(schema, schema.examples[0])) return schema.examples[0];
  const found = ['2026-03-30T09:00:00Z', '2026-03-30', randomUUID(), 'en', 'walker@example.com', '+4915112345678', 'x'].find((c) => doc.admits(schema, c));
  assert.ok(found !== undefined, `no sample for ${JSON.stringify(schema).slice(0, 200)}`);
  return found;
}

/** A value of the right length that the format refuses. */
function refused(doc: ClientDoc, schema: Schema): string {
  const found = ['not a value', 'x\u0000y', '2026-02-30', '2026-03-29T09:00:00+02:00'].find((c) => !doc.admits(schema, c));
  assert.ok(found !== undefined, `nothing refused by ${JSON.stringify(schema).slice(0, 200)}`);
  return found;
}

function setPath(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...body, [head!]: value };
  return { ...body, [head!]: setPath(body[head!] as Record<string, unknown>, rest.join('.'), value) };
}

const expected = (name: string, schema: Schema) =>
  `"${name}" must be ${String(schema.description)}${Array.isArray(schema.examples) ? `, like ${String(schema.examples[0])}` : ''}.`;

describe('the formats of openapi.json', () => {
  let doc: ClientDoc;
  before(async () => {
    doc = await readClientDoc();
  });

  it('describe every pattern and format in words, and every example is a value the format admits', () => {
    const formatted = fields(doc).filter((f) => hasFormat(f.schema));
    assert.ok(formatted.length >= 15, `found ${formatted.length}`);
    for (const f of formatted) {
      const label = `${opLabel(f.op)} ${f.in} ${f.name}`;
      assert.equal(typeof f.schema.description, 'string', `${label}: no description`);
      assert.match(String(f.schema.description), /^(a|an|the|text) /, `${label}: the description reads after "must be"`);
      if (Array.isArray(f.schema.examples)) assert.ok(doc.admits(f.schema, f.schema.examples[0]), `${label}: its example is refused`);
    }
  });

  it('give every text field of a body a format that refuses control characters (no free string)', () => {
    for (const f of fields(doc).filter((x) => x.in === 'body')) {
      const label = `${opLabel(f.op)} body ${f.name}`;
      assert.ok(hasFormat(f.schema) || Array.isArray(f.schema.enum), `${label} takes any string`);
      if (!Array.isArray(f.schema.enum)) assert.equal(doc.admits(f.schema, 'a\u0000b'), false, `${label} admits a NUL`);
    }
  });
});

for (const engine of ENGINES) {
  describe(`a value refused by its format on ${engine}`, () => {
    const api = useApi(engine);
    let doc: ClientDoc;
    before(async () => {
      doc = await readClientDoc();
    });

    it('is answered 422 naming the field, with the format in words and an example, as the document describes it', async () => {
      const owner = await api.owner();
      const formatted = fields(doc).filter((f) => hasFormat(f.schema));
      for (const f of formatted) {
        // A token per field: the create class allows 30 calls an hour.
        const token = await api.token(owner, ALL_SCOPES);
        const bad = refused(doc, f.schema);
        const query = Object.fromEntries(f.op.parameters.filter((p) => p.in === 'query' && (p.required || p.name === f.name)).map((p) => [p.name, String(sample(doc, p.schema))]));
        if (f.in === 'query') query[f.name] = bad;
        const body = f.op.body ? (sample(doc, f.op.body) as Record<string, unknown>) : undefined;
        const payload = body && f.in === 'body' ? setPath(body, f.name, bad) : body;
        const takesKey = f.op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
        const res = await api.app.inject({
          method: f.op.method as 'GET' | 'POST',
          url: `/api/v1${f.op.path.replace(/\{[^}]+\}/g, () => randomUUID())}?${new URLSearchParams(query)}`,
          headers: { authorization: `Bearer ${token}`, ...(takesKey ? { 'idempotency-key': `fmt_${randomUUID()}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
          ...(payload ? { payload: JSON.stringify(payload) } : {}),
        });
        const label = `${opLabel(f.op)} ${f.in} ${f.name}=${JSON.stringify(bad)}`;
        assert.equal(res.statusCode, 422, `${label}: ${res.body}`);
        assert.equal(res.json().error.field, f.name, label);
        assert.equal(res.json().error.message, expected(f.name, f.schema), label);
      }
    });

    it('says what an instant is and gives one: "from" of GET /events', async () => {
      const token = await api.token(await api.owner(), ALL_SCOPES);
      const res = await api.get('/api/v1/events?from=yesterday&to=2026-03-30T00:00:00Z', token);
      assert.equal(res.statusCode, 422);
      assert.equal(res.json().error.message, '"from" must be an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z), like 2026-03-29T09:00:00Z.');
    });
  });
}
