import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { TSessionUser } from '@apron/core';
import type { Config } from './config';
import type { Database } from './db/client';
import { ensureFirstAdmin } from './modules/accounts/index';
import { ensureSystemSettings } from './modules/settings/index';
import { seedDemo } from './demo/seed';
import { settleEventsPublishedDuring } from './platform/events/index';
import { seedDemoCompaniesAndAgreements } from './modules/agreements/index';
import { seedDemoProperties } from './modules/properties/index';
import { demoApplicantIds, seedDemoWaitlist } from './modules/waitlist/index';
import { seedDemoConversations } from './modules/chat/index';
import { seedDemoBilling } from './modules/balances/index';
import { seedDemoGeneratedInvoices } from './modules/invoices/index';
import { seedDemoInspections } from './modules/inspections/index';
import { seedDemoWorkorders } from './modules/workorders/index';
import { seedDemoTiedowns } from './modules/tiedowns/index';
import { seedDemoTenantDocuments } from './demo/tenant-documents';
import { seedDemoCommunications } from './modules/notifications/index';
import { seedDemoAlerts } from './modules/alerts/index';
import { seedDemoReports } from './modules/reports/index';
import { seedDemoAssets } from './modules/assets/index';
import { createBearerVerifier } from './modules/identity/index';

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
  await database.exclusive(async () => {
    await ensureSystemSettings(database.db);
    // Demo accounts first: a demo database then needs no generated first-admin password.
    await seedDemo(database.db, config, log);
    if (config.demo) {
      // Each module's demo data, parents first; every step is idempotent. The seed's changes
      // publish events like any change; they are history, not news: settled, nobody notified.
      const settled = await settleEventsPublishedDuring(database.db, async () => {
        await seedDemoProperties(database.db, config);
        await seedDemoWaitlist(database.db, config);
        await seedDemoConversations(database.db, await demoApplicantIds(database.db, 4));
        await seedDemoCompaniesAndAgreements(database.db, config);
        await seedDemoInspections(database.db);
        await seedDemoWorkorders(database.db);
        await seedDemoBilling(database.db, config);
        await seedDemoGeneratedInvoices(database.db, config);
        await seedDemoTiedowns(database.db, config);
        await seedDemoTenantDocuments(database.db, config);
        await seedDemoCommunications(database.db, config);
        await seedDemoAlerts(database.db, config);
        await seedDemoReports(database.db, config);
        await seedDemoAssets(database.db);
      });
      if (settled > 0) log.info({ settled }, 'demo seed: its events are marked delivered without notifying anyone');
    }
    await ensureFirstAdmin(database.db, config, (line) => log.warn(line));
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
