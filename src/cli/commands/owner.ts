import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { execute } from '../execute.js';
import { print, printJson } from '../output.js';

/**
 * The password in a file (`-`: standard input), never on the command line, where other users' `ps`
 * and the shell's history would see it. One final line break is not part of it.
 */
function readPassword(file: string): string {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new UsageError(`--password-file: cannot read ${file === '-' ? 'standard input' : file} (${(e as Error).message})`);
  }
  return text.replace(/\r?\n$/, '');
}

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
        ...(opts.passwordFile !== undefined ? { password: readPassword(opts.passwordFile) } : {}),
      });
      if (opts.json) printJson(result);
      else print(`Created owner ${result.username} ("${result.displayName}", ${result.timezone}), account ${result.accountId}.`);
    });
}
