import AjvModule, { type ErrorObject } from 'ajv';
import formatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError } from './errors.js';
import { CHECKED_FORMATS, SHARED_SCHEMAS, formatRefusal } from './schemas/formats.js';

/**
 * Two validators: the body is taken exactly as sent (no coercion: `"true"` is not a boolean), the
 * query string and path are coerced from text. Neither strips unknown fields: they are refused (spec
 * fixed property 10), and Fastify's default (removeAdditional) would silently drop them.
 */
// ajv is CommonJS: its class is the default export's default under NodeNext.
const Ajv = AjvModule.default;
// verbose: an error carries the schema that refused the value, whose description and example the message quotes.
const common = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false, verbose: true } as const;
const bodyAjv = new Ajv({ ...common, coerceTypes: false });
const textAjv = new Ajv({ ...common, coerceTypes: true });
// The formats the schemas name are checked, not only printed in the document (schemas/formats.ts).
const addFormats = formatsModule.default;
for (const ajv of [bodyAjv, textAjv]) {
  addFormats(ajv, { mode: 'full', formats: [...CHECKED_FORMATS] });
  for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema);
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

const DIGITS = /^-?(0|[1-9][0-9]{0,15})$/;

/**
 * Ajv's coercion reads query text with Number(), so `limit=0x10`, `1e1`, `5.0` or ` 5` would pass
 * as integers. An integer parameter must be written in plain digits; anything else is refused
 * before coercion, naming the parameter.
 */
function plainDigits(schema: { properties?: Record<string, { type?: unknown }> }, validate: Validate): Validate {
  const integers = Object.entries(schema.properties ?? {}).filter(([, p]) => p.type === 'integer').map(([name]) => name);
  if (integers.length === 0) return validate;
  const checked: Validate = (data) => {
    for (const name of integers) {
      const value = (data as Record<string, unknown> | null)?.[name];
      if (typeof value === 'string' && !DIGITS.test(value)) {
        checked.errors = [{ keyword: 'type', instancePath: `/${name}`, schemaPath: '', params: { type: 'integer' }, message: 'must be a whole number written in digits' }];
        return false;
      }
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  };
  return checked;
}

/** Headers are checked by the hook that owns them (the Idempotency-Key check, naming the header); their schema documents them. */
const documentedOnly = () => true;

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'headers') return documentedOnly;
  if (httpPart === 'body') return bodyAjv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
  return plainDigits(schema as object, textAjv.compile(schema as object) as Validate) as ReturnType<FastifySchemaCompiler<unknown>>;
};

const PART_NAMES: Record<string, string> = { querystring: 'parameter', params: 'path parameter', body: 'field', headers: 'header' };

/** Turns the first schema error into `422 invalid_input` naming the field at fault. */
export function validationError(errors: ErrorObject[], part: string | undefined): ApiError {
  const e = errors[0];
  const kind = PART_NAMES[part ?? 'body'] ?? 'field';
  if (!e) return new ApiError('invalid_input');
  const path = e.instancePath.split('/').filter(Boolean).join('.');
  const join = (name: string) => (path ? `${path}.${name}` : name);
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = join(String(e.params.additionalProperty));
      return new ApiError('invalid_input', `Unknown ${kind} "${name}".`, name);
    }
    case 'required': {
      const name = join(String(e.params.missingProperty));
      return new ApiError('invalid_input', `The ${kind} "${name}" is required.`, name);
    }
    case 'enum': {
      const allowed = e.params.allowedValues as unknown[];
      // A list as long as the time zones' is the document's to show, not an error message's.
      if (allowed.length > 20) return new ApiError('invalid_input', `"${path}" is not one of the ${allowed.length} values it takes (the OpenAPI document lists them).`, path);
      return new ApiError('invalid_input', `"${path}" must be one of: ${allowed.join(', ')}.`, path);
    }
    case 'format':
    case 'pattern':
      // Said in the format's own words, with its example (schemas/formats.ts).
      return new ApiError('invalid_input', formatRefusal(path, e.parentSchema as Record<string, unknown> | undefined), path);
    default:
      // The whole body or query, not one field of it: no `field`.
      if (!path) return new ApiError('invalid_input', `The ${part === 'body' || part === undefined ? 'body' : kind === 'parameter' ? 'query' : kind} ${e.message ?? 'is invalid'}.`);
      return new ApiError('invalid_input', `"${path}" ${e.message ?? 'is invalid'}.`, path);
  }
}
