import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import { print, printJson } from '../output.js';
import { readSecretFile } from '../secret-file.js';

export function registerOwner(program: Command): void {
  const owner = program.command('owner').description('Manage calendar owners.');
  owner
    .command('create')
    .description('Create an owner, with a first calendar "personal" and booking off.')
    .requiredOption('--username <u>', 'username: lowercase letters, digits and inner hyphens')
    .requiredOption('--name <n>', 'display name')
    .requiredOption('--timezone <z>', 'IANA time zone, e.g. Europe/Berlin')
    .option('--email <e>', "the owner's email: told when a webhook endpoint is disabled")
    .option('--password-file <file>', 'the console password, read from this file ("-": standard input); at least 10 characters and hard to guess')
    .option('--json', 'print the owner as JSON')
    .action(async (opts: { username: string; name: string; timezone: string; email?: string; passwordFile?: string; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'owner.create', {
        username: opts.username,
        name: opts.name,
        timezone: opts.timezone,
        email: opts.email ?? null,
        ...(opts.passwordFile !== undefined ? { password: readSecretFile('--password-file', opts.passwordFile) } : {}),
      });
      if (opts.json) printJson(result);
      else print(`Created owner ${result.username} ("${result.displayName}", ${result.timezone}), account ${result.accountId}.`);
    });
}
