import type { Logger } from 'pino';

/**
 * What the process does with an error nobody handled (docs/architecture.md "Errors nobody
 * handled"); main.ts installs it before anything else runs.
 *
 * - A rejected promise nobody awaited (a library's fire-and-forget call, such as pg-boss 10
 *   recording a job's outcome without awaiting it while the database is away) is logged with its
 *   stack, and the process keeps serving: that promise's work failed, the process's state did
 *   not. Node's default would end the process and every request in flight with it.
 * - An exception thrown out of a callback unwound a stack half-way through its work, so nothing
 *   vouches for the state it left: logged, then the process exits with 1 for its supervisor
 *   (systemd, the container runtime) to restart.
 */
export function installProcessGuards(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'a rejected promise nobody handled; the process keeps running');
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'an exception nobody caught; the process exits to be restarted');
    process.exit(1);
  });
}
