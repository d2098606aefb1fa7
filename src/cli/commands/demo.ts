import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import { print, printJson } from '../output.js';
import { readSecretFile } from '../secret-file.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('Create, or reset, an owner with a realistic calendar around today, and print a token with every scope.')
    .option('--username <u>', 'username of the demo owner', 'demo')
    .option('--password-file <file>', 'also a console password for the demo owner, read from this file ("-": standard input); at least 10 characters and hard to guess')
    .option('--json', 'print {owner, token} as JSON')
    .action(async (opts: { username: string; passwordFile?: string; json?: boolean }, cmd: Command) => {
      const r = await execute(commandConfig(cmd), 'demo', {
        username: opts.username,
        ...(opts.passwordFile !== undefined ? { password: readSecretFile('--password-file', opts.passwordFile) } : {}),
      });
      if (opts.json) {
        printJson({ owner: r.owner, token: r.token });
        return;
      }
      const c = r.counts;
      const auth = '-H "Authorization: Bearer $TOKEN"';
      const base = r.apiBaseUrl;
      print(`${r.reset ? 'Reset' : 'Created'} the demo owner "${r.owner}" (${r.timezone}): ${c.events} events, ${c.series} repeating series, ` +
        `${c.tasks} to-dos, ${c.requests} requests, ${c.appointmentTypes} appointment types.`);
      print();
      print('Token with every scope (shown this once):');
      print();
      print(`  ${r.token}`);
      print();
      print('Try it, with `calendar-access serve` running:');
      print();
      print(`  export TOKEN=${r.token}`);
      print(`  curl -s ${base}/me ${auth}`);
      print(`  curl -s "${base}/events?from=${r.window.from}&to=${r.window.to}" ${auth}`);
      print(`  curl -s "${base}/tasks?status=open&limit=10" ${auth}`);
      print(`  curl -s ${base}/requests ${auth}`);
      print(`  curl -s ${base}/appointment-types ${auth}`);
      print();
      print(opts.passwordFile !== undefined
        ? `The console: ${r.consoleUrl}, signed in as "${r.owner}" with the password from ${opts.passwordFile === '-' ? 'standard input' : opts.passwordFile}.`
        : `The console (${r.consoleUrl}) needs a password: run demo again with --password-file FILE to give "${r.owner}" one.`);
    });
}
