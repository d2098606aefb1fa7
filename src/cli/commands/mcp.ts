import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';
import { say } from '../output.js';
import { readSecretFile } from '../secret-file.js';
import { findService, httpUrlOption, noServiceAnswers } from '../service-address.js';

// `calendar-access mcp`: the API's tools for an AI assistant, over the Model Context Protocol on
// standard input and output (packages/mcp, docs/mcp.md). A pure HTTP client of /api/v1 through the
// SDK: the same rules, limits and errors as the API. Standard output is the protocol's: nothing
// else is printed there.

/** Where the token may come from, first found wins: the file, the environment, the command line. */
export const TOKEN_ENV = 'CALENDAR_ACCESS_TOKEN';

interface McpCommandOptions {
  token?: string;
  tokenFile?: string;
  api?: URL;
}

/** The API's base up to /api/v1, from the service's address (with or without /api/v1). */
export function apiBase(service: string): string {
  const base = service.replace(/\/+$/, '');
  return base.endsWith('/api/v1') ? base : `${base}/api/v1`;
}

/**
 * The token, from --token-file or CALENDAR_ACCESS_TOKEN (what docs/mcp.md configures), or from
 * --token, which every local user's `ps` shows for the whole assistant session: that one is taken
 * with a warning, as a password on a command line would deserve.
 */
function tokenOf(opts: McpCommandOptions, cmd: Command): string {
  const given = [opts.tokenFile !== undefined, opts.token !== undefined && cmd.getOptionValueSource('token') === 'cli'].filter(Boolean).length;
  if (given > 1) throw new UsageError('give the token once: --token-file or --token (or CALENDAR_ACCESS_TOKEN alone).');
  if (opts.tokenFile !== undefined) {
    if (opts.tokenFile === '-') throw new UsageError('--token-file: standard input carries the protocol; name a file.');
    const token = readSecretFile('--token-file', opts.tokenFile).trim();
    if (!token) throw new UsageError(`--token-file: ${opts.tokenFile} is empty.`);
    return token;
  }
  if (opts.token === undefined || opts.token === '') {
    throw new UsageError(`the token the assistant acts with: set ${TOKEN_ENV}, or pass --token-file <file> (see docs/mcp.md).`);
  }
  if (cmd.getOptionValueSource('token') === 'cli') {
    say(`calendar-access mcp: --token shows the token to every local user (ps) for as long as the assistant runs; set ${TOKEN_ENV} or use --token-file instead.`);
  }
  return opts.token;
}

/** The SDK's "could not reach" (no answer at all), told from an answer that refused the token. */
function unreachable(e: unknown): string | null {
  if (!(e instanceof Error) || e.name !== 'CalendarAccessConnectionError') return null;
  const cause = e.cause as { message?: string; cause?: { message?: string } } | undefined;
  return cause?.cause?.message ?? cause?.message ?? e.message;
}

async function mcp(opts: McpCommandOptions, cmd: Command): Promise<void> {
  const token = tokenOf(opts, cmd);
  const found = await findService(opts.api, cmd);
  // Loaded here: the MCP SDK is only for this command, not for every start of the CLI.
  const { runStdioServer } = await import('@calendar-access/mcp');
  try {
    await runStdioServer({ token, baseUrl: apiBase(found.url.href), warn: say });
  } catch (e) {
    const why = unreachable(e);
    if (why !== null) throw noServiceAnswers(found, why);
    throw e;
  }
}

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      "Serve the API's tools to an AI assistant over the Model Context Protocol (stdio): only the tools the token's scopes allow " +
        '(account, appointment types, free slots, events, to-dos, requests; asking for an appointment or a to-do; withdrawing). See docs/mcp.md.',
    )
    .addOption(
      new Option('--token <token>', `the token the assistant acts with (svc_pat_…, svc_test_… or svc_at_…); better in ${TOKEN_ENV}, which ps does not show`).env(TOKEN_ENV),
    )
    .option('--token-file <file>', 'read the token from this file instead')
    .option('--api <base>', 'base URL of the service (default: where the `serve` running on the data folder answers, else PUBLIC_BASE_URL)', httpUrlOption('--api', 'http://localhost:3000'))
    .action((opts: McpCommandOptions, cmd: Command) => mcp(opts, cmd));
}
