import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import type { DeliveryEntry, EndpointEntry } from '../../operations/endpoint.js';
import { print, printJson, say, table } from '../output.js';
import { parsePositiveInteger } from '../parse.js';

// Webhook endpoints of an owner's tokens (one holding the `webhooks` scope): add, list, rotate the
// signing secret, ping, disable and enable, and the delivery log. The signing secret is shown once,
// by add and rotate: on a line of its own on stdout, the words for people on stderr.

const WHEN = 'A running `calendar-access serve` delivers it within a second; without one, at its next start.';
const CATCH_UP = 'Events recorded while it was disabled were not delivered: the receiver can catch up with GET /webhook-events.';

interface OwnerOpts {
  owner: string;
  json?: boolean;
}

const orDash = (text: string | null): string => text ?? '-';

/** `--events a,b`: the names as typed (the service refuses an empty list, unknown names and wildcards, naming them). */
export const eventList = (text: string): string[] => text.split(',').map((s) => s.trim()).filter((s) => s !== '');

export const EVENTS_HELP =
  'only these event types, comma-separated exact names (e.g. request.created,task.completed; no wildcards): a type added to ' +
  'the service later is then not sent unless added here. ping and authorization.revoked always arrive. Each type must be ' +
  'allowed by the scopes';
const EVENTS_DEFAULT = '. Default: every type the scopes allow, later ones included';
export const ALL_EVENTS_HELP = 'every event type the scopes allow, types added later included (the default when adding)';

/** What an endpoint receives, in a word or a list. */
export const eventsText = (types: string[] | null): string => (types === null ? 'all' : types.join(','));

/** host + path of an endpoint's address (the query, which may carry a secret, left out). */
function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return url;
  }
}

function statusText(e: EndpointEntry): string {
  return e.status === 'enabled' ? 'enabled' : `disabled (${e.disabledReason ?? 'unknown'})`;
}

function lastText(d: DeliveryEntry): string {
  if (d.lastStatus !== null && d.lastError) return `${d.lastStatus}: ${d.lastError}`;
  if (d.lastStatus !== null) return String(d.lastStatus);
  return orDash(d.lastError);
}

/** The sentence's words for what an endpoint receives. */
export function receives(types: string[] | null): string {
  return types === null ? 'every event type its scopes allow (later ones included)' : `only ${types.join(', ')} (and ping, authorization.revoked)`;
}

function showSecret(secret: string): void {
  say('Signing secret below, shown once: copy it now; it is not shown again.');
  print(secret);
}

export function registerEndpoint(program: Command): void {
  const endpoint = program
    .command('endpoint')
    .description("Manage the webhook endpoints of an owner's tokens (a token holding the webhooks scope): secrets, pings, the delivery log.");

  endpoint
    .command('add')
    .description(
      'Add a webhook endpoint under a token and queue a ping to it. The address must be https on port 443, a public ' +
        'domain name, no user:password@ (hosts in ALLOW_PRIVATE_HOSTS excepted); for a receiver on your own machine, ' +
        'use `calendar-access listen --forward-to` instead. Prints the endpoint id, then the signing secret (shown once), ' +
        'each on a line of its own.',
    )
    .requiredOption('--owner <u>', 'username of the owner')
    .requiredOption('--token <id>', 'id of the token the endpoint receives events for (from token list); it must hold webhooks')
    .requiredOption('--url <url>', 'the receiver, e.g. https://example.com/webhooks')
    .option('--description <d>', 'what the endpoint is for (at most 500 characters)')
    .option('--events <types>', EVENTS_HELP + EVENTS_DEFAULT, eventList)
    .option('--all-events', ALL_EVENTS_HELP)
    .option('--json', 'print {endpoint, secret} as JSON')
    .action(async (opts: OwnerOpts & { token: string; url: string; description?: string; events?: string[]; allEvents?: boolean }, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'endpoint.add', {
        owner: opts.owner, token: opts.token, url: opts.url, description: opts.description ?? null, events: opts.events ?? null, allEvents: opts.allEvents ?? false,
      });
      if (opts.json) {
        printJson(r);
        return;
      }
      const only = r.endpoint.eventTypes === null ? '' : `, receiving ${receives(r.endpoint.eventTypes)}`;
      say(`Added endpoint ${r.endpoint.id} (${shortUrl(r.endpoint.url)}) for token ${r.endpoint.tokenId}${only}; a ping is queued. ${WHEN}`);
      print(r.endpoint.id);
      showSecret(r.secret);
    });

  endpoint
    .command('list')
    .description("List an owner's webhook endpoints: the event types each receives (all, or its list), status, last success, failing since, and the end of a secret rotation's overlap.")
    .requiredOption('--owner <u>', 'username of the owner')
    .option('--token <id>', "only this token's endpoints")
    .option('--json', 'print the list as JSON (full URLs included)')
    .action(async (opts: OwnerOpts & { token?: string }, cmd: Command) => {
      const endpoints = await execute(commandConfig(cmd), 'endpoint.list', { owner: opts.owner, token: opts.token ?? null });
      if (opts.json) {
        printJson(endpoints);
        return;
      }
      if (endpoints.length === 0) {
        print(`${opts.owner} has no webhook endpoints${opts.token ? ` under token ${opts.token}` : ''}.`);
        return;
      }
      print(table(
        ['ID', 'TOKEN', 'URL', 'EVENTS', 'STATUS', 'LAST SUCCESS', 'FAILING SINCE', 'OLD SECRET UNTIL'],
        endpoints.map((e) => [e.id, e.tokenId ?? '-', shortUrl(e.url), eventsText(e.eventTypes), statusText(e), orDash(e.lastSuccessAt), orDash(e.failingSince), orDash(e.previousSecretExpiresAt)]),
      ));
    });

  endpoint
    .command('update')
    .description(
      'Change which event types an endpoint receives, from the next event on (deliveries already queued still go): --events for ' +
        "a list, --all-events for every type its token's scopes allow. ping and authorization.revoked always arrive.",
    )
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--events <types>', EVENTS_HELP, eventList)
    .option('--all-events', "every event type the token's scopes allow, types added later included")
    .option('--json', 'print the endpoint as JSON')
    .action(async (id: string, opts: OwnerOpts & { events?: string[]; allEvents?: boolean }, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'endpoint.update', { owner: opts.owner, id, events: opts.events ?? null, allEvents: opts.allEvents ?? false });
      if (opts.json) printJson(e);
      else print(`Endpoint ${e.id} receives ${receives(e.eventTypes)} from the next event on.`);
    });

  endpoint
    .command('remove')
    .description('Remove a webhook endpoint; deliveries still waiting for it are cancelled.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--json', 'print {id, removed} as JSON')
    .action(async (id: string, opts: OwnerOpts, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'endpoint.remove', { owner: opts.owner, id });
      if (opts.json) printJson(r);
      else print(`Removed endpoint ${r.id}; deliveries still waiting for it are cancelled.`);
    });

  endpoint
    .command('rotate')
    .description('Give an endpoint a new signing secret (printed once); the old one keeps signing alongside for 24 hours, or until end-rotation.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--json', 'print {endpoint, secret} as JSON')
    .action(async (id: string, opts: OwnerOpts, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'endpoint.rotate', { owner: opts.owner, id });
      if (opts.json) {
        printJson(r);
        return;
      }
      say(
        `Rotated the signing secret of endpoint ${r.endpoint.id}. Deliveries carry a signature under each secret; the old one ` +
          `signs alongside the new one until ${r.endpoint.previousSecretExpiresAt ?? '-'} ` +
          `(end it sooner: calendar-access endpoint end-rotation --owner ${opts.owner} ${r.endpoint.id}).`,
      );
      showSecret(r.secret);
    });

  endpoint
    .command('end-rotation')
    .description("End a rotation's overlap now: only the new signing secret signs from here on.")
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--json', 'print the endpoint as JSON')
    .action(async (id: string, opts: OwnerOpts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'endpoint.end-rotation', { owner: opts.owner, id });
      if (opts.json) printJson(e);
      else print(`Endpoint ${e.id}: only the current signing secret signs from now on.`);
    });

  endpoint
    .command('ping')
    .description('Send a ping event to an enabled endpoint now; prints the event id. Its delivery shows in endpoint deliveries.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--json', 'print {id, eventId} as JSON')
    .action(async (id: string, opts: OwnerOpts, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'endpoint.ping', { owner: opts.owner, id });
      if (opts.json) {
        printJson(r);
        return;
      }
      say(`Ping recorded for endpoint ${r.id}. ${WHEN}`);
      print(r.eventId);
    });

  endpoint
    .command('disable')
    .description('Disable an endpoint: nothing is delivered to it, and deliveries still waiting are given up.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--json', 'print the endpoint as JSON')
    .action(async (id: string, opts: OwnerOpts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'endpoint.disable', { owner: opts.owner, id });
      if (opts.json) printJson(e);
      else print(`Disabled endpoint ${e.id}; deliveries still waiting for it are given up. Enable it again with: calendar-access endpoint enable --owner ${opts.owner} ${e.id}`);
    });

  endpoint
    .command('enable')
    .description('Enable an endpoint again, keeping its signing secret; events from now on are delivered to it.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--json', 'print the endpoint as JSON')
    .action(async (id: string, opts: OwnerOpts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'endpoint.enable', { owner: opts.owner, id });
      if (opts.json) printJson(e);
      else print(`Enabled endpoint ${e.id} with the same signing secret. ${CATCH_UP}`);
    });

  endpoint
    .command('deliveries')
    .description("An endpoint's latest deliveries, newest first, with their attempts: event type, status, attempts, last status or error, next attempt.")
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'endpoint id (from endpoint list)')
    .option('--limit <n>', 'how many deliveries, 1 to 100 (default 20)', parsePositiveInteger)
    .option('--json', 'print the deliveries and their attempts as JSON')
    .action(async (id: string, opts: OwnerOpts & { limit?: number }, cmd: Command) => {
      const deliveries = await execute(commandConfig(cmd), 'endpoint.deliveries', { owner: opts.owner, id, limit: opts.limit ?? null });
      if (opts.json) {
        printJson(deliveries);
        return;
      }
      if (deliveries.length === 0) {
        print(`No deliveries to endpoint ${id} yet.`);
        return;
      }
      print(table(
        ['DELIVERY', 'EVENT', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST', 'NEXT ATTEMPT', 'CREATED'],
        deliveries.map((d) => [d.id, d.eventId, d.eventType, d.status, String(d.attempts), lastText(d), orDash(d.nextAttemptAt), d.createdAt]),
      ));
      const attempts = deliveries.flatMap((d) => d.attemptLog.map((a) => [d.id, String(a.attempt), a.startedAt, `${a.durationMs} ms`, a.statusCode === null ? '-' : String(a.statusCode), orDash(a.error)]));
      if (attempts.length > 0) {
        print();
        print(table(['DELIVERY', 'ATTEMPT', 'STARTED', 'TOOK', 'STATUS', 'ERROR'], attempts));
      }
    });
}
