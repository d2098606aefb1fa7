import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/**
 * Where, and how, a text that is not JSON goes wrong, in words a caller can act on: "a value is
 * expected at line 3 column 12, found ","". JSON.parse's own message says neither on Node 20 for
 * most faults ("Unexpected token ','"), so the text is read again, only once it has been refused,
 * by jsonc-parser (VS Code's scanner) in strict mode: no comments, no trailing commas.
 */

/** Each fault of the scanner, said for people. */
const WHAT: Record<ReturnType<typeof printParseErrorCode>, string> = {
  InvalidSymbol: 'unexpected text',
  InvalidNumberFormat: 'a number is malformed',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a comma or "}" is expected',
  CloseBracketExpected: 'a comma or "]" is expected',
  EndOfFileExpected: 'the JSON value has ended, yet more follows',
  InvalidCommentToken: 'comments are not JSON',
  UnexpectedEndOfComment: 'comments are not JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'a \\u escape is malformed',
  InvalidEscapeCharacter: 'a backslash escape is malformed',
  InvalidCharacter: 'a control character must be escaped inside a string',
  '<unknown ParseErrorCode>': 'unexpected text',
};

/** Line and column (both from 1) of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

/** What stands at the offset, for the message: a short excerpt, or the end of the body. */
function found(text: string, error: ParseError): string {
  if (error.offset >= text.length) return 'the body ends there';
  const token = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 20)));
  return `found ${JSON.stringify(token)}`;
}

/**
 * Why `text` is not JSON, or null when it is JSON after all (Fastify's parser also refuses a
 * `__proto__` key, which the caller names).
 */
export function describeJsonFault(text: string): string | null {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return null;
  const { line, column } = lineAndColumn(text, first.offset);
  return `${WHAT[printParseErrorCode(first.error)]} at line ${line} column ${column} (${found(text, first)})`;
}
