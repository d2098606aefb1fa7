import Type, { type TSchema } from 'typebox';
import { Cursor, DateString, Instant, TimeOfDay, Uuid } from './formats.js';
import { ERRORS, type ErrorCode } from '../errors.js';

/** Building blocks shared by every route's schemas. */
export const StringEnum = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The wire formats live in formats.ts, one definition for the validator and the document. */
export { Cursor, DateString, Instant, TimeOfDay, Uuid };

export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 50, description: '1 to 100, default 50' });
export const BooleanString = StringEnum(['true', 'false'] as const);

/** Any id text: one that names nothing the token may see is 404 (never 422), whatever its shape. */
export const IdParams = Type.Object({ id: Type.String() }, { additionalProperties: false });

export const DeletedMarker = Type.Object(
  { id: Type.String(), deletedAt: Instant },
  { additionalProperties: false, title: 'DeletedMarker', examples: [{ id: '3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d', deletedAt: '2026-03-29T00:30:00Z' }] },
);

/** Every code of the one error table (errors.ts), as the document's enum `ErrorCode`: clients branch on it. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export const ErrorCodeSchema = StringEnum(ERROR_CODES, { title: 'ErrorCode', description: 'stable; messages may change, so clients branch on the code (docs/errors.md)' });

export const ErrorSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: ErrorCodeSchema,
        message: Type.String(),
        field: Type.Optional(Type.String({ description: 'the parameter or field at fault, when there is one' })),
        requestId: Type.String({ description: 'equal to the Svc-Request-Id header', examples: ['req_7GvJ2kQ9xZ0aB3cD4eF5gH'] }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    title: 'Error',
    examples: [{ error: { code: 'invalid_input', message: '"to" must be after "from".', field: 'to', requestId: 'req_7GvJ2kQ9xZ0aB3cD4eF5gH' } }],
  },
);

/**
 * A page of a list route: data, nextCursor and, with includeDeleted=true, deleted markers. `title`
 * names it in the document (`EventPage`).
 */
export const Page = <T extends TSchema>(item: T, title?: string) =>
  Type.Object(
    {
      data: Type.Array(item),
      nextCursor: Nullable(Type.String({ description: 'the cursor of the next page; null on the last page' })),
      deleted: Type.Optional(Type.Array(DeletedMarker)),
    },
    { additionalProperties: false, ...(title ? { title } : {}) },
  );

/** A route that takes no query parameters still refuses unknown ones. */
export const NoParameters = Type.Object({}, { additionalProperties: false });
