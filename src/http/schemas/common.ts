import Type, { type TSchema } from 'typebox';
import { Cursor, DateString, Instant, TimeOfDay, Uuid } from './formats.js';

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
  { additionalProperties: false },
);

export const ErrorSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String(),
        message: Type.String(),
        field: Type.Optional(Type.String()),
        requestId: Type.String(),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'Error' },
);

/** A page of a list route: data, nextCursor and, with includeDeleted=true, deleted markers. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      data: Type.Array(item),
      nextCursor: Nullable(Type.String()),
      deleted: Type.Optional(Type.Array(DeletedMarker)),
    },
    { additionalProperties: false },
  );

/** A route that takes no query parameters still refuses unknown ones. */
export const NoParameters = Type.Object({}, { additionalProperties: false });
