import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, calendarDate, cpiPeriodsFor } from '@apron/core';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin, type LeaseMasterData } from './agreements.test-support';
import { runRentAdjustmentJob } from './rent-adjustment.job';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;
let leaseStaff: Caller;
let master: LeaseMasterData;
let companyId: string;

// Two months ago in the airport's zone (the default TIME_ZONE): exactly one adjustment is due,
// the next one is ten months away.
const today = calendarDate(new Date());
const adjustmentDate = addMonths(today, -2);
const cpi = cpiPeriodsFor(adjustmentDate, 12);

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  leaseStaff = await signIn(t, { modules: ['Lease'] });
  master = await buildLeaseMasterData(admin);
  companyId = (await buildCompany(admin))._id;
});
afterAll(async () => t?.close());

async function paymentType(skuType: 'CPI' | 'Flat' | 'Percent', skuValue: number): Promise<string> {
  const res = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: `${skuType} ${randomUUID()}`, skuType, skuValue, lateFee: 0 } });
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}

/** An agreement on one $450.50 property, the property on it since before the adjustment date. */
async function leasedProperty(rentAdjustmentType: string) {
  const agreement = await buildAgreement(admin, master, companyId, { rentAdjustmentType, adjustmentDate, adjustmentFreq: 12 });
  const property = await buildProperty(admin);
  expect((await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` })).statusCode).toBe(201);
  // The lease was keyed in before its adjustment date (adjustments before that are not applied).
  await t.database.query(`update agreement_properties set created_at = '2025-01-01' where agreement_id = $1`, [agreement._id]);
  return { agreementId: agreement._id, propertyId: property._id };
}

async function rentOf(agreementId: string): Promise<number> {
  const res = await admin.request({ method: 'GET', url: `/api/Agreements/Properties/${agreementId}` });
  return res.json()[0].rent;
}

const preview = (caller: Caller, id: string) => caller.request({ method: 'GET', url: `/api/Agreements/RentAdjustment/${id}/Preview` });
const apply = (caller: Caller, id: string) => caller.request({ method: 'POST', url: `/api/Agreements/RentAdjustment/${id}` });

describe('rent adjustment calls', () => {
  it('preview: 401, 400, 403, 404, then the due adjustment for Lease staff', async () => {
    const { agreementId, propertyId } = await leasedProperty(await paymentType('Flat', 25));
    const anon = await anonymous(t);
    expect((await anon({ method: 'GET', url: `/api/Agreements/RentAdjustment/${agreementId}/Preview` })).statusCode).toBe(401);
    const bad = await preview(leaseStaff, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeTruthy();
    expect((await preview(await signIn(t, { modules: ['Invoices'], isAdmin: true }), agreementId)).statusCode).toBe(403);
    expect((await preview(await signIn(t, { isInternal: false, companyId }), agreementId)).statusCode).toBe(403);
    expect((await preview(leaseStaff, randomUUID())).statusCode).toBe(404);

    const res = await preview(leaseStaff, agreementId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ agreementId, today, skuType: 'Flat', adjustmentDate, adjustmentFreq: 12, canApply: false });
    expect(body.rows).toEqual([
      expect.objectContaining({ propertyId, effectiveDate: adjustmentDate, due: true, currentRent: 450.5, newRent: 475.5, reason: 'Flat +$25.00', problem: null }),
    ]);
    expect((await preview(leaseAdmin, agreementId)).json().canApply).toBe(true);
  });

  it('apply: 401, 403 for Lease staff, 404, then Flat adds $25 once, with an audit entry', async () => {
    const { agreementId, propertyId } = await leasedProperty(await paymentType('Flat', 25));
    expect((await t.app.inject({ method: 'POST', url: `/api/Agreements/RentAdjustment/${agreementId}` })).statusCode).toBe(401);
    expect((await apply(leaseStaff, agreementId)).statusCode).toBe(403);
    expect((await apply(leaseAdmin, randomUUID())).statusCode).toBe(404);

    const res = await apply(leaseAdmin, agreementId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Updated Successfully',
      applied: [{ propertyId, effectiveDate: adjustmentDate, oldRent: 450.5, newRent: 475.5, reason: 'Flat +$25.00' }],
    });
    expect(await rentOf(agreementId)).toBe(475.5);

    const again = await apply(leaseAdmin, agreementId);
    expect(again.json()).toEqual({ message: 'No rent adjustment is due.', applied: [] });
    expect(await rentOf(agreementId)).toBe(475.5);

    const audit = await t.database.query(
      `select reason, changes from audit_log where action = 'rent-adjust' and entity = 'property' and entity_id = $1`, [propertyId]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ reason: 'Flat +$25.00' });
    expect((audit.rows[0] as { changes: unknown }).changes).toMatchObject({ agreementId, effectiveDate: adjustmentDate, rentCents: { from: 45_050, to: 47_550 } });

    // Now the preview shows the next one, a year on, not due.
    const next = (await preview(leaseAdmin, agreementId)).json();
    expect(next.canApply).toBe(false);
    expect(next.rows).toEqual([expect.objectContaining({ effectiveDate: addMonths(adjustmentDate, 12), due: false, currentRent: 475.5, newRent: 500.5 })]);
  });
});

describe('daily job', () => {
  it('applies Percent once however often it runs', async () => {
    const { agreementId } = await leasedProperty(await paymentType('Percent', 3));
    await runRentAdjustmentJob(t.db);
    const second = await runRentAdjustmentJob(t.db);
    expect(await rentOf(agreementId)).toBe(464.02); // $450.50 x 1.03 = $464.015 -> half up
    const rows = await t.database.query(`select old_cents, new_cents from rent_adjustments where agreement_id = $1`, [agreementId]);
    expect(rows.rows).toEqual([{ old_cents: 45_050, new_cents: 46_402 }]);
    expect(second.skipped.map((s) => s.agreementId)).not.toContain(agreementId);
  });
});

describe('CPI', () => {
  it('a missing index is shown in the preview, refused by apply and skipped by the job; with the index it applies the change over the floor', async () => {
    const { agreementId } = await leasedProperty(await paymentType('CPI', 2));
    const missing = `CPI index for ${cpi.basePeriod} is missing`;
    const shown = (await preview(leaseAdmin, agreementId)).json();
    expect(shown.canApply).toBe(false);
    expect(shown.rows[0]).toMatchObject({ due: true, newRent: null, problem: missing });

    const refused = await apply(leaseAdmin, agreementId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(missing);
    const run = await runRentAdjustmentJob(t.db);
    expect(run.skipped).toContainEqual({ agreementId, reason: missing });
    expect(await rentOf(agreementId)).toBe(450.5);

    // Settings admins keep the index; others may not.
    expect((await leaseAdmin.request({ method: 'POST', url: '/api/Crud/cpiIndex', payload: { period: cpi.basePeriod, value: 300 } })).statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url: '/api/Crud/cpiIndex', payload: { period: cpi.basePeriod, value: 300 } })).statusCode).toBe(201);
    const duplicate = await admin.request({ method: 'POST', url: '/api/Crud/cpiIndex', payload: { period: cpi.basePeriod, value: 301 } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors.period).toBe(`The CPI index for ${cpi.basePeriod} already exists.`);
    expect((await admin.request({ method: 'POST', url: '/api/Crud/cpiIndex', payload: { period: '2024-13', value: 1 } })).json().errors.period).toBe('Period must be YYYY-MM');
    const still = (await preview(leaseAdmin, agreementId)).json();
    expect(still.rows[0].problem).toBe(`CPI index for ${cpi.currentPeriod} is missing`);

    expect((await admin.request({ method: 'POST', url: '/api/Crud/cpiIndex', payload: { period: cpi.currentPeriod, value: 312 } })).statusCode).toBe(201);
    const ready = (await preview(leaseAdmin, agreementId)).json();
    expect(ready.canApply).toBe(true);
    expect(ready.rows[0]).toMatchObject({
      newRent: 468.52, // +4% (over the 2% floor): $450.50 x 1.04
      appliedPercent: 4,
      cpi: { basePeriod: cpi.basePeriod, baseValue: 300, currentPeriod: cpi.currentPeriod, currentValue: 312, changePercent: 4 },
      problem: null,
    });
    await runRentAdjustmentJob(t.db);
    await runRentAdjustmentJob(t.db);
    expect(await rentOf(agreementId)).toBe(468.52);
    expect((await apply(leaseAdmin, agreementId)).json().applied).toEqual([]);
  });
});
