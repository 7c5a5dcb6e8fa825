import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AIRPORT_PROVISIONERS } from '../../platform/tenancy/index';
import { attachmentOwners, type AttachmentOwner } from '../attachments/index';
import { propertyLeases, propertyRentChanges } from '../properties/index';
import { agreementPropertiesRoutes } from './agreement-properties.routes';
import { findInsurance, findLinkById } from './agreement-properties.repo';
import { agreementScopeOf, isLeaseAdmin, isPropertyAdmin } from './agreements.policy';
import { findAgreement } from './agreements.repo';
import { agreementsRoutes } from './agreements.routes';
import { agreementsLeaseSource } from './lease-source';
import { rentChangesOfLeases } from './lease-changes';
import { propertyItemsRoutes } from './property-items.routes';
import { CERTIFICATE_OWNER } from './insurance-certificates.service';
import { insuranceComplianceRoutes } from './insurance-compliance.routes';
import { INSURANCE_REMINDER_CRON, INSURANCE_REMINDER_JOB, provisionInsuranceReminderRule, runInsuranceReminderJob } from './insurance-reminders.job';
import { RENT_ADJUSTMENT_CRON, RENT_ADJUSTMENT_JOB, runRentAdjustmentJob } from './rent-adjustment.job';
import { rentAdjustmentRoutes } from './rent-adjustment.routes';
import { AGREEMENT_STATUS_CRON, AGREEMENT_STATUS_JOB, runAgreementStatusJob } from './status-job';

/**
 * Documents and remarks of an agreement or of one property of it: readable by whoever reads the
 * agreement (a tenant: their own company's); added by Lease and Property admins while not Archived.
 */
function agreementOwner(resolve: (id: string, db: Parameters<AttachmentOwner['canRead']>[2]) => Promise<string | null>): AttachmentOwner {
  const readable = async (user: Parameters<AttachmentOwner['canRead']>[0], id: string, db: Parameters<AttachmentOwner['canRead']>[2]) => {
    const agreementId = await resolve(id, db);
    if (!agreementId) return null;
    try {
      return await findAgreement(db, agreementId, agreementScopeOf(user));
    } catch {
      return null; // no agreement access at all: not found, like the agreement itself
    }
  };
  return {
    module: 'Lease',
    canRead: async (user, id, db) => !!(await readable(user, id, db)),
    canWrite: async (user, id, db) => {
      const agreement = await readable(user, id, db);
      return !!agreement && agreement.status !== 'Archived' && (isLeaseAdmin(user) || isPropertyAdmin(user));
    },
  };
}

/** Lease agreements: the module's public door. */
export async function registerAgreements(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await agreementsRoutes(app, ctx);
  await agreementPropertiesRoutes(app, ctx);
  await propertyItemsRoutes(app, ctx);
  await rentAdjustmentRoutes(app, ctx);
  await insuranceComplianceRoutes(app, ctx);
  ctx.plugins.provide(propertyLeases, 'agreements', agreementsLeaseSource);
  ctx.plugins.provide(propertyRentChanges, 'agreements', rentChangesOfLeases(ctx));
  ctx.plugins.provide(attachmentOwners, 'agreement', agreementOwner(async (id) => id));
  ctx.plugins.provide(attachmentOwners, 'agreementProperty', agreementOwner(async (id, db) => (await findLinkById(db, id))?.agreementId ?? null));
  // Certificates (issue 24): read by whoever reads the insurance's agreement; written through the
  // certificate calls only (staff, or the tenant's upload), which check their own rules.
  ctx.plugins.provide(attachmentOwners, CERTIFICATE_OWNER, {
    ...agreementOwner(async (id, db) => (await findInsurance(db, id))?.agreementId ?? null),
    canWrite: async () => false,
  });
  // A new airport reminds tenants at once: the default "Insurance certificate expiring" rule.
  ctx.plugins.provide(AIRPORT_PROVISIONERS, 'insurance-reminders', provisionInsuranceReminderRule);
  ctx.jobs.schedule(INSURANCE_REMINDER_JOB, INSURANCE_REMINDER_CRON, async () => {
    const run = await runInsuranceReminderJob(ctx.db);
    ctx.log.info({ today: run.today, sent: run.sent }, 'insurance reminders sent');
  });
  ctx.jobs.schedule(AGREEMENT_STATUS_JOB, AGREEMENT_STATUS_CRON, async () => {
    const run = await runAgreementStatusJob(ctx.db);
    ctx.log.info({ today: run.today, changed: run.changed.length, insurancesAlerted: run.insurancesAlerted }, 'agreement statuses updated');
  });
  ctx.jobs.schedule(RENT_ADJUSTMENT_JOB, RENT_ADJUSTMENT_CRON, async () => {
    const run = await runRentAdjustmentJob(ctx.db);
    for (const skip of run.skipped) ctx.log.warn({ agreementId: skip.agreementId, reason: skip.reason }, 'rent adjustment skipped');
    ctx.log.info({ today: run.today, applied: run.applied, skipped: run.skipped.length }, 'rent adjustments applied');
  });
}

export {
  agreementPaymentTypeIdSql, cycleAgreementIdsSql, findAgreementFacts, findAgreementToInvoice, latestAgreementPaymentTypeIdSql, listCycleAgreements, listRentLinks,
  type CycleAgreement, type CycleAgreementColumns, type RentLink,
} from './invoicing';
export { currentAgreementOptionsSql, listCurrentAgreementOptions } from './agreement-options';
export { expiringCounts, insuranceDirectory, leasedPropertiesOn } from './report-facts';
/** Insurance compliance (issue 24) for the report and the dashboard tile: the one definition. */
export { complianceCounts, complianceReport } from './insurance-compliance.service';
export { agreementNumbersByIds, findAgreementsByKeys } from './agreement-refs';
/** Import and export of insurances (issue 23): an insurance belongs to a property of an agreement. */
export { insurancesImportKind } from './insurances.import';
export { createAgreementsImport } from './agreements.import';
/** GASB 87 (modules/gasb87): the lease terms it measures and the hook that tells it of a change. */
export { findLeaseTerms, leaseLabels, listAgreementsWhere, type LeaseTerms, type LeaseTermsLink } from './lease-terms';
export { leaseChanged, type LeaseChange } from './lease-changes';
