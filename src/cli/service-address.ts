import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { Config } from '../config.js';
import type { ServiceAddress } from '../operations/service.js';
import { adminSocketPath } from '../server/admin-socket.js';
import { callAdmin } from './admin-client.js';
import { commandConfig } from './config.js';
import { CommandFailed, UsageError } from './errors.js';

/**
 * The base URL of the service a command should talk to over HTTP: the address the `serve` holding
 * the data folder answers at (asked over its admin channel, as `demo` learns it), or, when none
 * runs there (or the store is PostgreSQL, whose servers have no admin channel), the configuration's
 * own (PUBLIC_BASE_URL, else http://localhost:PORT). Never opens the store.
 */
export async function serviceBaseUrl(config: Config): Promise<string> {
  if (!config.databaseUrl) {
    const answer = await callAdmin(adminSocketPath(config.dataDir), 'service.address', {});
    if (answer.answered) return (answer.result as ServiceAddress).publicBaseUrl;
  }
  return config.publicBaseUrl;
}

/** Where an HTTP client command's service is, and how it was found (for the sentence when it does not answer). */
export interface FoundService {
  url: URL;
  /** How the address was found, as the sentence `noServiceAnswers` says it. */
  how: string;
}

/** An option's parser for `--api` and the like: an http or https URL. */
export function httpUrlOption(what: string, example: string) {
  return (text: string): URL => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new InvalidArgumentError(`${what}: an http or https URL, e.g. ${example}.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError(`${what}: an http or https URL.`);
    return url;
  };
}

const GIVEN = 'given by --api';

/** `--api` when given, else the `serve` on the data folder, else the configuration's address. */
export async function findService(api: URL | undefined, cmd: Command): Promise<FoundService> {
  if (api) {
    // From the option's environment variable (commander's .env(), mcp's CALENDAR_ACCESS_API): say so.
    const envVar = cmd.getOptionValueSource('api') === 'env' ? cmd.options.find((o) => o.attributeName() === 'api')?.envVar : undefined;
    return { url: api, how: envVar ? `given by ${envVar}` : GIVEN };
  }
  const config = commandConfig(cmd);
  const base = await serviceBaseUrl(config);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new UsageError(`PUBLIC_BASE_URL "${base}" is not a URL; pass --api.`);
  }
  const folder = path.relative(process.cwd(), config.dataDir) || '.';
  const how =
    base === config.publicBaseUrl
      ? `no \`serve\` runs on the data folder ${folder.startsWith('..') ? config.dataDir : `./${folder}`}${config.databaseUrl ? ' (with DATABASE_URL the address is not looked up)' : ''}, so this is PUBLIC_BASE_URL or else http://localhost:PORT`
      : `the \`serve\` on the data folder answers there`;
  return { url, how };
}

/**
 * One sentence, instead of a stack trace, for a command that found no service where it looked:
 * where it looked, why there, and the three ways to point it elsewhere.
 */
export function noServiceAnswers(found: FoundService, cause: string): CommandFailed {
  const base = found.url.href.replace(/\/+$/, '');
  const ways =
    found.how.startsWith('given by ')
      ? `Check that the service runs there and that ${found.how.slice('given by '.length)} names it.`
      : 'Start one with `calendar-access serve`, run this command in the folder whose data/ the service uses (or pass --data-dir), ' +
        "or pass --api with the service's base URL, e.g. --api https://calendar.example.com.";
  return new CommandFailed(`no calendar-access service answers at ${base} (${cause}; ${found.how}). ${ways}`);
}
