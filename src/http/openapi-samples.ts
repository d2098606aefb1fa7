/**
 * The `x-codeSamples` of an operation (the extension Redoc, Scalar and our /docs page read): a curl
 * call and the same call through @calendar-access/sdk, written from the operation as the document
 * describes it (its path, its required parameters with their examples, its body example, whether it
 * takes an Idempotency-Key). Nothing is written per route: a new route gets its samples, and
 * test/reference/code-samples.test.ts compiles every SDK sample against the SDK under `strict`.
 */
type Json = Record<string, unknown>;

export interface CodeSample {
  lang: 'Shell' | 'TypeScript';
  label: string;
  source: string;
}

export interface SampleOperation {
  method: string;
  /** The document's path below the server URL: `/events/{id}`. */
  path: string;
  operationId: string;
  parameters: { name: string; in: string; required?: boolean; example?: unknown }[];
  body?: unknown;
  idempotent: boolean;
}

/**
 * Where the samples send their calls in openapi.json: the address the README and `serve` use by
 * default. /docs shows them at the service's own address instead (reference/document.ts `samplesAt`).
 */
export const SAMPLE_ORIGIN = 'http://localhost:3000';
export const SAMPLE_BASE_URL = `${SAMPLE_ORIGIN}/api/v1`;

export function codeSamples(op: SampleOperation): CodeSample[] {
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(op) },
    { lang: 'TypeScript', label: 'SDK', source: sdkSample(op) },
  ];
}

/** The operation's parameters of one place, required ones only (what a first call needs), with their values. */
function valuesOf(op: SampleOperation, place: 'path' | 'query'): [string, string][] {
  const params = op.parameters.filter((p) => p.in === place && (place === 'path' || p.required === true));
  const values = params.map((p): [string, string] => [p.name, String(p.example ?? p.name)]);
  // A window's end shown equal to its start would be refused ("to" must be after "from"): a week on.
  const from = values.find(([name]) => name === 'from')?.[1];
  return values.map(([name, value]) => [name, name === 'to' && value === from ? weekAfter(value) : value]);
}

function weekAfter(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!date) return value;
  const later = new Date(Date.parse(`${date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return later + value.slice(10);
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

function curlSample(op: SampleOperation): string {
  let path = op.path;
  for (const [name, value] of valuesOf(op, 'path')) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = valuesOf(op, 'query');
  const get = op.method === 'get';
  const lines = [`curl ${get && query.length > 0 ? '-G ' : ''}${SAMPLE_BASE_URL}${path}`, '-H "Authorization: Bearer $SVC_TOKEN"'];
  if (op.idempotent) lines.push('-H "Idempotency-Key: $(uuidgen)"');
  for (const [name, value] of query) lines.push(`--data-urlencode ${shellQuote(`${name}=${value}`)}`);
  if (!get) lines.push("-H 'Content-Type: application/json'", `-d ${shellQuote(JSON.stringify(op.body ?? {}))}`);
  return lines.join(' \\\n  ');
}

const camel = (segment: string) => segment.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The operations whose SDK method the naming rule below cannot find, and whether it pages by itself:
 * the change feed is read page by page of a round (its sync client, `events.sync()`, follows them).
 */
const NAMED: Record<string, { namespace: string; method: string; paged: boolean }> = {
  listEventChanges: { namespace: 'events', method: 'changes', paged: false },
  listSeriesOccurrences: { namespace: 'series', method: 'occurrences', paged: true },
};

/**
 * The SDK method of an operation, by the client's naming: the namespace is the path's first segment
 * (`/appointment-types` → `appointmentTypes`), the method is the operationId without the namespace's
 * noun (`listEvents` → `list`, `getEvent` → `get`, `createAppointmentRequest` → `createAppointment`).
 */
export function sdkMethodOf(op: Pick<SampleOperation, 'path' | 'operationId'>): { namespace: string; method: string } {
  const named = NAMED[op.operationId];
  if (named) return { namespace: named.namespace, method: named.method };
  const namespace = camel(op.path.split('/')[1] ?? '');
  const plural = pascal(namespace);
  const singular = plural.replace(/s$/, '');
  const method = [plural, singular].reduce((id, noun) => (id.endsWith(noun) && id.length > noun.length ? id.slice(0, -noun.length) : id), op.operationId);
  return { namespace, method };
}

/** A value written as a TypeScript literal, two-space indented like the README. */
const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, '$1:').replaceAll('"', "'");

function sdkSample(op: SampleOperation): string {
  const { namespace, method } = sdkMethodOf(op);
  const args = valuesOf(op, 'path').map(([, value]) => `'${value}'`);
  const query = valuesOf(op, 'query');
  if (query.length > 0) args.push(literal(Object.fromEntries(query)));
  // A body with no field (withdraw's) is the SDK's to send.
  if (op.body !== undefined && op.method !== 'get' && Object.keys(op.body as object).length > 0) args.push(literal(op.body));
  const call = `client.${namespace}.${method}(${args.join(', ')})`;
  const paged = NAMED[op.operationId]?.paged ?? op.parameters.some((p) => p.in === 'query' && p.name === 'cursor');
  return [
    "import { CalendarAccess } from '@calendar-access/sdk';",
    '',
    "const client = new CalendarAccess({ token: process.env.SVC_TOKEN ?? '', baseUrl: '" + SAMPLE_BASE_URL + "' });",
    paged
      ? `// Follows nextCursor page after page; .pages() gives whole pages.\nfor await (const item of ${call}) console.log(item);`
      : `${op.idempotent ? '// An Idempotency-Key is made once and reused if the call is retried.\n' : ''}const result = await ${call};\nconsole.log(result);`,
  ].join('\n');
}

const jsonExample = (holder: unknown): unknown => (holder as { content?: Record<string, Json> } | undefined)?.content?.['application/json']?.example;

/**
 * The samples of a finished document operation (openapi-document.ts), from its own fields: a
 * parameter's example, else its schema's (`exampleOf`), and a path's `id` without one is the id of
 * the record the operation answers with (its success example).
 */
export function samplesOfOperation(method: string, path: string, op: Json, idempotent: boolean, exampleOf: (schema: Json) => unknown): CodeSample[] {
  const responses = (op.responses ?? {}) as Record<string, unknown>;
  const answered = jsonExample(responses['200'] ?? responses['201']) as { id?: unknown; request?: { id?: unknown } } | undefined;
  const answeredId = answered?.id ?? answered?.request?.id;
  const parameters = ((op.parameters ?? []) as (SampleOperation['parameters'][number] & { schema?: Json })[]).map((p) => {
    const fromSchema = p.schema ? exampleOf(p.schema) : undefined;
    const example = p.example ?? (p.in === 'path' && p.name === 'id' && answeredId !== undefined ? answeredId : fromSchema);
    return { name: p.name, in: p.in, required: p.required, example };
  });
  return codeSamples({ method, path, operationId: op.operationId as string, parameters, body: jsonExample(op.requestBody), idempotent });
}
