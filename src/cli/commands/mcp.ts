import { Option, type Command } from 'commander';
import { CommandFailed, UsageError } from '../errors.js';
import { say } from '../output.js';
import { parsePort } from '../parse.js';
import { readSecretFile } from '../secret-file.js';
import { findService, httpUrlOption, noServiceAnswers } from '../service-address.js';

// `calendar-access mcp`: the API's tools for an AI assistant, over the Model Context Protocol on
// standard input and output, or with --http as a remote connector over Streamable HTTP, authorised
// by the service's OAuth (packages/mcp, docs/mcp.md). A pure HTTP client of /api/v1 through the
// SDK: the same rules, limits and errors as the API. On stdio, standard output is the protocol's:
// nothing else is printed there.

/** Where the token may come from, first found wins: the file, the environment, the command line. */
export const TOKEN_ENV = 'CALENDAR_ACCESS_TOKEN';
/** The service's address, for an assistant's configuration that cannot pass --api (or runs from any folder). */
export const API_ENV = 'CALENDAR_ACCESS_API';

interface McpCommandOptions {
  token?: string;
  tokenFile?: string;
  api?: URL;
  http?: boolean;
  port?: number;
  host: string;
  publicUrl?: URL;
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
  if (opts.http) return mcpHttp(opts, cmd);
  if (opts.port !== undefined || opts.publicUrl !== undefined) throw new UsageError('--port and --public-url are for --http.');
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

/**
 * --http: the remote connector. Each client brings its own bearer token (the service's OAuth, or a
 * personal token), so none is taken here; it runs until ^C.
 */
async function mcpHttp(opts: McpCommandOptions, cmd: Command): Promise<void> {
  if (opts.tokenFile !== undefined || (opts.token !== undefined && cmd.getOptionValueSource('token') === 'cli')) {
    throw new UsageError('--http takes no token: each client sends its own (OAuth); see docs/mcp.md.');
  }
  // The metadata of RFC 9728 lives at the origin's root (/.well-known/…/mcp), where a path prefix would not reach.
  if (opts.publicUrl && (opts.publicUrl.pathname !== '/' || opts.publicUrl.search)) throw new UsageError('--public-url: an origin (https://host[:port]), without a path: the server answers at /mcp.');
  const found = await findService(opts.api, cmd);
  const { startHttpServer } = await import('@calendar-access/mcp');
  let running;
  try {
    running = await startHttpServer({
      baseUrl: apiBase(found.url.href), port: opts.port ?? 8976, host: opts.host, log: say,
      ...(opts.publicUrl ? { publicUrl: opts.publicUrl.href } : {}),
    });
  } catch (e) {
    const why = unreachable(e);
    if (why !== null) throw noServiceAnswers(found, why);
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CommandFailed(`port ${opts.port ?? 8976} of ${opts.host} is in use; pass another with --port (0 picks a free one).`);
    throw e;
  }
  say(`calendar-access mcp: Streamable HTTP at ${running.url}, for the service at ${found.url.href.replace(/\/+$/, '')}; clients authorise with its OAuth (metadata: ${running.metadataUrl}). ^C to stop.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
}

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      "Serve the API's tools to an AI assistant over the Model Context Protocol (stdio; --http for a remote connector): only the tools the token's scopes allow " +
        '(current time, account, appointment types, free slots, events, to-dos, requests; asking for an appointment or a to-do; withdrawing). See docs/mcp.md.',
    )
    .addOption(
      new Option('--token <token>', `the token the assistant acts with (svc_pat_…, svc_test_… or svc_at_…); better in ${TOKEN_ENV}, which ps does not show`).env(TOKEN_ENV),
    )
    .option('--token-file <file>', 'read the token from this file instead')
    .addOption(
      new Option('--api <base>', `base URL of the service (default: where the \`serve\` running on the data folder answers, else PUBLIC_BASE_URL)`)
        .argParser(httpUrlOption('--api', 'http://localhost:3000'))
        .env(API_ENV),
    )
    .option('--http', 'serve Streamable HTTP at /mcp instead of stdio: a remote connector, authorised by the service\'s OAuth (each client sends its bearer token)')
    .option('--port <n>', 'with --http: the port (default 8976; 0 picks a free one)', parsePort)
    .option('--host <address>', 'with --http: the address to listen on', '127.0.0.1')
    .option('--public-url <origin>', 'with --http: the origin clients reach this server at, behind a proxy (default http://host:port)', httpUrlOption('--public-url', 'https://mcp.example.com'))
    .action((opts: McpCommandOptions, cmd: Command) => mcp(opts, cmd));
}
