import { eq } from 'drizzle-orm';
import { AGREEMENT_MESSAGES, deriveAgreementStatus, type TAgreementValues, type TSessionUser } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import type { PluginScope } from '../../platform/plugins/registry';
import { findCompany } from '../companies/index';
import { findProperty } from '../properties/index';
import { invoiceCycleExists, paymentTypeExists } from '../settings/index';
import * as repo from './agreements.repo';
import * as links from './agreement-properties.repo';
import { auditRow } from './agreements.presenter';
import { agreementProperties, agreements, type AgreementRow } from './agreements.table';
import { pgErrorOf } from './lease-calendar';
import { publishAgreementEvent } from './agreement-events';
import { tellLeaseChanged } from './lease-changes';

export type Actor = AuditActor & { user: TSessionUser };
export interface Calendar {
  today: string;
  windowDays: number;
}

/**
 * The database refuses a second live agreement of a property over an overlapping period
 * (exclusion constraint `agreement_properties_no_overlap`); that refusal, whenever it comes, is
 * the spec's message. A duplicate agreement number racing past the pre-check is a 400 too.
 */
export async function withLeaseRules<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === '23P01' || (pg?.code === '23505' && pg.constraint === 'agreement_properties_pair_unique')) {
      throw new AppError('CONFLICT', AGREEMENT_MESSAGES.alreadyLeased);
    }
    if (pg?.code === '23505' && pg.constraint === 'agreements_number_unique') throw fieldError('agreementNum', AGREEMENT_MESSAGES.duplicateNumber);
    throw error;
  }
}

async function checkReferences(tx: Tx, values: TAgreementValues, current: AgreementRow | null): Promise<void> {
  const same = await repo.findAgreementByNumber(tx, values.agreementNum);
  if (same && same.id !== current?.id) throw fieldError('agreementNum', AGREEMENT_MESSAGES.duplicateNumber);
  // The owner must be Active when chosen; an agreement keeps its owner if the company later changes status.
  if (!current || current.companyId !== values.tenantId) {
    if ((await findCompany(tx, values.tenantId))?.status !== 'Active') throw fieldError('tenantId', AGREEMENT_MESSAGES.ownerNotActive);
  }
  if (!(await invoiceCycleExists(tx, values.invoiceCycleId))) throw fieldError('invoiceCycleId', 'Invoice Cycle not found');
  if (!(await paymentTypeExists(tx, values.rentAdjustmentType))) throw fieldError('rentAdjustmentType', 'Rent Adjustment Type not found');
}

function columnsOf(values: TAgreementValues, calendar: Calendar) {
  return {
    title: values.title,
    agreementNum: values.agreementNum,
    description: values.description,
    // Archived is chosen by hand; every other status follows the dates (see deriveAgreementStatus).
    status: deriveAgreementStatus(values.status, values.endDate, calendar.today, calendar.windowDays),
    startDate: values.startDate,
    endDate: values.endDate,
    renewable: values.renewable,
    leaseTerms: values.leaseTerms,
    companyId: values.tenantId,
    invoiceCycleId: values.invoiceCycleId,
    rentAdjustmentTypeId: values.rentAdjustmentType,
    adjustmentDate: values.adjustmentDate,
    adjustmentFreq: values.adjustmentFreq,
    // GASB 87 inputs: left out of the call, they stay as stored (the column defaults on create).
    ...(values.gasbRenewalCertain === undefined ? {} : { gasbRenewalCertain: values.gasbRenewalCertain }),
    ...(values.gasbRenewalEnd === undefined ? {} : { gasbRenewalEnd: values.gasbRenewalEnd }),
    ...(values.gasbDiscountRate === undefined ? {} : { gasbDiscountRate: values.gasbDiscountRate }),
    ...(values.gasbRegulated === undefined ? {} : { gasbRegulated: values.gasbRegulated }),
  };
}

export async function createAgreement(tx: Tx, actor: Actor, values: TAgreementValues, calendar: Calendar, scope?: PluginScope): Promise<AgreementRow> {
  await checkReferences(tx, values, null);
  const [row] = await withLeaseRules(() => tx.insert(agreements).values(columnsOf(values, calendar)).returning());
  await recordAudit(tx, actor, { action: 'create', entity: 'agreement', entityId: row!.id, after: auditRow(row!) });
  await publishAgreementEvent(tx, row!, 'Created');
  await tellLeaseChanged(scope, tx, { agreementId: row!.id, effectiveDate: row!.startDate });
  return row!;
}

/** Lock the agreement and refuse any change to an Archived one (read-only for everyone). */
export async function lockOpenAgreement(tx: Tx, id: string): Promise<AgreementRow> {
  const current = await repo.lockAgreement(tx, id);
  if (!current) throw notFound('Agreement not found');
  if (current.status === 'Archived') throw new AppError('CONFLICT', AGREEMENT_MESSAGES.archived);
  return current;
}

export async function updateAgreement(scope: PluginScope, tx: Tx, actor: Actor, id: string, values: TAgreementValues, calendar: Calendar): Promise<AgreementRow> {
  const current = await lockOpenAgreement(tx, id);
  await checkReferences(tx, values, current);
  const [updated] = await withLeaseRules(async () => {
    const rows = await tx.update(agreements).set({ ...columnsOf(values, calendar), updatedAt: new Date() }).where(eq(agreements.id, id)).returning();
    // The properties carry the agreement's period: a longer period may now overlap another lease.
    await tx
      .update(agreementProperties)
      .set({ startDate: rows[0]!.startDate, endDate: rows[0]!.endDate, archived: rows[0]!.status === 'Archived' })
      .where(eq(agreementProperties.agreementId, id));
    return rows;
  });
  // A longer period may now cover a property made Inactive after the lease had ended.
  for (const link of await links.listAgreementProperties(scope, tx, id, calendar.today)) refuseInactiveUnderLease(link.status, updated!, calendar.today);
  await recordAudit(tx, actor, { action: 'update', entity: 'agreement', entityId: id, before: auditRow(current), after: auditRow(updated!) });
  await publishAgreementEvent(tx, updated!, 'Updated');
  await tellLeaseChanged(scope, tx, { agreementId: id, effectiveDate: values.gasbModificationDate ?? null });
  return updated!;
}

/**
 * A property under a lease that has not ended is never Inactive (PRODUCT-RULES 31): otherwise the
 * listings would show it Inactive while the rent roll lists it as leased.
 */
function refuseInactiveUnderLease(propertyStatus: string, lease: Pick<AgreementRow, 'endDate' | 'status'>, today: string): void {
  const hasEnded = lease.status === 'Archived' || (lease.endDate !== null && lease.endDate < today);
  if (propertyStatus === 'Inactive' && !hasEnded) throw new AppError('CONFLICT', AGREEMENT_MESSAGES.propertyInactive);
}

/** Add a property for the agreement's period; the database refuses an overlapping live lease. */
export async function addAgreementProperty(tx: Tx, actor: Actor, agreementId: string, propertyId: string, today: string, scope?: PluginScope): Promise<void> {
  const agreement = await lockOpenAgreement(tx, agreementId);
  // Locked, so a concurrent Make Inactive waits for this lease (and then sees it) or goes first.
  const property = await findProperty(tx, propertyId, true);
  if (!property) throw notFound('Property not found');
  refuseInactiveUnderLease(property.status, agreement, today);
  const [link] = await withLeaseRules(() =>
    tx
      .insert(agreementProperties)
      .values({ agreementId, propertyId, startDate: agreement.startDate, endDate: agreement.endDate, archived: false })
      .returning(),
  );
  await recordAudit(tx, actor, { action: 'create', entity: 'agreementProperty', entityId: link!.id, after: { agreementId, propertyId } });
  // The property is on the agreement for its whole period: the lease is measured again from commencement.
  await tellLeaseChanged(scope, tx, { agreementId, effectiveDate: agreement.startDate });
}

/** Remove a property (Property admins): its deposit, insurances and aircraft records go with it. */
export async function removeAgreementProperty(tx: Tx, actor: Actor, agreementId: string, propertyId: string, scope?: PluginScope): Promise<void> {
  const agreement = await lockOpenAgreement(tx, agreementId);
  const [link] = await tx
    .delete(agreementProperties)
    .where(eq(agreementProperties.id, (await findLinkId(tx, agreementId, propertyId))))
    .returning();
  await recordAudit(tx, actor, { action: 'delete', entity: 'agreementProperty', entityId: link!.id, before: { agreementId, propertyId } });
  // Removing a property removes its whole period (and its records): measured again from commencement.
  await tellLeaseChanged(scope, tx, { agreementId, effectiveDate: agreement.startDate });
}

export async function findLinkId(tx: Tx, agreementId: string, propertyId: string): Promise<string> {
  const link = await links.findLinkByPair(tx, agreementId, propertyId);
  if (!link) throw notFound('Property is not part of this agreement');
  return link.id;
}
