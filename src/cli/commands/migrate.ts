import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import { print } from '../output.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('Bring the database schema up to date and say which migrations ran.')
    .action(async (_opts: object, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'migrate', {});
      if (result.ran.length === 0) print(`Nothing to run: the schema is up to date (latest migration ${result.latest ?? 'none'}).`);
      else print(`Ran ${result.ran.length} migration${result.ran.length === 1 ? '' : 's'}: ${result.ran.join(', ')}.`);
    });
}
