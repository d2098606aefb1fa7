import { readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { ServiceError } from '../../domain/service-error.js';
import { ICalendarLimitError } from '../../ical/errors.js';
import { checkSize } from '../../ical/limits.js';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { execute } from '../execute.js';
import { print, printJson, say } from '../output.js';

/**
 * The file's text, refused before it is read (or sent to a server) when it is larger than any
 * calendar is read (ICAL_LIMITS.maxBytes): a refusal of the import, exit status 1.
 */
function readIcs(file: string): string {
  let text: string;
  try {
    checkSize(statSync(file).size);
    text = readFileSync(file, 'utf8');
    // Bytes that are not UTF-8 are read as U+FFFD (3 bytes): the text is what the import gets.
    checkSize(Buffer.byteLength(text, 'utf8'));
  } catch (e) {
    if (e instanceof ICalendarLimitError) throw new ServiceError('invalid', `cannot import ${file}: ${e.message}`);
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return text;
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
      // Each warning names its line ('line 12: …'), in line order: what was skipped or read liberally.
      for (const w of r.warnings) say(`warning: ${w}`);
      const warned = r.warnings.length === 0 ? '' : `, ${r.warnings.length} ${r.warnings.length === 1 ? 'warning' : 'warnings'}`;
      print(
        `Imported ${file} into ${r.owner}/${r.calendar}: ${r.created} created, ${r.updated} updated, ` +
          `${r.unchanged} unchanged, ${r.cancelled} cancelled, ${r.skipped} skipped${warned}.`,
      );
    });
}
