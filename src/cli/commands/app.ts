import { InvalidArgumentError, type Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import { print, printJson, say, shortInstant, table } from '../output.js';
import { parseList } from '../parse.js';
import { registerAppWebhook } from './app-webhook.js';

type Entry = {
  id: string; name: string; type: string; homepage: string | null; redirectUris: string[]; scopes: string[]; secret: string | null;
  connections: number; createdAt: string; suspendedAt: string | null; suspendedReason: string | null;
};

function parseType(text: string): string {
  if (text !== 'public' && text !== 'confidential') throw new InvalidArgumentError('public or confidential.');
  return text;
}

function describe(a: Entry): string {
  return [
    `App ${a.name} (${a.type})`,
    `  client_id:     ${a.id}`,
    `  secret:        ${a.secret ?? '(none: a public client proves itself with PKCE alone)'}`,
    `  redirect URIs: ${a.redirectUris.join(' ')}`,
    `  scopes:        ${a.scopes.join(' ')}`,
    `  homepage:      ${a.homepage ?? '-'}`,
    `  connected:     ${a.connections} owner(s)`,
    `  suspended:     ${a.suspendedAt ? `${a.suspendedAt}: ${a.suspendedReason ?? ''}` : 'no'}`,
  ].join('\n');
}

export function registerApp(program: Command): void {
  const app = program.command('app').description('Manage OAuth apps (docs/oauth.md): register, list, rotate secrets, delete; suspend as an operator.');

  app
    .command('create')
    .description('Register an OAuth app for an owner; a confidential app gets a client secret, printed this once.')
    .requiredOption('--owner <u>', 'username of the developer who registers it')
    .requiredOption('--name <n>', 'the name owners see on the consent page')
    .requiredOption('--redirect-uri <a,b>', 'redirect URIs, stored in canonical form and matched exactly (https, http on loopback, or com.example.app:/cb)', parseList)
    .requiredOption('--scopes <a,b,c>', 'the scopes the app may ask for', parseList)
    .option('--type <t>', 'confidential (a server that keeps a secret) or public (PKCE only: native and browser apps)', parseType, 'confidential')
    .option('--homepage <url>', "the app's homepage")
    .option('--logo <url>', "the app's logo")
    .option('--json', 'print the app (with clientSecret) as JSON')
    .action(async (opts: { owner: string; name: string; redirectUri: string[]; scopes: string[]; type: string; homepage?: string; logo?: string; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'app.create', {
        owner: opts.owner, name: opts.name, redirectUris: opts.redirectUri, scopes: opts.scopes, type: opts.type, homepage: opts.homepage ?? null, logo: opts.logo ?? null,
      });
      if (opts.json) {
        printJson(result);
        return;
      }
      say(describe(result));
      if (result.clientSecret) {
        say('Client secret (copy it now: it is not shown again):');
        print(result.clientSecret);
      } else print(result.id);
    });

  app
    .command('list')
    .description("List an owner's apps.")
    .requiredOption('--owner <u>', 'username of the developer')
    .option('--json', 'print the list as JSON')
    .action(async (opts: { owner: string; json?: boolean }, cmd: Command) => {
      const apps = await execute(commandConfig(cmd), 'app.list', { owner: opts.owner });
      if (opts.json) {
        printJson(apps);
        return;
      }
      if (apps.length === 0) {
        print(`${opts.owner} has no apps.`);
        return;
      }
      print(table(
        ['CLIENT ID', 'NAME', 'TYPE', 'SCOPES', 'CONNECTED', 'CREATED', 'SUSPENDED'],
        apps.map((a) => [a.id, a.name, a.type, a.scopes.join(','), String(a.connections), shortInstant(a.createdAt), shortInstant(a.suspendedAt)]),
      ));
    });

  app
    .command('show')
    .description('Show one app.')
    .requiredOption('--owner <u>', 'username of the developer')
    .argument('<id>', 'the client_id')
    .option('--json', 'print the app as JSON')
    .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
      const a = await execute(commandConfig(cmd), 'app.show', { owner: opts.owner, id });
      if (opts.json) printJson(a);
      else print(describe(a));
    });

  app
    .command('rotate-secret')
    .description('Give a confidential app a new client secret at once (the old one stops working), printed this once.')
    .requiredOption('--owner <u>', 'username of the developer')
    .argument('<id>', 'the client_id')
    .option('--json', 'print the app (with clientSecret) as JSON')
    .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'app.rotate-secret', { owner: opts.owner, id });
      if (opts.json) {
        printJson(result);
        return;
      }
      say(`New secret of ${result.name} (copy it now: it is not shown again; the old one no longer works):`);
      print(result.clientSecret ?? '');
    });

  app
    .command('delete')
    .description('Delete an app: every owner connected to it is disconnected and its tokens stop at once.')
    .requiredOption('--owner <u>', 'username of the developer')
    .argument('<id>', 'the client_id')
    .option('--json', 'print {id, deleted} as JSON')
    .action(async (id: string, opts: { owner: string; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'app.delete', { owner: opts.owner, id });
      if (opts.json) printJson(result);
      else print(`Deleted app ${result.id}.`);
    });

  for (const [verb, what] of [['suspend', 'Suspend an app (operator): its tokens answer 403 app_suspended, its token endpoint unauthorized_client, its deliveries are held.'], ['unsuspend', 'Lift a suspension: tokens work again and held deliveries resume in order.']] as const) {
    const c = app.command(verb).description(what).argument('<id>', 'the client_id').option('--json', 'print the app as JSON');
    if (verb === 'suspend') c.requiredOption('--reason <r>', 'why (owners see it in their console)');
    c.action(async (id: string, opts: { reason?: string; json?: boolean }, cmd: Command) => {
      const a = verb === 'suspend'
        ? await execute(commandConfig(cmd), 'app.suspend', { id, reason: opts.reason ?? '' })
        : await execute(commandConfig(cmd), 'app.unsuspend', { id });
      if (opts.json) printJson(a);
      else print(a.suspendedAt ? `Suspended ${a.name} (${a.id}): ${a.suspendedReason}.` : `${a.name} (${a.id}) is no longer suspended.`);
    });
  }

  registerAppWebhook(app);
}
