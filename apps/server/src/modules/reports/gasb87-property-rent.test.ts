import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin, type LeaseMasterData } from '../agreements/agreements.test-support';

/**
 * A property's rent edited on the Properties page (`PUT /api/Property/List/{id}`) is a change of
 * rent of the leases it is on: their GASB 87 measurement follows in the same transaction
 * (docs/gasb87.md, "When"). `buildProperty` rents for $450.50 a month.
 */
let t: TestApp;
let admin: Caller;
let master: LeaseMasterData;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  master = await buildLeaseMasterData(admin);
  companyId = (await buildCompany(admin))._id;
}, 120_000);
afterAll(async () => t?.close());

/** A running lease (2025 to 2029) with one property on it. */
async function leaseWithProperty() {
  const agreement = await buildAgreement(admin, master, companyId, { startDate: '2025-01-01', endDate: '2029-12-31', gasbDiscountRate: 6 });
  const property = await buildProperty(admin);
  const added = await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` });
  expect(added.statusCode, added.body).toBe(201);
  return { agreementId: agreement._id, propertyId: property._id };
}

/** The Properties page's save: the property as it is, with `changes`. */
async function editProperty(propertyId: string, changes: { rent?: number; name?: string }) {
  const detail = (await admin.request({ method: 'GET', url: `/api/Property/List/${propertyId}` })).json();
  const body = {
    name: detail.name, description: detail.description, area: detail.area, propertyType: detail.propertyType, address: detail.address,
    rent: detail.rent, availableDate: detail.availableDate, visibletoExternal: detail.visibletoExternal, location: detail.location, attributes: detail.attributes,
    ...changes,
  };
  const res = await admin.request({ method: 'PUT', url: `/api/Property/List/${propertyId}`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

const gasb87Of = async (agreementId: string) => {
  const res = await admin.request({ method: 'GET', url: `/api/Reports/Gasb87/Agreements/${agreementId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { receivable: number; schedule: Array<{ date: string; payment: number }>; measurements: Array<{ reason: string; measuredOn: string }> };
};

describe('a property rent edited on the Properties page', () => {
  it('remeasures the lease it is on from today, at the new rent', async () => {
    const { agreementId, propertyId } = await leaseWithProperty();
    const before = await gasb87Of(agreementId);

    await editProperty(propertyId, { rent: 500 });

    const after = await gasb87Of(agreementId);
    expect(after.measurements).toHaveLength(before.measurements.length + 1);
    const [latest] = after.measurements;
    expect(latest!.reason).toBe('modification');
    // The new version's schedule: every payment from the change on, at the new rent.
    expect(after.schedule.length).toBeGreaterThan(0);
    expect(after.schedule.every((row) => row.date >= latest!.measuredOn && row.payment === 500)).toBe(true);
    expect(after.receivable).not.toBe(before.receivable);
  });

  it('leaves the measurement alone when the rent is not what changed', async () => {
    const { agreementId, propertyId } = await leaseWithProperty();
    const before = await gasb87Of(agreementId);

    await editProperty(propertyId, { name: `Renamed ${propertyId.slice(0, 8)}` });

    expect(await gasb87Of(agreementId)).toEqual(before);
  });
});
