import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ServiceError } from '../domain/service-error.js';
import { registerBooking } from './commands/booking.js';
import { registerCalendar } from './commands/calendar.js';
import { registerDemo } from './commands/demo.js';
import { registerEndpoint } from './commands/endpoint.js';
import { registerFeed } from './commands/feed.js';
import { registerListen } from './commands/listen.js';
import { registerMigrate } from './commands/migrate.js';
import { registerOwner } from './commands/owner.js';
import { registerRequest, registerRequester, registerTask } from './commands/request.js';
import { registerServe } from './commands/serve.js';
import { registerToken } from './commands/token.js';
import { ServeError } from '../server/serve-error.js';
import { FolderBusyError, RemoteError, UsageError } from './errors.js';

/**
 * `calendar-access`: serve the API and manage its data. Exit status: 0 done, 1 the command failed
 * (a service refused it, the data folder is busy, ...), 2 it was called wrongly.
 */
function buildProgram(): Command {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const program = new Command('calendar-access')
    .description('Lets software read a calendar owner\'s data through an HTTP API, within the scopes the owner granted.')
    .version(version)
    .option('--data-dir <dir>', 'PGlite data folder (also DATA_DIR; default ./data); unused with DATABASE_URL')
    .configureHelp({ showGlobalOptions: true })
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerOwner(program);
  registerToken(program);
  registerDemo(program);
  registerFeed(program);
  registerEndpoint(program);
  registerCalendar(program);
  registerBooking(program);
  registerRequest(program);
  registerTask(program);
  registerRequester(program);
  registerListen(program);
  // Subcommands report usage errors through the same override.
  for (const cmd of program.commands) {
    cmd.exitOverride();
    for (const sub of cmd.commands) sub.exitOverride();
  }
  return program;
}

const EXPECTED = [UsageError, ServiceError, FolderBusyError, RemoteError, ServeError];

function exitCodeFor(e: unknown): number {
  if (e instanceof CommanderError) {
    // commander has printed the message, or the help, already
    return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2;
  }
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`calendar-access: ${message}\n`);
  // An unexpected fault (not a refusal, nor a system or database error with a code): the stack helps whoever reports it.
  if (e instanceof Error && !EXPECTED.some((k) => e instanceof k) && !('code' in e) && e.stack) process.stderr.write(`${e.stack}\n`);
  return e instanceof UsageError ? 2 : 1;
}

try {
  await buildProgram().parseAsync(process.argv);
} catch (e) {
  process.exitCode = exitCodeFor(e);
}
// Everything is closed by now; should a stray handle linger, do not hang the shell.
setTimeout(() => process.exit(), 2000).unref();
