import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { execute } from '../execute.js';
import { print, printJson, say } from '../output.js';

function readIcs(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

export function registerCalendar(program: Command): void {
  const calendar = program.command('calendar').description("Work with an owner's calendars.");
  calendar
    .command('import')
    .description('Import the events of an iCalendar (.ics) file into one of the owner\'s calendars; importing it again updates, never duplicates.')
    .argument('<file>', 'the .ics file, e.g. exported from Google Calendar or Apple Calendar')
    .requiredOption('--owner <u>', 'username of the owner')
    .requiredOption('--calendar <slug>', 'slug of the owner\'s calendar to import into, e.g. personal')
    .option('--json', 'print the counts and warnings as JSON')
    .action(async (file: string, opts: { owner: string; calendar: string; json?: boolean }, cmd: Command) => {
      const text = readIcs(file);
      const r = await execute(commandConfig(cmd), 'calendar.import', { owner: opts.owner, calendar: opts.calendar, text });
      if (opts.json) {
        printJson(r);
        return;
      }
      for (const w of r.warnings) say(`warning: ${w}`);
      print(
        `Imported ${file} into ${r.owner}/${r.calendar}: ${r.created} created, ${r.updated} updated, ` +
          `${r.unchanged} unchanged, ${r.cancelled} cancelled, ${r.skipped} skipped.`,
      );
    });
}
