import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describeJsonFault } from '../../http/json-syntax.js';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { execute } from '../execute.js';
import { print, printJson } from '../output.js';

/** Reads the settings document: a file, or standard input for "-". */
function readSettings(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    // Where and what, as the API says it of a body: "a property name in double quotes is expected at line 1 column 2".
    throw new UsageError(`${file === '-' ? 'standard input' : file} is not JSON: ${describeJsonFault(text) ?? (e as Error).message}`);
  }
}

export function registerBooking(program: Command): void {
  const booking = program.command('booking').description("An owner's booking settings: hours, notice, window, buffers, holidays, appointment types (docs/availability.md, \"Booking settings\").");

  booking
    .command('get')
    .description('Print the booking settings as JSON (the document `booking set` takes).')
    .requiredOption('--owner <u>', 'username of the owner')
    .action(async (opts: { owner: string }, cmd: Command) => {
      printJson(await execute(commandConfig(cmd), 'booking.get', { owner: opts.owner }));
    });

  booking
    .command('set')
    .description('Replace the booking settings with a JSON document (as `booking get` prints); "-" reads standard input.')
    .requiredOption('--owner <u>', 'username of the owner')
    .requiredOption('--file <f>', 'the JSON document, or - for standard input')
    .option('--json', 'print the settings as stored')
    .action(async (opts: { owner: string; file: string; json?: boolean }, cmd: Command) => {
      const settings = readSettings(opts.file);
      const result = await execute(commandConfig(cmd), 'booking.set', { owner: opts.owner, settings });
      if (opts.json) printJson(result);
      else print(`Booking for ${opts.owner} is ${result.enabled ? 'on' : 'off'}, with ${result.appointmentTypes.length} appointment type(s).`);
    });
}
