import { calendarDate } from '@apron/core';
import type { Caller, TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { setSystemSetting } from '../settings/settings.test-support';
import { buildAgreement, buildCompany, buildLeaseMasterData } from './agreements.test-support';

/** Factories for the insurance compliance tests: everything through the calls staff and tenants make. */
export const dayFrom = (today: string, offset: number) => calendarDate(new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000), 'UTC');

async function created(res: { statusCode: number; body: string; json(): unknown }, what: string) {
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string };
}

/** The airport's calendar in UTC, so "today" is the test's today. */
export async function useUtcCalendar(t: TestApp): Promise<string> {
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'TIME_ZONE', 'UTC'));
  return calendarDate(new Date(), 'UTC');
}

export async function buildInsuranceType(admin: Caller, name: string) {
  return created(await admin.request({ method: 'POST', url: '/api/Crud/insuranceTypes', payload: { name, description: '' } }), 'insurance type');
}

/** A property of a new type, not leased. */
export async function buildTypedProperty(admin: Caller) {
  const area = await created(await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: `Area ${Math.random()}`, description: '' } }), 'area');
  const type = await created(await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `Type ${Math.random()}`, attributes: [] } }), 'type');
  const property = await created(
    await admin.request({
      method: 'POST',
      url: '/api/Property/List',
      payload: { name: `Hangar ${Math.random()}`, description: 'A hangar', address: '1 Airport Rd', rent: 450.5, area: area._id, propertyType: type._id },
    }),
    'property',
  );
  return { typeId: type._id, propertyId: property._id };
}

/** A property of a new type; the agreement of a new company leases it. */
export async function buildLeasedProperty(admin: Caller, leaseAdmin: Caller) {
  const { typeId, propertyId } = await buildTypedProperty(admin);
  const master = await buildLeaseMasterData(admin);
  const company = await buildCompany(admin);
  const agreement = await buildAgreement(leaseAdmin, master, company._id);
  await created(await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${propertyId}` }), 'add property');
  return { typeId, propertyId, agreementId: agreement._id, companyId: company._id };
}

export const requirement = (insuranceTypeId: string, spec: Partial<{ minPerOccurrence: number; minAggregate: number; additionalInsuredRequired: boolean; waiverOfSubrogationRequired: boolean }> = {}) => ({
  insuranceTypeId,
  minPerOccurrence: 1_000_000,
  minAggregate: 2_000_000,
  additionalInsuredRequired: false,
  waiverOfSubrogationRequired: false,
  ...spec,
});

/** A tenant's certificate upload (multipart text fields, then the file). */
export function certificateUpload(file: Buffer, fields: Record<string, string>, filename = 'coi.pdf') {
  return multipart(file, fields, filename, 'application/pdf');
}

/** An insurance staff add and approve (the existing insurance call, with the certificate's limits). */
export async function addApprovedInsurance(
  leaseAdmin: Caller,
  link: { agreementId: string; propertyId: string },
  values: { insuranceType: string; startDate: string; endDate: string; perOccurrenceLimit: number; aggregateLimit: number; additionalInsured?: boolean; waiverOfSubrogation?: boolean },
) {
  return created(
    await leaseAdmin.request({
      method: 'POST',
      url: '/api/Insurance/add',
      payload: { ...link, maxCoverageAmount: values.perOccurrenceLimit, isApproved: true, carrier: 'Acme Mutual', policyNumber: 'P-1', ...values },
    }),
    'insurance',
  );
}
