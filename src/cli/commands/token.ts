import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import { print, printJson, say, shortInstant, table } from '../output.js';
import { parseList, parsePositiveInteger } from '../parse.js';

export function registerToken(program: Command): void {
  const token = program.command('token').description("Manage an owner's personal tokens.");

  token
    .command('create')
    .description('Create a personal token and print its value (shown this once).')
    .requiredOption('--owner <u>', 'username of the owner')
    .requiredOption('--name <n>', 'what the token is for')
    .requiredOption('--scopes <a,b,c>', 'scopes, e.g. profile:read,events:read', parseList)
    .option('--test', 'a test-mode token (svc_test_): never emails anyone')
    .option('--expires-in <seconds>', 'expire after this many seconds (default: never)', parsePositiveInteger)
    .option('--json', 'print {id, token, scopes, mode, expiresAt} as JSON')
    .action(async (opts: { owner: string; name: string; scopes: string[]; test?: boolean; expiresIn?: number; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'token.create', {
        owner: opts.owner,
        name: opts.name,
        scopes: opts.scopes,
        test: opts.test ?? false,
        expiresIn: opts.expiresIn ?? null,
      });
      if (opts.json) {
        printJson({ id: result.id, token: result.token, scopes: result.scopes, mode: result.mode, expiresAt: result.expiresAt });
        return;
      }
      say(`Created ${result.mode} token ${result.id} for ${opts.owner}: ${result.scopes.join(', ')}; expires ${result.expiresAt ?? 'never'}.`);
      say('Copy it now: it is not shown again.');
      print(result.token);
    });

  token
    .command('list')
    .description("List an owner's tokens (never their values).")
    .requiredOption('--owner <u>', 'username of the owner')
    .option('--json', 'print the list as JSON')
    .action(async (opts: { owner: string; json?: boolean }, cmd: Command) => {
      const tokens = await execute(commandConfig(cmd), 'token.list', { owner: opts.owner });
      if (opts.json) {
        printJson(tokens);
        return;
      }
      if (tokens.length === 0) {
        print(`${opts.owner} has no tokens.`);
        return;
      }
      print(table(
        ['ID', 'NAME', 'TOKEN', 'SCOPES', 'MODE', 'CREATED', 'EXPIRES', 'LAST USED', 'REVOKED'],
        tokens.map((t) => [
          t.id, t.name, `${t.prefix}…${t.lastFour}`, t.scopes.join(','), t.mode,
          shortInstant(t.createdAt), shortInstant(t.expiresAt), shortInstant(t.lastUsedAt), shortInstant(t.revokedAt),
        ]),
      ));
    });

  token
    .command('revoke')
    .description('Revoke a token at once.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'token id (from token list)')
    .action(async (id: string, opts: { owner: string }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'token.revoke', { owner: opts.owner, id });
      print(`Revoked token ${result.id}.`);
    });
}
