import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TLeaseHistoryRow, TPropertyStatus } from '@apron/core';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { PluginScope } from '../../platform/plugins/registry';
import { leasedPropertiesOn } from './report-facts';
import { findPropertySummaries, listPropertySummaries } from '../properties/index';
import { insuranceTypeNameSql } from '../settings/index';
import { documentDirectory } from '../attachments/index';
import { agreementProperties, agreements, aircraft, insurances, securityDeposits, type AgreementPropertyRow } from './agreements.table';

/**
 * Property ids with a live agreement covering `day`: what makes a property Leased (listings,
 * dashboard). Read from `leasedPropertiesOn`, the one definition the rent roll lists too.
 */
export function leasedPropertyIdsSql(day: string): SQL {
  const leased = leasedPropertiesOn(day);
  return new QueryBuilder({ casing: 'snake_case' }).select({ propertyId: leased.propertyId }).from(leased).getSQL();
}

const linkColumns = {
  id: agreementProperties.id,
  agreementId: agreementProperties.agreementId,
  propertyId: agreementProperties.propertyId,
  startDate: agreementProperties.startDate,
  endDate: agreementProperties.endDate,
};
export type LinkData = { id: string; agreementId: string; propertyId: string; startDate: string; endDate: string | null; name: string; rentCents: number; address: string; status: TPropertyStatus };

/** The links with what the properties module tells of each property (name, rent, address, status). */
async function withProperties(scope: PluginScope, db: DbOrTx, links: Array<Omit<LinkData, 'name' | 'rentCents' | 'address' | 'status'>>, day: string): Promise<LinkData[]> {
  const summaries = await findPropertySummaries(scope, db, links.map((link) => link.propertyId), day);
  return links.flatMap((link) => {
    const property = summaries.get(link.propertyId);
    return property ? [{ ...link, name: property.name, rentCents: property.rentCents, address: property.address, status: property.status }] : [];
  });
}

export async function listAgreementProperties(scope: PluginScope, db: DbOrTx, agreementId: string, day: string): Promise<LinkData[]> {
  const links = await db.select(linkColumns).from(agreementProperties).where(eq(agreementProperties.agreementId, agreementId)).limit(1000);
  const rows = await withProperties(scope, db, links, day);
  return rows.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function findAgreementProperty(scope: PluginScope, db: DbOrTx, agreementId: string, propertyId: string, day: string): Promise<LinkData | null> {
  const links = await db
    .select(linkColumns)
    .from(agreementProperties)
    .where(and(eq(agreementProperties.agreementId, agreementId), eq(agreementProperties.propertyId, propertyId)))
    .limit(1);
  return (await withProperties(scope, db, links, day))[0] ?? null;
}

/** The link of a property to an agreement, from this module's table alone (its id, its period). */
export async function findLinkByPair(db: DbOrTx, agreementId: string, propertyId: string): Promise<AgreementPropertyRow | null> {
  const [row] = await db
    .select()
    .from(agreementProperties)
    .where(and(eq(agreementProperties.agreementId, agreementId), eq(agreementProperties.propertyId, propertyId)))
    .limit(1);
  return row ?? null;
}

export async function findLinkById(db: DbOrTx, linkId: string): Promise<AgreementPropertyRow | null> {
  const [row] = await db.select().from(agreementProperties).where(eq(agreementProperties.id, linkId)).limit(1);
  return row ?? null;
}

/**
 * Lock the agreements (not Archived: those are read-only) that the property is or was on, in id
 * order, and return their ids: a new rent of the property changes what they are measured at.
 */
export async function lockAgreementsOfProperty(tx: DbOrTx, propertyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: agreements.id })
    .from(agreements)
    .innerJoin(agreementProperties, eq(agreementProperties.agreementId, agreements.id))
    .where(and(eq(agreementProperties.propertyId, propertyId), ne(agreements.status, 'Archived')))
    .orderBy(asc(agreements.id))
    .for('update', { of: agreements });
  return rows.map((row) => row.id);
}

/** Every property with its status today, by name: the add-property select (the properties module's list). */
export const listPropertyOptions = listPropertySummaries;

export async function findDeposit(db: DbOrTx, linkId: string) {
  const [row] = await db.select().from(securityDeposits).where(eq(securityDeposits.agreementPropertyId, linkId)).limit(1);
  return row ?? null;
}

export const insuranceColumns = {
  insurance: insurances,
  typeName: insuranceTypeNameSql(insurances.insuranceTypeId),
  agreementId: agreementProperties.agreementId,
  propertyId: agreementProperties.propertyId,
  certificate: { id: documentDirectory.id, name: documentDirectory.name, contentType: documentDirectory.contentType, size: documentDirectory.size },
};

export async function listInsurances(db: DbOrTx, linkId: string) {
  return db
    .select(insuranceColumns)
    .from(insurances)
    .innerJoin(agreementProperties, eq(agreementProperties.id, insurances.agreementPropertyId))
    .leftJoin(documentDirectory, eq(documentDirectory.id, insurances.certificateId))
    .where(eq(insurances.agreementPropertyId, linkId))
    .orderBy(desc(insurances.startDate), asc(insurances.id));
}

/** Every insurance of an agreement (all its properties), newest first: the compliance view. */
export async function listInsurancesOfAgreement(db: DbOrTx, agreementId: string) {
  return db
    .select(insuranceColumns)
    .from(insurances)
    .innerJoin(agreementProperties, eq(agreementProperties.id, insurances.agreementPropertyId))
    .leftJoin(documentDirectory, eq(documentDirectory.id, insurances.certificateId))
    .where(eq(agreementProperties.agreementId, agreementId))
    .orderBy(desc(insurances.startDate), asc(insurances.id))
    .limit(1000);
}

/** One insurance with the agreement it belongs to (the caller's scope is checked on that). */
export async function findInsurance(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...insuranceColumns, companyId: agreements.companyId, agreementStatus: agreements.status })
    .from(insurances)
    .innerJoin(agreementProperties, eq(agreementProperties.id, insurances.agreementPropertyId))
    .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
    .leftJoin(documentDirectory, eq(documentDirectory.id, insurances.certificateId))
    .where(eq(insurances.id, id))
    .limit(1);
  return row ?? null;
}

export const aircraftColumns = { aircraft, agreementId: agreementProperties.agreementId, propertyId: agreementProperties.propertyId };

export async function listAircraft(db: DbOrTx, linkId: string) {
  return db
    .select(aircraftColumns)
    .from(aircraft)
    .innerJoin(agreementProperties, eq(agreementProperties.id, aircraft.agreementPropertyId))
    .where(eq(aircraft.agreementPropertyId, linkId))
    .orderBy(asc(aircraft.tailNumber), asc(aircraft.id));
}

export async function findAircraft(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...aircraftColumns, companyId: agreements.companyId, agreementStatus: agreements.status })
    .from(aircraft)
    .innerJoin(agreementProperties, eq(agreementProperties.id, aircraft.agreementPropertyId))
    .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
    .where(eq(aircraft.id, id))
    .limit(1);
  return row ?? null;
}

/** Lease History of a property: every agreement it has been part of, newest first. */
export async function leaseHistoryOf(db: DbOrTx, propertyId: string): Promise<TLeaseHistoryRow[]> {
  const rows = await db
    .select({ id: agreements.id, title: agreements.title, agreementNum: agreements.agreementNum, startDate: agreements.startDate, endDate: agreements.endDate, status: agreements.status })
    .from(agreementProperties)
    .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
    .where(eq(agreementProperties.propertyId, propertyId))
    .orderBy(desc(agreements.startDate), desc(agreements.id));
  return rows.map((r) => ({ _id: r.id, title: r.title, agreementNum: r.agreementNum, startDate: r.startDate, endDate: r.endDate, status: r.status }));
}

export async function currentLeaseOf(db: DbOrTx, propertyId: string, day: string) {
  const [row] = await db
    .select({ id: agreements.id, title: agreements.title, agreementNum: agreements.agreementNum })
    .from(agreementProperties)
    .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
    .where(
      and(
        eq(agreementProperties.propertyId, propertyId),
        eq(agreementProperties.archived, false),
        sql`${agreementProperties.startDate} <= ${day}::date and (${agreementProperties.endDate} is null or ${agreementProperties.endDate} >= ${day}::date)`,
      ),
    )
    .limit(1);
  return row ? { _id: row.id, title: row.title, agreementNum: row.agreementNum } : null;
}
