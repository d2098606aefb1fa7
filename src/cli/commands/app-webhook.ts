import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import type { DeliveryEntry, EndpointEntry } from '../../operations/endpoint.js';
import { print, printJson, say, table } from '../output.js';
import { parsePositiveInteger } from '../parse.js';
import { EVENTS_HELP, eventList, eventsText, receives } from './endpoint.js';

// `calendar-access app webhook ...`: an OAuth app's own webhook endpoint (docs/webhooks.md "App
// endpoints"), one per app, by its client_id. The signing secret is shown once (first set, rotation):
// on a line of its own on stdout, the words for people on stderr, as `endpoint` does.

interface Opts {
  owner: string;
  json?: boolean;
}

const orDash = (text: string | null): string => text ?? '-';

function describeEndpoint(e: EndpointEntry): string {
  return [
    `Webhook endpoint ${e.id} of app ${e.appId ?? '-'}`,
    `  url:           ${e.url}`,
    `  events:        ${eventsText(e.eventTypes)}`,
    `  status:        ${e.status === 'enabled' ? 'enabled' : `disabled (${e.disabledReason ?? 'unknown'})`}`,
    `  last success:  ${orDash(e.lastSuccessAt)}`,
    `  failing since: ${orDash(e.failingSince)}`,
    `  old secret signs until: ${orDash(e.previousSecretExpiresAt)}`,
  ].join('\n');
}

function showSecret(secret: string): void {
  say('Signing secret below, shown once: copy it now; it is not shown again.');
  print(secret);
}

function lastText(d: DeliveryEntry): string {
  if (d.lastStatus !== null && d.lastError) return `${d.lastStatus}: ${d.lastError}`;
  if (d.lastStatus !== null) return String(d.lastStatus);
  return orDash(d.lastError);
}

export function registerAppWebhook(app: Command): void {
  const webhook = app
    .command('webhook')
    .description("An app's own webhook endpoint: every owner connected with the webhooks scope sends its events there, each with the owner's account.");
  const verb = (name: string, what: string) =>
    webhook.command(name).description(what).requiredOption('--owner <u>', 'username of the developer').argument('<id>', 'the client_id').option('--json', 'print the answer as JSON');

  verb('set', "Set the app's endpoint address and queue a ping to it. The first time prints the signing secret, once; later the address moves and the secret stays.")
    .requiredOption('--url <https-url>', 'https on port 443, a public domain name (hosts in ALLOW_PRIVATE_HOSTS excepted)')
    .option('--description <d>', 'what the endpoint is for (at most 500 characters)')
    .option('--events <types>', `${EVENTS_HELP} (those the app may ask for). Default: every type on a new endpoint; a moved one keeps its choice`, eventList)
    .option('--all-events', 'every event type the app may ask for, types added later included')
    .action(async (id: string, opts: Opts & { url: string; description?: string; events?: string[]; allEvents?: boolean }, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'app.webhook.set', {
        owner: opts.owner, id, url: opts.url, description: opts.description ?? null, events: opts.events ?? null, allEvents: opts.allEvents ?? false,
      });
      if (opts.json) return printJson(r);
      say(`The webhook endpoint of app ${id} is ${r.endpoint.url}${r.endpoint.eventTypes === null ? '' : `, receiving ${receives(r.endpoint.eventTypes)}`}; a ping is queued.`);
      if (r.secret) showSecret(r.secret);
      else print(r.endpoint.id);
    });

  verb('update', "Change which event types the app's endpoint receives, from the next event on: --events for a list, --all-events for every type. ping and authorization.revoked always arrive.")
    .option('--events <types>', `${EVENTS_HELP} (those the app may ask for)`, eventList)
    .option('--all-events', 'every event type the app may ask for, types added later included')
    .action(async (id: string, opts: Opts & { events?: string[]; allEvents?: boolean }, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'app.webhook.update', { owner: opts.owner, id, events: opts.events ?? null, allEvents: opts.allEvents ?? false });
      if (opts.json) return printJson(e);
      print(`The webhook endpoint of app ${id} receives ${receives(e.eventTypes)} from the next event on.`);
    });

  verb('show', "Show the app's endpoint: address, status, last success, failing since, the end of a rotation's overlap.")
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'app.webhook.show', { owner: opts.owner, id });
      if (opts.json) return printJson(e);
      print(e ? describeEndpoint(e) : `App ${id} has no webhook endpoint. Set one with: calendar-access app webhook set --owner ${opts.owner} --url URL ${id}`);
    });

  verb('rotate-secret', 'A new signing secret (printed once); the old one keeps signing alongside for 24 hours, or until end-rotation.')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'app.webhook.rotate-secret', { owner: opts.owner, id });
      if (opts.json) return printJson(r);
      say(`Rotated the signing secret; the old one signs alongside until ${r.endpoint.previousSecretExpiresAt ?? '-'}.`);
      showSecret(r.secret ?? '');
    });

  verb('end-rotation', 'Stop signing with the previous secret now.')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'app.webhook.end-rotation', { owner: opts.owner, id });
      if (opts.json) return printJson(e);
      print(`Only the current secret signs deliveries to ${e.url} from now on.`);
    });

  verb('ping', 'Send a ping to the endpoint now (its account is the developer\'s); prints the event id.')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'app.webhook.ping', { owner: opts.owner, id });
      if (opts.json) return printJson(r);
      say('Ping recorded; a running serve delivers it within a second.');
      print(r.eventId);
    });

  verb('disable', 'Disable the endpoint: nothing is delivered to it, and deliveries still waiting are given up.')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'app.webhook.disable', { owner: opts.owner, id });
      if (opts.json) return printJson(e);
      print(`Disabled the webhook endpoint of app ${id}. Enable it again with: calendar-access app webhook enable --owner ${opts.owner} ${id}`);
    });

  verb('enable', 'Enable the endpoint again, keeping its signing secret.')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const e = await execute(commandConfig(cmd), 'app.webhook.enable', { owner: opts.owner, id });
      if (opts.json) return printJson(e);
      print(`Enabled the webhook endpoint of app ${id} (${e.url}) with the same signing secret.`);
    });

  verb('remove', 'Remove the endpoint; deliveries still waiting for it are cancelled.')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'app.webhook.remove', { owner: opts.owner, id });
      if (opts.json) return printJson(r);
      print(`Removed the webhook endpoint of app ${id}.`);
    });

  verb('deliveries', "The endpoint's latest deliveries, newest first, with their attempts.")
    .option('--limit <n>', 'how many deliveries, 1 to 100 (default 20)', parsePositiveInteger)
    .action(async (id: string, opts: Opts & { limit?: number }, cmd: Command) => {
      const deliveries = await execute(commandConfig(cmd), 'app.webhook.deliveries', { owner: opts.owner, id, limit: opts.limit ?? null });
      if (opts.json) return printJson(deliveries);
      if (deliveries.length === 0) return print(`No deliveries to the webhook endpoint of app ${id} yet.`);
      print(table(
        ['DELIVERY', 'EVENT', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST', 'NEXT ATTEMPT', 'CREATED'],
        deliveries.map((d) => [d.id, d.eventId, d.eventType, d.status, String(d.attempts), lastText(d), orDash(d.nextAttemptAt), d.createdAt]),
      ));
    });
}
