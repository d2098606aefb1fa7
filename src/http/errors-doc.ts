import { ERRORS, type ErrorCode } from './errors.js';
import { formatRefusal, Instant, WIRE_FORMATS } from './schemas/formats.js';

/** Where the page of error codes is written (`npm run errors`); test/api/errors-doc.test.ts keeps it current. */
export const ERRORS_DOC_FILE = 'docs/errors.md';

/**
 * docs/errors.md, written from the error table alone (after Fastify's docs/Reference/Errors.md): each
 * code, its status, when it is raised and the message it answers with unless the route says more.
 * Each row carries an anchor named for its code, which the SDK's `CalendarAccessError.docUrl` links to.
 */
export function errorsDocument(): string {
  const codes = Object.keys(ERRORS) as ErrorCode[];
  const rows = codes.map((code) => {
    const { status, when, message } = ERRORS[code];
    // The anchor is the code itself (docs/errors.md#slot_unavailable): the SDK's error.docUrl links to it.
    return `| ${status} | \`${code}\` | <a id="${code}"></a>${when} | ${message} |`;
  });
  return [
    '# Error codes',
    '',
    '<!-- Written by `npm run errors` from the table in src/http/errors.ts; edit the table, not this file. -->',
    '',
    'Every error answer of the API has the body `{"error": {"code", "message", "field"?, "requestId"}}`;',
    '`field` is present when one parameter, field or header is at fault, and `requestId` equals the',
    '`Svc-Request-Id` header. Codes are stable; messages may change, so clients branch on `code`.',
    'Checks run in one order on every call ([spec decisions §1](spec-decisions.md)): path and method, token, app, scope, rate',
    'limits, body, parameters and fields, then the resource and its state: the first that fails answers.',
    '',
    '| HTTP | Code | When it is raised | Default message |',
    '|---|---|---|---|',
    ...rows,
    '',
    '## Formats',
    '',
    'A value refused by its format is answered `422 invalid_input` naming the field, in the format\'s own',
    'words and with an example, the same the OpenAPI document prints for the field (src/http/schemas/formats.ts):',
    `\`${formatRefusal('from', Instant)}\``,
    '',
    '| Format | What it is | Example |',
    '|---|---|---|',
    ...WIRE_FORMATS.map(([name, schema]) => `| ${name} | ${schema.description ?? ''} | ${schema.examples?.[0] !== undefined ? `\`${String(schema.examples[0])}\`` : ''} |`),
    '',
  ].join('\n');
}
