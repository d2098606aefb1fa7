import type { TSchema } from 'typebox';
import { EVENT_SCOPES, EVENT_TYPES } from '../domain/webhook-events.js';
import { NOT_HTTP_MESSAGE } from './envelope.js';
import { ERRORS, type ErrorCode } from './errors.js';
import { samplesOfOperation } from './openapi-samples.js';
import { IF_NONE_MATCH_PARAMETER, NOT_MODIFIED_RESPONSE } from './conditional-get.js';
import type { AnyRoute } from './route.js';
import { RESPONSE_HEADERS, headersOf } from './schemas/response-headers.js';
import { RequestByKind } from './schemas/resources.js';
import { DELIVERY_HEADERS, EVENT_RECORDS, WebhookEventByType } from './schemas/webhook-events.js';

/**
 * What @fastify/swagger writes from the route definitions, finished for the readers of the document
 * (people and generators such as openapi-typescript): every schema with a `title` becomes the named
 * component of that title, referenced where it is used; every answer names its headers and carries
 * an example; the `webhooks` section describes each event type. Nothing here invents a shape: the
 * schemas, codes and examples all come from the definitions the server enforces.
 */
type Json = Record<string, unknown>;

/**
 * Components the document describes more precisely than the serializer's schema of the same title:
 * the server writes a request (or a webhook event) with one flat schema, fast to serialize; the
 * document tells the kinds apart. Every answer is checked against these by the walk test.
 */
const DOCUMENT_FORMS: Record<string, TSchema> = { Request: RequestByKind, WebhookEvent: WebhookEventByType };

const TAGS: { name: string; description: string }[] = [
  { name: 'Account', description: 'The account a token acts for (spec GET /me).' },
  { name: 'Availability', description: "The owner's appointment types and free slots." },
  { name: 'Events', description: "The owner's calendar: events and occurrences of repeating events." },
  { name: 'Tasks', description: "The owner's to-dos." },
  { name: 'Requests', description: 'Appointment and to-do requests: asking the owner, and following the answer.' },
  { name: 'Webhooks', description: 'Catch-up of the webhook events a token was entitled to; the deliveries are in `webhooks`.' },
];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Keys whose values are data, not schemas: never searched for titled schemas. */
const DATA_KEYS = new Set(['examples', 'example', 'const', 'enum', 'default', 'discriminator']);

export interface FinishOptions {
  routes: readonly AnyRoute[];
}

/** The swagger plugin's `transformObject`: the generated document in, the finished one out. */
export function finishDocument(doc: Json, { routes }: FinishOptions): Json {
  const byOperation = new Map(routes.map((r) => [r.operationId, r]));
  const components = (doc.components ?? {}) as Json;
  const schemas = ((components.schemas ?? {}) as Json);
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const lookup = (ref: string): Json | undefined => schemas[ref.replace('#/components/schemas/', '')] as Json | undefined;

  for (const [path, ops] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const route = byOperation.get(op.operationId as string);
      if (!route) continue;
      finishOperation(op, route, lookup);
      // After the examples: the samples are written from them (openapi-samples.ts).
      op['x-codeSamples'] = samplesOfOperation(method, path, op, route.idempotent === true, (schema) => exampleOf(schema, lookup));
    }
  }
  const webhooks = webhookOperations();

  // Titled schemas become components, everywhere in the document (their own insides too).
  const named: Json = {};
  const hoisted = hoist({ paths, webhooks }, named) as { paths: Json; webhooks: Json };
  for (const name of Object.keys(schemas)) named[name] ??= hoist(schemas[name], named);

  return {
    ...doc,
    tags: TAGS,
    paths: hoisted.paths,
    webhooks: hoisted.webhooks,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.keys(named).sort().map((k) => [k, named[k]])),
      headers: RESPONSE_HEADERS,
    },
  };
}

/** Description, answer headers, the 405 every path gives other methods, and examples. */
function finishOperation(op: Json, route: AnyRoute, lookup: (ref: string) => Json | undefined): void {
  op.description = [
    route.summary,
    route.scope ? `Needs the scope \`${route.scope}\`.` : 'Any valid token.',
    `Rate class \`${route.rateClass}\`.`,
    route.idempotent ? 'Takes an `Idempotency-Key`: a retry with the same key answers the first outcome, never a second change.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const responses = op.responses as Record<string, Json>;
  // Every GET: If-None-Match in, 304 out (conditional-get.ts).
  const conditional = route.method === 'GET';
  if (conditional) {
    op.parameters = [...((op.parameters as Json[] | undefined) ?? []), { ...IF_NONE_MATCH_PARAMETER }];
    responses['304'] = { ...NOT_MODIFIED_RESPONSE };
  }
  responses['405'] = { description: 'method_not_allowed', content: { 'application/json': { schema: (responses['401'] as { content: { 'application/json': { schema: Json } } }).content['application/json'].schema } } };
  for (const [status, response] of Object.entries(responses)) {
    response.headers = headersOf(Number(status), route.idempotent === true, conditional);
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    if (!media) continue;
    // The route loop writes a response's description into its schema (routeResponses): it belongs to the answer.
    const schema = media.schema as Json;
    if (schema.description === response.description) delete schema.description;
    if (Number(status) >= 400) {
      const code = (response.description as string).split(', ')[0] as ErrorCode;
      delete media.examples;
      // A route without a body answers 400 only for a request that is not HTTP: its example says so.
      media.example = errorExample(code, code === 'bad_request' && !route.body ? NOT_HTTP_MESSAGE : ERRORS[code].message);
    } else {
      if (media.example === undefined && media.examples === undefined) media.example = exampleOf(media.schema as Json, lookup);
      response.description = 'Success';
    }
  }
  const body = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
  if (body && body.example === undefined && body.examples === undefined) body.example = exampleOf(body.schema as Json, lookup);
}

const errorExample = (code: ErrorCode, message: string) => ({
  error: {
    code,
    message,
    ...(code === 'invalid_input' ? { field: 'from' } : {}),
    requestId: 'req_7GvJ2kQ9xZ0aB3cD4eF5gH',
  },
});

/** A value the schema admits, made from the examples of the definitions. */
export function exampleOf(schema: Json, lookup: (ref: string) => Json | undefined): unknown {
  if (typeof schema.$ref === 'string') {
    const target = lookup(schema.$ref);
    return target ? exampleOf(target, lookup) : null;
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches) {
    // A field that may be null shows null: pages end (nextCursor), optional values are absent.
    if (branches.some((b) => b.type === 'null')) return null;
    return exampleOf(branches[0]!, lookup);
  }
  if (schema.type === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    return Object.fromEntries(Object.entries(props).filter(([k]) => required.has(k)).map(([k, p]) => [k, exampleOf(p, lookup)]));
  }
  if (schema.type === 'array') return [exampleOf((schema.items ?? {}) as Json, lookup)];
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer' || schema.type === 'number') return (schema.minimum as number | undefined) ?? 1;
  return 'text';
}

/**
 * The node with every titled schema in it replaced by a reference to the component of its title.
 * Two different schemas of one title are a mistake in the definitions: refused.
 */
function hoist(node: unknown, named: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => hoist(n, named));
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Json;
  if (typeof obj.title === 'string' && isSchema(obj)) {
    const name = obj.title;
    const form = (DOCUMENT_FORMS[name] as Json | undefined) ?? obj;
    const body = hoistInside(form, named);
    const before = named[name] as Json | undefined;
    // The plugin moves the examples of a body's or answer's top schema to its media: the same schema.
    if (before !== undefined && !sameSchema(before, body)) {
      throw new Error(`two different schemas are titled ${name}: give one another title`);
    }
    if (before?.examples !== undefined && body.examples === undefined) return { $ref: `#/components/schemas/${name}` };
    named[name] = body;
    return { $ref: `#/components/schemas/${name}` };
  }
  return hoistInside(obj, named);
}

function hoistInside(obj: Json, named: Json): Json {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, DATA_KEYS.has(k) ? v : hoist(v, named)]));
}

const sameSchema = (a: Json, b: Json) => {
  const { examples: _a, ...restA } = a;
  const { examples: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
};

const isSchema = (o: Json) => 'type' in o || 'anyOf' in o || 'oneOf' in o || 'properties' in o || 'enum' in o;

/** The `webhooks` section: one POST per event type, the record it carries and its headers. */
function webhookOperations(): Json {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const record = EVENT_RECORDS[type] as unknown as Json;
      const scope = EVENT_SCOPES[type];
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace('.', '_')}`,
            summary: `The \`${type}\` event, delivered to the endpoints of every token entitled to it.`,
            description:
              `Sent to the endpoints of the tokens holding \`webhooks\`${scope ? ` and \`${scope}\`` : ''}; ` +
              'verify `Svc-Signature` on the raw body before trusting it (docs/webhooks-receiving.md). ' +
              'Any answer but 2xx within 10 seconds is retried on the schedule of docs/spec-decisions.md §8.',
            tags: ['Webhooks'],
            security: [],
            parameters: DELIVERY_HEADERS.map((h) => ({ name: h.name, in: 'header', required: true, description: h.description, schema: { type: 'string' }, example: h.example })),
            requestBody: { required: true, content: { 'application/json': { schema: record, example: (record.examples as unknown[])[0] } } },
            responses: {
              '200': { description: 'Received: the delivery counts as done (any 2xx does).' },
              '400': { description: 'Refused (a signature that does not verify, for one): the delivery is retried.' },
            },
          },
        },
      ];
    }),
  );
}
