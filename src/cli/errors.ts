/** A command was called wrongly (bad option value, bad configuration): exit status 2. */
export class UsageError extends Error {}

/**
 * The data folder is held by another process that does not take commands (a CLI command running on
 * it, or a server without its admin channel): exit status 1 with the holder named.
 */
export class FolderBusyError extends Error {}

/** The serving process failed while running a command sent to it. */
export class RemoteError extends Error {}
