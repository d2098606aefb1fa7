import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import type { LogLine } from '../../operations/logs.js';
import { TAIL_BATCH } from '../../operations/logs.js';
import { commandConfig } from '../config.js';
import { openSession } from '../execute.js';
import { outputGone, print, say } from '../output.js';

// `calendar-access logs tail` (like `stripe logs tail`): prints an owner's API calls as they are
// written. It polls the request log by row id, where every store command runs (in `serve` through
// its admin channel on PGlite, or over its own connection on PostgreSQL); calls reach the log about
// a second after their answers (src/request-log/buffer.ts), so a call shows within about 1.5 s.

const POLL_MS = 500;

interface TailOptions {
  owner: string;
  token?: string;
  json?: boolean;
}

/** `2026-03-29T00:30:00Z  200  GET /api/v1/me  req_…  1.2 ms`, with the error code after the status. */
function textLine(l: LogLine): string {
  return `${l.at}  ${l.status}${l.code ? ` ${l.code}` : ''}  ${l.method} ${l.path}  ${l.requestId}  ${l.durationMs} ms`;
}

const bigger = (a: string, b: string): string => (BigInt(a) > BigInt(b) ? a : b);

/**
 * Follows until ^C. Row ids are taken in the order rows are written; two instances' batches
 * writing at the same moment could make a lower id visible just after a higher one, so each poll
 * reads again from where the previous poll started (one poll behind) and skips what it printed.
 */
async function tail(opts: TailOptions, cmd: Command): Promise<void> {
  const session = await openSession(commandConfig(cmd));
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Piped into `head`, which has read enough: end as ^C would.
  outputGone.addEventListener('abort', onSignal, { once: true });
  const args = { owner: opts.owner, ...(opts.token ? { token: opts.token } : {}) };
  try {
    const start = await session.run('logs.after', args);
    say(`Following the API calls of ${opts.owner}${opts.token ? ` with ${opts.token}` : ''} (^C to quit)`);
    const since = start.now;
    let from = start.lastId;
    let newest = start.lastId;
    const printed = new Set<string>();
    while (!stop.signal.aborted) {
      const { lastId, lines } = await session.run('logs.after', { ...args, after: from, since });
      for (const l of lines) {
        if (printed.has(l.id)) continue;
        printed.add(l.id);
        print(opts.json ? JSON.stringify(l) : textLine(l));
      }
      const full = lines.length >= TAIL_BATCH;
      // The next poll starts where this one's newest was before it ran; a full batch moves on at once.
      const next = full ? lastId : newest;
      newest = bigger(newest, lastId);
      from = next;
      for (const id of printed) if (BigInt(id) <= BigInt(from)) printed.delete(id);
      if (full) continue;
      try {
        await sleep(POLL_MS, undefined, { signal: stop.signal });
      } catch {
        break;
      }
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    outputGone.removeEventListener('abort', onSignal);
    await session.close();
  }
}

export function registerLogs(program: Command): void {
  const logs = program.command('logs').description("An owner's API calls of the last 30 days (the request log; Settings → Developer shows them too).");
  logs
    .command('tail')
    .description('Print an owner\'s API calls as they happen: time, status and error code, method and path (query parameter names only), request id, duration. Never bodies or token values.')
    .requiredOption('--owner <u>', 'username of the owner')
    .option('--token <id>', 'only the calls of this personal token, or of this connected app (its id)')
    .option('--json', 'one JSON object a line: {id, at, source, method, path, status, code, requestId, durationMs}')
    .action(async (opts: TailOptions, cmd: Command) => tail(opts, cmd));
}
