import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020Module from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { OPENAPI_FILE } from '../../src/http/openapi.js';

/**
 * openapi.json as a client reads it: references resolved, schemas checked by a JSON Schema 2020-12
 * validator with the standard formats (ajv + ajv-formats), knowing nothing of the server's code.
 */
export interface Schema {
  [key: string]: unknown;
}

export interface Operation {
  method: string;
  /** The document's path, `/requests/{id}`. */
  path: string;
  operationId: string;
  parameters: { name: string; in: string; required?: boolean; schema: Schema }[];
  body: Schema | null;
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

export interface ClientDoc {
  operations: Operation[];
  /** Every path of the document with the methods it declares, upper case. */
  paths: Map<string, string[]>;
  components: Record<string, Schema>;
  /** Whether the document's schema admits the value, as a client's validator says. */
  admits(schema: Schema, value: unknown): boolean;
}

const Ajv2020 = Ajv2020Module.default;
const addFormats = formatsModule.default;

export async function readClientDoc(): Promise<ClientDoc> {
  const raw = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
  const components = structuredClone(raw.components?.schemas ?? {}) as Record<string, Schema>;
  const doc = (await SwaggerParser.dereference(raw)) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new WeakMap<Schema, (v: unknown) => boolean>();
  const admits = (schema: Schema, value: unknown) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    return validate(value);
  };
  const operations: Operation[] = [];
  const paths = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    paths.set(path, Object.keys(ops).map((m) => m.toUpperCase()));
    for (const [method, op] of Object.entries(ops)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId as string,
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
        responses: op.responses as Operation['responses'],
      });
    }
  }
  return { operations, paths, components, admits };
}

export const opLabel = (op: Operation) => `${op.method} ${op.path}`;

/**
 * The answer is one the document declares for the operation: its status is listed, an error's code
 * is among the codes listed for that status, and the body has the declared shape.
 */
export function assertDeclared(doc: ClientDoc, op: Operation, res: LightMyRequestResponse, what: string): void {
  const label = `${opLabel(op)} (${what})`;
  const declared = op.responses[String(res.statusCode)];
  assert.ok(declared, `${label}: answered ${res.statusCode} ${res.body.slice(0, 200)}, a status the document does not declare`);
  // A HEAD call, answered without a body.
  if (res.body === '') return;
  const body = res.json();
  if (res.statusCode >= 400) {
    assert.ok(declared.description.split(', ').includes(body.error?.code), `${label}: answered ${res.statusCode} ${body.error?.code}; the document lists ${declared.description}`);
  }
  const schema = declared.content?.['application/json']?.schema;
  assert.ok(schema, `${label}: the document gives ${res.statusCode} no body schema`);
  assert.ok(doc.admits(schema, body), `${label}: the ${res.statusCode} body is not of the declared shape: ${res.body.slice(0, 300)}`);
}
