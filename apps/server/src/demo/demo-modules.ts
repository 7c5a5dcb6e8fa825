import type { Config } from '../config';
import type { Db } from '../db/client';
import { settleEventsPublishedDuring } from '../platform/events/index';
import { seedDemoCompaniesAndAgreements } from '../modules/agreements/agreements.seed-support';
import { seedDemoProperties } from '../modules/properties/properties.seed-support';
import { demoApplicantIds, seedDemoWaitlist } from '../modules/waitlist/waitlist.seed-support';
import { seedDemoConversations } from '../modules/chat/chat.seed-support';
import { seedDemoBilling } from '../modules/balances/balances.seed-support';
import { seedDemoGeneratedInvoices } from '../modules/invoices/invoices.seed-support';
import { seedDemoInspections } from '../modules/inspections/inspections.seed-support';
import { seedDemoWorkorders } from '../modules/workorders/workorders.seed-support';
import { seedDemoTiedowns } from '../modules/tiedowns/tiedowns.seed-support';
import { seedDemoCommunications } from '../modules/notifications/notifications.seed-support';
import { seedDemoAlerts } from '../modules/alerts/alerts.seed-support';
import { seedDemoReports } from '../modules/reports/reports.seed-support';
import { seedDemoAssets } from '../modules/assets/assets.seed-support';
import { seedDemoLeaseMeasurements } from '../modules/gasb87/gasb87.seed-support';
import { seedDemoTenantDocuments } from './tenant-documents';

/**
 * Each module's demo data, parents first; every step is idempotent. The seed's changes publish
 * events like any change; they are history, not news: settled, nobody notified. Returns how many
 * events were settled. The seeders come from each module's `*.seed-support.ts`, which only the
 * demo, bench/ and tests may import (docs/adr/0004, "Doors"), so start-up reaches them through here.
 */
export async function seedDemoModules(db: Db, config: Config): Promise<number> {
  return settleEventsPublishedDuring(db, async () => {
    await seedDemoProperties(db, config);
    await seedDemoWaitlist(db, config);
    await seedDemoConversations(db, await demoApplicantIds(db, 4));
    await seedDemoCompaniesAndAgreements(db, config);
    await seedDemoInspections(db);
    await seedDemoWorkorders(db);
    await seedDemoBilling(db, config);
    await seedDemoGeneratedInvoices(db, config);
    await seedDemoTiedowns(db, config);
    await seedDemoTenantDocuments(db, config);
    await seedDemoCommunications(db, config);
    await seedDemoAlerts(db, config);
    await seedDemoReports(db, config);
    await seedDemoAssets(db);
    // GASB 87: the demo's leases measured now, so the controller's reports show them at once.
    await seedDemoLeaseMeasurements(db);
  });
}
