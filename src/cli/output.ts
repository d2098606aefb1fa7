import type { CliFailure } from './errors.js';

/**
 * Aborted once nobody reads standard output any more (`calendar-access … | head -1`: the reader
 * closed the pipe, and a write got EPIPE). What a command prints after that is dropped, the command
 * itself finishes what it was doing (a change half-made is worse than lines unread), and a command
 * that follows until ^C (`logs tail`, `listen`) ends as if ^C had come.
 */
const stdoutGone = new AbortController();
export const outputGone: AbortSignal = stdoutGone.signal;

/**
 * Installed once by main.ts: without a listener, EPIPE is an unhandled 'error' event and a stack
 * trace. Any other error on stdout is still thrown.
 */
export function watchStdout(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    stdoutGone.abort();
  });
}

/** Writes to stdout: what scripts read. Messages for people go to stderr through `say`. */
export function print(line = ''): void {
  if (outputGone.aborted) return;
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
