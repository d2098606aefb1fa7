import { InvalidArgumentError, type Command } from 'commander';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { serviceBaseUrl } from '../service-address.js';

// `calendar-access mcp`: the API's tools for an AI assistant, over the Model Context Protocol on
// standard input and output (packages/mcp, docs/mcp.md). A pure HTTP client of /api/v1 through the
// SDK: the same rules, limits and errors as the API. Standard output is the protocol's: nothing
// else is printed there.

interface McpCommandOptions {
  token: string;
  api?: URL;
}

function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError('--api: an http or https URL, e.g. http://localhost:3000.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('--api: an http or https URL.');
  return url;
}

/** The API's base up to /api/v1, from the service's address (with or without /api/v1). */
export function apiBase(service: string): string {
  const base = service.replace(/\/+$/, '');
  return base.endsWith('/api/v1') ? base : `${base}/api/v1`;
}

async function mcp(opts: McpCommandOptions, cmd: Command): Promise<void> {
  let service = opts.api?.toString();
  if (!service) {
    service = await serviceBaseUrl(commandConfig(cmd));
    if (!URL.canParse(service)) throw new UsageError(`PUBLIC_BASE_URL "${service}" is not a URL; pass --api.`);
  }
  // Loaded here: the MCP SDK is only for this command, not for every start of the CLI.
  const { runStdioServer } = await import('@calendar-access/mcp');
  await runStdioServer({ token: opts.token, baseUrl: apiBase(service) });
}

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      "Serve the API's tools to an AI assistant over the Model Context Protocol (stdio): only the tools the token's scopes allow " +
        '(account, appointment types, free slots, events, to-dos, requests; asking for an appointment or a to-do; withdrawing). See docs/mcp.md.',
    )
    .requiredOption('--token <token>', 'the token the assistant acts with (svc_pat_…, svc_test_… or svc_at_…)')
    .option('--api <base>', 'base URL of the service (default: where the `serve` running on the data folder answers, else PUBLIC_BASE_URL)', httpUrl)
    .action((opts: McpCommandOptions, cmd: Command) => mcp(opts, cmd));
}
