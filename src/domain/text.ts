/**
 * Free text as the service takes it, from the API and from the pages alike (docs/decisions.md
 * "Hardening"): any character but a control character (Unicode's Cc: U+0000-U+001F, U+007F-U+009F),
 * tab, line feed and carriage return excepted (a browser sends a textarea's line breaks as CR LF).
 * PostgreSQL cannot store U+0000 in text, and no person types the others.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** True when `s` holds a character TEXT_PATTERN refuses. */
export const hasControlCharacter = (s: string): boolean => CONTROL.test(s);
