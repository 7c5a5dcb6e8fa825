import { and, asc, eq, sql } from 'drizzle-orm';
import { fromCents, toCents, type TRequirement, type TRequirementsInput } from '@apron/core';
import type { z } from 'zod';
import type { ZRequirementsInput } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordAudit } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { insuranceTypeExists, insuranceTypeNameSql } from '../settings/index';
import { propertyTypeDirectory } from '../properties/index';
import { agreements } from './agreements.table';
import { effectiveRequirementsSql } from './insurance-compliance.sql';
import { agreementInsuranceRequirements, propertyTypeInsuranceRequirements } from './insurance-compliance.table';
import { lockOpenAgreement, type Actor } from './agreements.service';

type RequirementValues = z.output<typeof ZRequirementsInput>['requirements'];
export type { TRequirementsInput };

interface RequirementCents {
  insuranceTypeId: string;
  typeName: string;
  minPerOccurrenceCents: number | string;
  minAggregateCents: number | string;
  additionalInsuredRequired: boolean;
  waiverOfSubrogationRequired: boolean;
}

export function presentRequirement(r: RequirementCents): TRequirement {
  return {
    insuranceTypeId: r.insuranceTypeId,
    insuranceTypeName: r.typeName,
    minPerOccurrence: fromCents(Number(r.minPerOccurrenceCents)),
    minAggregate: fromCents(Number(r.minAggregateCents)),
    additionalInsuredRequired: r.additionalInsuredRequired,
    waiverOfSubrogationRequired: r.waiverOfSubrogationRequired,
  };
}

async function checkTypes(tx: Tx, values: RequirementValues): Promise<void> {
  for (const [i, r] of values.entries()) {
    if (!(await insuranceTypeExists(tx, r.insuranceTypeId))) throw fieldError(`requirements.${i}.insuranceTypeId`, 'Insurance Type not found');
  }
}

const columnsOf = (r: RequirementValues[number]) => ({
  insuranceTypeId: r.insuranceTypeId,
  minPerOccurrenceCents: toCents(r.minPerOccurrence),
  minAggregateCents: toCents(r.minAggregate),
  additionalInsuredRequired: r.additionalInsuredRequired,
  waiverOfSubrogationRequired: r.waiverOfSubrogationRequired,
});

// ---- Per property type ------------------------------------------------------------------------
export async function propertyTypeExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: propertyTypeDirectory.id }).from(propertyTypeDirectory).where(eq(propertyTypeDirectory.id, id)).limit(1);
  return !!row;
}

export async function listPropertyTypeRequirements(db: DbOrTx, propertyTypeId: string): Promise<TRequirement[]> {
  const t = propertyTypeInsuranceRequirements;
  const typeName = insuranceTypeNameSql(t.insuranceTypeId);
  const rows = await db
    .select({ ...requirementSelection(t), typeName })
    .from(t)
    .where(eq(t.propertyTypeId, propertyTypeId))
    .orderBy(asc(sql`lower(${typeName})`), asc(t.insuranceTypeId));
  return rows.map(presentRequirement);
}

function requirementSelection(t: typeof propertyTypeInsuranceRequirements | typeof agreementInsuranceRequirements) {
  return {
    insuranceTypeId: t.insuranceTypeId,
    minPerOccurrenceCents: t.minPerOccurrenceCents,
    minAggregateCents: t.minAggregateCents,
    additionalInsuredRequired: t.additionalInsuredRequired,
    waiverOfSubrogationRequired: t.waiverOfSubrogationRequired,
  };
}

/** Replaces the list; two saves of one type take turns (a transaction lock on its id). */
export async function replacePropertyTypeRequirements(tx: Tx, actor: Actor, propertyTypeId: string, values: RequirementValues): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'insurance-requirements:' + propertyTypeId}))`);
  if (!(await propertyTypeExists(tx, propertyTypeId))) throw notFound('Property type not found');
  await checkTypes(tx, values);
  const before = await listPropertyTypeRequirements(tx, propertyTypeId);
  await tx.delete(propertyTypeInsuranceRequirements).where(eq(propertyTypeInsuranceRequirements.propertyTypeId, propertyTypeId));
  if (values.length > 0) await tx.insert(propertyTypeInsuranceRequirements).values(values.map((r) => ({ propertyTypeId, ...columnsOf(r) })));
  await recordAudit(tx, actor, { action: 'update', entity: 'propertyTypeInsuranceRequirements', entityId: propertyTypeId, before: { requirements: before }, after: { requirements: values } });
}

// ---- Per agreement ----------------------------------------------------------------------------
/** The agreement's requirements: its override when set, else what its properties' types require. */
export async function effectiveRequirements(db: DbOrTx, agreementId: string): Promise<{ overridden: boolean; requirements: TRequirement[] }> {
  const [agreement] = await db.select({ overridden: agreements.insuranceOverride }).from(agreements).where(eq(agreements.id, agreementId)).limit(1);
  const rows = rowsOf<{
    insurance_type_id: string; type_name: string; min_per_occurrence_cents: string | number; min_aggregate_cents: string | number;
    additional_insured_required: boolean; waiver_of_subrogation_required: boolean;
  }>(
    await db.execute(sql`
      select r.*, t.name as type_name from (${effectiveRequirementsSql(sql`a.id = ${agreementId}::uuid`)}) r
      join insurance_types t on t.id = r.insurance_type_id order by lower(t.name), r.insurance_type_id`),
  );
  return {
    overridden: agreement?.overridden ?? false,
    requirements: rows.map((r) =>
      presentRequirement({
        insuranceTypeId: r.insurance_type_id,
        typeName: r.type_name,
        minPerOccurrenceCents: r.min_per_occurrence_cents,
        minAggregateCents: r.min_aggregate_cents,
        additionalInsuredRequired: r.additional_insured_required,
        waiverOfSubrogationRequired: r.waiver_of_subrogation_required,
      }),
    ),
  };
}

/** Sets the override (an empty list: this agreement requires no insurance). */
export async function setAgreementRequirements(tx: Tx, actor: Actor, agreementId: string, values: RequirementValues): Promise<void> {
  await lockOpenAgreement(tx, agreementId);
  await checkTypes(tx, values);
  const before = await effectiveRequirements(tx, agreementId);
  await tx.delete(agreementInsuranceRequirements).where(eq(agreementInsuranceRequirements.agreementId, agreementId));
  if (values.length > 0) await tx.insert(agreementInsuranceRequirements).values(values.map((r) => ({ agreementId, ...columnsOf(r) })));
  await tx.update(agreements).set({ insuranceOverride: true, updatedAt: new Date() }).where(eq(agreements.id, agreementId));
  await recordAudit(tx, actor, { action: 'update', entity: 'agreementInsuranceRequirements', entityId: agreementId, before, after: { overridden: true, requirements: values } });
}

/** Back to the properties' types' requirements. */
export async function clearAgreementRequirements(tx: Tx, actor: Actor, agreementId: string): Promise<void> {
  await lockOpenAgreement(tx, agreementId);
  const before = await effectiveRequirements(tx, agreementId);
  await tx.delete(agreementInsuranceRequirements).where(and(eq(agreementInsuranceRequirements.agreementId, agreementId)));
  await tx.update(agreements).set({ insuranceOverride: false, updatedAt: new Date() }).where(eq(agreements.id, agreementId));
  await recordAudit(tx, actor, { action: 'update', entity: 'agreementInsuranceRequirements', entityId: agreementId, before, after: { overridden: false } });
}
