import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerBooking } from './commands/booking.js';
import { registerCalendar } from './commands/calendar.js';
import { registerDemo } from './commands/demo.js';
import { registerEndpoint } from './commands/endpoint.js';
import { registerApp } from './commands/app.js';
import { registerFeed } from './commands/feed.js';
import { registerListen } from './commands/listen.js';
import { registerLogs } from './commands/logs.js';
import { registerMcp } from './commands/mcp.js';
import { registerMigrate } from './commands/migrate.js';
import { registerOwner } from './commands/owner.js';
import { registerRequest, registerRequester, registerTask } from './commands/request.js';
import { registerServe } from './commands/serve.js';
import { registerToken } from './commands/token.js';
import { describeFailure } from './errors.js';
import { printFailure, watchStdout } from './output.js';

/**
 * `calendar-access`: serve the API and manage its data. Exit status: 0 done, 1 the command failed
 * (a service refused it, the data folder is busy, ...), 2 it was called wrongly. With `--json`,
 * an error is JSON on stdout too, whatever kind it is (commander's own usage errors included).
 */
function buildProgram(json: boolean): Command {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const program = new Command('calendar-access')
    .description('Lets software read a calendar owner\'s data through an HTTP API, within the scopes the owner granted.')
    .version(version)
    .option('--data-dir <dir>', 'PGlite data folder (also DATA_DIR; default ./data); unused with DATABASE_URL')
    .configureHelp({ showGlobalOptions: true })
    // Inherited by every subcommand registered below: with --json, commander's messages come back as JSON from the catch.
    .configureOutput({ outputError: (text, write) => (json ? undefined : write(text)) })
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerOwner(program);
  registerToken(program);
  registerApp(program);
  registerDemo(program);
  registerFeed(program);
  registerEndpoint(program);
  registerCalendar(program);
  registerBooking(program);
  registerRequest(program);
  registerTask(program);
  registerRequester(program);
  registerListen(program);
  registerLogs(program);
  registerMcp(program);
  // Subcommands report usage errors through the same override.
  for (const cmd of program.commands) {
    cmd.exitOverride();
    for (const sub of cmd.commands) sub.exitOverride();
  }
  return program;
}

/** `--json` among the options (before a `--` that ends them): errors are then printed as JSON. */
function wantsJson(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes('--json');
}

function exitCodeFor(e: unknown, json: boolean): number {
  // commander has printed the help or the version already
  if (e instanceof CommanderError && (e.code === 'commander.helpDisplayed' || e.code === 'commander.version')) return 0;
  const failure = describeFailure(e);
  // commander has printed its own usage error already, unless it was asked for JSON
  if (!(e instanceof CommanderError) || json) printFailure(failure, json);
  return failure.exitCode;
}

watchStdout();
const json = wantsJson(process.argv.slice(2));
try {
  await buildProgram(json).parseAsync(process.argv);
} catch (e) {
  process.exitCode = exitCodeFor(e, json);
}
// Everything is closed by now; should a stray handle linger, do not hang the shell.
setTimeout(() => process.exit(), 2000).unref();
