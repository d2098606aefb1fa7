import { CommanderError } from 'commander';
import { ServiceError, type ServiceErrorKind } from '../domain/service-error.js';
import { ServeError } from '../server/serve-error.js';

/** A command was called wrongly (bad option value, bad configuration): exit status 2. */
export class UsageError extends Error {}

/**
 * The data folder is held by another process that does not take commands (a CLI command running on
 * it, or a server without its admin channel): exit status 1 with the holder named.
 */
export class FolderBusyError extends Error {}

/** The serving process failed while running a command sent to it. */
export class RemoteError extends Error {}

/** The command ran and did not achieve what it was asked (`listen` could not forward): exit status 1. */
export class CommandFailed extends Error {}

/** What `--json` prints for an error, as the API names its own: `{error: {code, message}}`. */
export type CliErrorCode = 'usage' | 'folder_busy' | 'remote_failed' | 'serve_failed' | 'failed' | 'internal' | ServiceErrorKind;

export interface CliFailure {
  code: CliErrorCode;
  message: string;
  exitCode: 1 | 2;
  /** Printed below the message for an unexpected fault: it helps whoever reports it. */
  stack?: string;
}

/**
 * Every way a command ends in error, in one table: its code, its message and its exit status (2
 * called wrongly, 1 failed). Commander's own errors (a missing option, ...) are usage errors.
 */
export function describeFailure(e: unknown): CliFailure {
  if (e instanceof CommanderError) return { code: 'usage', message: e.message.replace(/^error: /, ''), exitCode: 2 };
  if (e instanceof UsageError) return { code: 'usage', message: e.message, exitCode: 2 };
  if (e instanceof ServiceError) return { code: e.kind, message: e.message, exitCode: 1 };
  if (e instanceof FolderBusyError) return { code: 'folder_busy', message: e.message, exitCode: 1 };
  if (e instanceof RemoteError) return { code: 'remote_failed', message: e.message, exitCode: 1 };
  if (e instanceof ServeError) return { code: 'serve_failed', message: e.message, exitCode: 1 };
  if (e instanceof CommandFailed) return { code: 'failed', message: e.message, exitCode: 1 };
  const message = e instanceof Error ? e.message : String(e);
  // A system or database error carries a code and says enough; anything else is a fault of ours.
  const unexpected = e instanceof Error && !('code' in e) && e.stack;
  return { code: 'internal', message, exitCode: 1, ...(unexpected ? { stack: e.stack } : {}) };
}
