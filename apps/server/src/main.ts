// First: traces must be started before the modules below load `pg` and `http`.
import { tracing } from './tracing';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { buildApp, loggerOptions } from './app';
import { bootstrap } from './bootstrap';
import { installProcessGuards } from './process-guards';
import { applyHeapGrowth, collectAfterStart } from './heap-growth';

/** read config -> open db -> migrate -> bootstrap -> build app -> listen -> shutdown hooks */
async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  applyHeapGrowth(config.heapGrowthPercent);
  const log = pino(loggerOptions(config.logLevel));
  // Before the database opens: a blip there must not end the process through a promise nobody awaited.
  installProcessGuards(log);
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      log.fatal(error.message);
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();
  const services = await bootstrap(config, database, log);

  const app = await buildApp({ config, database, verifyBearer: services.verifyBearer, logger: loggerOptions(config.logLevel) });

  let closing = false;
  // The job system's start, once begun. A stop signal that comes while it starts waits for it, then
  // stops it: stopped half-way, pg-boss went on querying a pool already ended.
  let starting: Promise<void> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await starting.catch(() => undefined);
      await app.close();
      await services.stop();
      await database.close();
      // The last spans (this shutdown's requests) leave before the process does.
      await tracing?.shutdown();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Background jobs start once the portal answers: serving does not wait for the job queue.
  starting = services.start(app);
  await starting;
  if (config.heapGrowthPercent > 0) collectAfterStart();
  log.info(`Apron is serving ${config.publicUrl}${config.demo ? ' (demo data)' : ''}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
