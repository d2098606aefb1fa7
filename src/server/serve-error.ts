/** `serve` cannot start: the folder is served already, the port is taken, ... (exit status 1). */
export class ServeError extends Error {}
