import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { TSessionUser } from '@apron/core';
import type { Config } from './config';
import type { Database } from './db/client';
import { ensureFirstAdmin } from './modules/accounts/index';
import { ensureSystemSettings } from './modules/settings/index';
import { seedDemo } from './demo/seed';
import { seedDemoModules } from './demo/demo-modules';
import { seedDemoReliever } from './demo/reliever';
import { createBearerVerifier } from './modules/identity/index';
import { listAirports, withAirport } from './platform/tenancy/index';

/**
 * Start-up work after migrations: the first administrator on an empty database, demo data in
 * demo mode, and the background services (jobs) that run beside the HTTP server.
 */
export interface Services {
  verifyBearer?: (token: string) => Promise<TSessionUser | null>;
  start(app: FastifyInstance): Promise<void>;
  stop(): Promise<void>;
}

export async function bootstrap(config: Config, database: Database, log: Logger): Promise<Services> {
  // Every seed checks, then inserts: under the migrations' lock, instances starting together on
  // an empty database take turns (the second finds the first one's rows) instead of colliding.
  // Each seed works at an airport (platform/tenancy): settings at every airport, the demo and the
  // first administrator at the first.
  await database.exclusive(async () => {
    const airports = await listAirports(database.db);
    for (const airport of airports) await withAirport(airport.id, () => ensureSystemSettings(database.db));
    await withAirport(airports[0]!.id, async () => {
      // Demo accounts first: a demo database then needs no generated first-admin password.
      await seedDemo(database.db, config, log);
      if (config.demo) {
        // Each module's demo data (demo/demo-modules.ts); its events are settled, nobody notified.
        const settled = await seedDemoModules(database.db, config);
        if (settled > 0) log.info({ settled }, 'demo seed: its events are marked delivered without notifying anyone');
      }
      await ensureFirstAdmin(database.db, config, (line) => log.warn(line));
    });
    // The demo's second airport, a reliever field with data of its own (demo/reliever.ts).
    await seedDemoReliever(database.db, config, log);
  });
  let jobs: FastifyInstance['jobs'] | null = null;
  return {
    verifyBearer: createBearerVerifier(config, database.db),
    start: async (app) => {
      jobs = app.jobs;
      await jobs.start();
    },
    stop: async () => {
      await jobs?.stop();
    },
  };
}
