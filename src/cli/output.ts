import type { CliFailure } from './errors.js';

/** Writes to stdout: what scripts read. Messages for people go to stderr through `say`. */
export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function say(line = ''): void {
  process.stderr.write(`${line}\n`);
}

export function printJson(value: unknown): void {
  print(JSON.stringify(value, null, 2));
}

/**
 * How a command that failed says so. With `--json`, on stdout as `{"error": {"code", "message"}}`
 * (what the script asked for reads it where it reads the answer); otherwise one line on stderr.
 */
export function printFailure(failure: CliFailure, json: boolean): void {
  if (json) printJson({ error: { code: failure.code, message: failure.message } });
  else say(`calendar-access: ${failure.message}`);
  if (failure.stack) say(failure.stack);
}

/** A plain text table: a header row and columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** '2026-11-22T05:49:05Z' -> '2026-11-22 05:49Z'; null -> '-'. */
export function shortInstant(text: string | null): string {
  return text === null ? '-' : `${text.slice(0, 10)} ${text.slice(11, 16)}Z`;
}
