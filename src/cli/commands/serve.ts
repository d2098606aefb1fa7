import { Option, type Command } from 'commander';
import { ROLE_NAMES, type Role } from '../../server/roles/names.js';
import { commandConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { parsePort } from '../parse.js';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the API (migrations run at start). On PGlite, also takes CLI commands on <data-dir>/admin.sock.')
    .option('--port <n>', 'port to listen on (also PORT; default 3000; 0 picks a free one)', parsePort)
    .addOption(
      new Option('--role <role>', 'what this instance runs: api (HTTP only), worker (jobs and webhook deliveries; answers only health), all (both; the only role on PGlite)')
        .choices(ROLE_NAMES)
        .default('all'),
    )
    .action(async (opts: { port?: number; role: Role }, cmd: Command) => {
      const config = commandConfig(cmd, { port: opts.port });
      const [{ pino }, { startServer }, { requestLogFields }] = await Promise.all([import('pino'), import('../../server/serve.js'), import('../../http/request-context.js')]);
      let log;
      try {
        // Every line written while a request is answered names it (reqId), whoever writes it.
        log = pino({ level: config.logLevel, base: { pid: process.pid }, mixin: (_merge, _level, logger) => requestLogFields(logger.bindings()) });
      } catch (e) {
        throw new UsageError(`LOG_LEVEL: ${(e as Error).message}`);
      }
      const server = await startServer(config, log, opts.role);
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals) => {
          log.info({ signal }, `stopping (${signal})`);
          // A second signal while stopping ends the process at once.
          process.once('SIGINT', () => process.exit(130));
          process.once('SIGTERM', () => process.exit(143));
          // What has not finished by the grace time (and a few seconds to close) is left to its lease.
          setTimeout(() => {
            log.error({ graceMs: config.shutdownGraceMs }, 'could not stop within the grace time; leaving (leased work is taken up again when its lease ends)');
            process.exit(1);
          }, config.shutdownGraceMs + 10_000).unref();
          server.stop().then(() => {
            log.info('stopped');
            resolve();
          }, (e: unknown) => {
            log.error({ err: e }, 'could not stop cleanly');
            process.exitCode = 1;
            resolve();
          });
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
