import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Jobs } from './jobs/jobs';
import type { FileStorage } from './files/storage';
import type { PluginRegistry } from './plugins/registry';

/**
 * What every module receives when it registers: configuration, the database and the platform
 * services. Platform services are added here as they are built (mail, files, jobs, payments).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** Cron schedules and queues (pg-boss); started by `Services.start`, never in tests unless asked. */
  jobs: Jobs;
  /** Uploaded files (disk under DATA_DIR, or S3). */
  files: FileStorage;
  /** What modules plug into each other within a transaction, for this app only (platform/plugins). */
  plugins: PluginRegistry;
}
