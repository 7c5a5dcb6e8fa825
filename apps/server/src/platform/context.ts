import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';

/**
 * What every module receives when it registers: configuration, the database and the platform
 * services. Platform services are added here as they are built (mail, files, jobs, payments).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
}
