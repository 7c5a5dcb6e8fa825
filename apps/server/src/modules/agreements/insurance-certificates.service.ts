import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { CERTIFICATE_MIME_TYPES, toCents, UNSUPPORTED_CERTIFICATE_MESSAGE, type TSessionUser } from '@apron/core';
import type { z } from 'zod';
import type { ZTenantCertificateUpload } from '@apron/core';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors/app-error';
import { storeDocument, type IncomingFile } from '../attachments/index';
import { insuranceTypeExists } from '../settings/index';
import { auditRow } from './agreements.presenter';
import { isLeaseAdmin } from './agreements.policy';
import type { SignedInActor as Actor } from '../../platform/audit/actor';
import { lockOpenAgreement } from './agreements.service';
import { agreementProperties, insurances, type InsuranceRow } from './agreements.table';
import { APPROVE_ONLY_LEASE_ADMINS } from './property-items.service';

/** Documents of owner type `insurance` are certificates (their read rule: attachments owner in index.ts). */
export const CERTIFICATE_OWNER = 'insurance';

const certificateOnly = { accept: CERTIFICATE_MIME_TYPES, unsupportedMessage: UNSUPPORTED_CERTIFICATE_MESSAGE };

/** Staff attach (or replace) the certificate of an insurance; its review is unchanged. */
export async function attachCertificate(ctx: AppContext, actor: Actor, current: InsuranceRow, agreementId: string, file: IncomingFile): Promise<void> {
  await storeDocument(ctx, actor, { ownerType: CERTIFICATE_OWNER, ownerId: current.id, typeId: null }, file, {
    ...certificateOnly,
    inTransaction: async (tx, document) => {
      await lockOpenAgreement(tx, agreementId);
      const [row] = await tx.update(insurances).set({ certificateId: document.id, updatedAt: new Date() }).where(eq(insurances.id, current.id)).returning();
      if (!row) throw notFound('Insurance not found');
      await recordAudit(tx, actor, { action: 'update', entity: 'insurance', entityId: current.id, before: auditRow(current), after: auditRow(row) });
    },
  });
}

type TenantUpload = z.output<typeof ZTenantCertificateUpload>;

/**
 * A tenant's certificate: a new insurance record, Pending until staff approve it, with the file as
 * its certificate, written together (a refused file or a bad field stores nothing).
 */
export async function uploadTenantCertificate(ctx: AppContext, actor: Actor, agreementId: string, values: TenantUpload, file: IncomingFile): Promise<string> {
  const insuranceId = randomUUID();
  await storeDocument(ctx, actor, { ownerType: CERTIFICATE_OWNER, ownerId: insuranceId, typeId: null }, file, {
    ...certificateOnly,
    inTransaction: async (tx, document) => {
      await lockOpenAgreement(tx, agreementId);
      const linkId = await linkForUpload(tx, agreementId, values.propertyId);
      if (!(await insuranceTypeExists(tx, values.insuranceTypeId))) throw fieldError('insuranceTypeId', 'Insurance Type not found');
      const perOccurrence = toCents(values.perOccurrenceLimit);
      const [row] = await tx
        .insert(insurances)
        .values({
          id: insuranceId,
          agreementPropertyId: linkId,
          insuranceTypeId: values.insuranceTypeId,
          maxCoverageCents: perOccurrence,
          startDate: values.startDate,
          endDate: values.endDate,
          isApproved: false,
          approvalStatus: 'Pending',
          carrier: values.carrier,
          policyNumber: values.policyNumber,
          perOccurrenceLimitCents: perOccurrence,
          aggregateLimitCents: toCents(values.aggregateLimit),
          additionalInsured: values.additionalInsured,
          waiverOfSubrogation: values.waiverOfSubrogation,
          certificateId: document.id,
          uploadedByTenant: true,
        })
        .returning();
      await recordAudit(tx, actor, { action: 'create', entity: 'insurance', entityId: insuranceId, after: auditRow(row!) });
    },
  });
  return insuranceId;
}

/** The named property of the agreement, or its first (by when it was added); 400 when not part of it. */
async function linkForUpload(tx: Tx, agreementId: string, propertyId: string | undefined): Promise<string> {
  const [link] = await tx
    .select({ id: agreementProperties.id })
    .from(agreementProperties)
    .where(and(eq(agreementProperties.agreementId, agreementId), ...(propertyId ? [eq(agreementProperties.propertyId, propertyId)] : [])))
    .orderBy(asc(agreementProperties.createdAt), asc(agreementProperties.id))
    .limit(1);
  if (!link) throw fieldError('propertyId', propertyId ? 'Property is not part of this agreement' : 'The agreement has no property');
  return link.id;
}

/** Lease admins review certificates (PRODUCT-RULES 15: only they approve insurance). */
export function requireReviewer(user: TSessionUser | null): void {
  if (!isLeaseAdmin(user)) throw forbidden(APPROVE_ONLY_LEASE_ADMINS);
}

export async function reviewInsurance(tx: Tx, actor: Actor, current: InsuranceRow, agreementId: string, decision: { approve: true } | { approve: false; reason: string }): Promise<void> {
  await lockOpenAgreement(tx, agreementId);
  const [locked] = await tx.select().from(insurances).where(eq(insurances.id, current.id)).for('update');
  if (!locked) throw notFound('Insurance not found');
  if (decision.approve && locked.approvalStatus === 'Approved') throw new AppError('CONFLICT', 'The insurance is already approved.');
  const [row] = await tx
    .update(insurances)
    .set(
      decision.approve
        ? { approvalStatus: 'Approved', isApproved: true, rejectionReason: null, updatedAt: new Date() }
        : { approvalStatus: 'Rejected', isApproved: false, rejectionReason: decision.reason, updatedAt: new Date() },
    )
    .where(eq(insurances.id, current.id))
    .returning();
  await recordAudit(tx, actor, { action: decision.approve ? 'approve' : 'reject', entity: 'insurance', entityId: current.id, before: auditRow(locked), after: auditRow(row!) });
}
