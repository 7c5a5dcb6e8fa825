import { eq } from 'drizzle-orm';
import { toCents, type TSecurityDepositValues } from '@apron/core';
import { z } from 'zod';
import { ZAircraftFields, ZInsuranceFields } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/errors/app-error';
import * as links from './agreement-properties.repo';
import { isLeaseAdmin } from './agreements.policy';
import { auditRow } from './agreements.presenter';
import { findLinkId, lockOpenAgreement, type Actor } from './agreements.service';
import { aircraft, insurances, securityDeposits, type AircraftRow, type InsuranceRow, type SecurityDepositRow } from './agreements.table';
import { insuranceTypeExists } from '../settings/index';

type InsuranceValues = z.output<typeof ZInsuranceFields>;
type AircraftValues = z.output<typeof ZAircraftFields>;

export const APPROVE_ONLY_LEASE_ADMINS = 'Only Lease admins may approve insurance.';

// ---- Security deposit (Property admins; the route checks) ------------------------------------
export async function saveDeposit(tx: Tx, actor: Actor, agreementId: string, propertyId: string, values: TSecurityDepositValues): Promise<SecurityDepositRow> {
  await lockOpenAgreement(tx, agreementId);
  const linkId = await findLinkId(tx, agreementId, propertyId);
  const before = await links.findDeposit(tx, linkId);
  const columns = {
    amountCents: toCents(values.amount),
    received: values.received,
    returned: values.returned,
    paymentDate: values.paymentDate,
    returnDate: values.returnDate,
    paymentMethod: values.paymentMethod,
    returnDesc: values.returnDesc,
  };
  const [row] = await tx
    .insert(securityDeposits)
    .values({ agreementPropertyId: linkId, ...columns })
    .onConflictDoUpdate({ target: securityDeposits.agreementPropertyId, set: { ...columns, updatedAt: new Date() } })
    .returning();
  await recordAudit(tx, actor, {
    action: before ? 'update' : 'create', entity: 'securityDeposit', entityId: linkId, before: before ? auditRow(before) : undefined, after: auditRow(row!),
  });
  return row!;
}

// ---- Insurances ------------------------------------------------------------------------------
async function checkInsuranceType(tx: Tx, id: string): Promise<void> {
  if (!(await insuranceTypeExists(tx, id))) throw fieldError('insuranceType', 'Insurance Type not found');
}

/** isApproved (the spec's flag) and approvalStatus (issue 24) move together. */
function approvalColumns(isApproved: boolean) {
  return { isApproved, approvalStatus: isApproved ? 'Approved' : 'Pending', rejectionReason: null };
}

/**
 * What the certificate states. On create an absent limit is the max coverage (the one amount the
 * old form asks for); on update an absent field keeps its value.
 */
function certificateColumns(values: InsuranceValues, current: InsuranceRow | null) {
  const coverage = toCents(values.maxCoverageAmount);
  return {
    carrier: values.carrier ?? current?.carrier ?? '',
    policyNumber: values.policyNumber ?? current?.policyNumber ?? '',
    perOccurrenceLimitCents: values.perOccurrenceLimit !== undefined ? toCents(values.perOccurrenceLimit) : (current?.perOccurrenceLimitCents ?? coverage),
    aggregateLimitCents: values.aggregateLimit !== undefined ? toCents(values.aggregateLimit) : (current?.aggregateLimitCents ?? coverage),
    additionalInsured: values.additionalInsured ?? current?.additionalInsured ?? false,
    waiverOfSubrogation: values.waiverOfSubrogation ?? current?.waiverOfSubrogation ?? false,
  };
}

export async function createInsurance(tx: Tx, actor: Actor, agreementId: string, propertyId: string, values: InsuranceValues): Promise<InsuranceRow> {
  await lockOpenAgreement(tx, agreementId);
  const linkId = await findLinkId(tx, agreementId, propertyId);
  await checkInsuranceType(tx, values.insuranceType);
  if (values.isApproved && !isLeaseAdmin(actor.user)) throw fieldError('isApproved', APPROVE_ONLY_LEASE_ADMINS);
  const [row] = await tx
    .insert(insurances)
    .values({
      agreementPropertyId: linkId,
      insuranceTypeId: values.insuranceType,
      maxCoverageCents: toCents(values.maxCoverageAmount),
      startDate: values.startDate,
      endDate: values.endDate,
      ...approvalColumns(values.isApproved ?? false),
      ...certificateColumns(values, null),
    })
    .returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'insurance', entityId: row!.id, after: auditRow(row!) });
  return row!;
}

/** Edit; isApproved changes only for Lease admins (PRODUCT-RULES 15). A new end date may alert again. */
export async function updateInsurance(tx: Tx, actor: Actor, current: InsuranceRow, agreementId: string, values: InsuranceValues): Promise<InsuranceRow> {
  await lockOpenAgreement(tx, agreementId);
  await checkInsuranceType(tx, values.insuranceType);
  if (values.isApproved !== undefined && values.isApproved !== current.isApproved && !isLeaseAdmin(actor.user)) {
    throw fieldError('isApproved', APPROVE_ONLY_LEASE_ADMINS);
  }
  const [row] = await tx
    .update(insurances)
    .set({
      insuranceTypeId: values.insuranceType,
      maxCoverageCents: toCents(values.maxCoverageAmount),
      startDate: values.startDate,
      endDate: values.endDate,
      ...(values.isApproved !== undefined && values.isApproved !== current.isApproved && approvalColumns(values.isApproved)),
      ...certificateColumns(values, current),
      ...(values.endDate !== current.endDate && { expiryAlertedAt: null }),
      updatedAt: new Date(),
    })
    .where(eq(insurances.id, current.id))
    .returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'insurance', entityId: current.id, before: auditRow(current), after: auditRow(row!) });
  return row!;
}

export async function deleteInsurance(tx: Tx, actor: Actor, current: InsuranceRow, agreementId: string): Promise<void> {
  await lockOpenAgreement(tx, agreementId);
  await tx.delete(insurances).where(eq(insurances.id, current.id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'insurance', entityId: current.id, before: auditRow(current) });
}

// ---- Tenant / aircraft records ---------------------------------------------------------------
function aircraftColumns(values: AircraftValues) {
  return {
    tailNumber: values.tailNumber.toUpperCase(),
    make: values.make,
    model: values.model,
    airCraftType: values.airCraftType,
    ownerOrTenant: values.ownerortennat,
    owner: values.owner,
    address1: values.address1,
    address2: values.address2,
    insurance: values.insurance,
    start: values.start,
    end: values.end,
    facilityCode: values.facilitycode,
    accessCardNo: values.accesscardno,
    email: values.email,
    comments: values.comments,
    faaRegistry: values.faaRegistry,
  };
}

export async function createAircraft(tx: Tx, actor: Actor, agreementId: string, propertyId: string, values: AircraftValues): Promise<AircraftRow> {
  await lockOpenAgreement(tx, agreementId);
  const linkId = await findLinkId(tx, agreementId, propertyId);
  const [row] = await tx.insert(aircraft).values({ agreementPropertyId: linkId, ...aircraftColumns(values) }).returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'aircraft', entityId: row!.id, after: auditRow(row!) });
  return row!;
}

export async function updateAircraft(tx: Tx, actor: Actor, current: AircraftRow, agreementId: string, values: AircraftValues): Promise<AircraftRow> {
  await lockOpenAgreement(tx, agreementId);
  const [row] = await tx.update(aircraft).set({ ...aircraftColumns(values), updatedAt: new Date() }).where(eq(aircraft.id, current.id)).returning();
  if (!row) throw notFound('Aircraft not found');
  await recordAudit(tx, actor, { action: 'update', entity: 'aircraft', entityId: current.id, before: auditRow(current), after: auditRow(row) });
  return row;
}

export async function deleteAircraft(tx: Tx, actor: Actor, current: AircraftRow, agreementId: string): Promise<void> {
  await lockOpenAgreement(tx, agreementId);
  await tx.delete(aircraft).where(eq(aircraft.id, current.id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'aircraft', entityId: current.id, before: auditRow(current) });
}
