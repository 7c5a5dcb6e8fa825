import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insuranceDefaultDates } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { securityDeposits } from './agreements.table';
import { buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin, type LeaseMasterData } from './agreements.test-support';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;
let propertyAdmin: Caller; // Property admin who also reads leases
let tenant: Caller;
let otherTenant: Caller;
let master: LeaseMasterData;
let agreement: { _id: string };
let property: { _id: string };
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  propertyAdmin = await signIn(t, { modules: ['Property'], isAdmin: true });
  master = await buildLeaseMasterData(admin);
  const company = await buildCompany(admin);
  const other = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
  otherTenant = await signIn(t, { isInternal: false, companyId: other._id });
  agreement = await buildAgreement(leaseAdmin, master, company._id);
  property = await buildProperty(admin);
  const added = await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` });
  if (added.statusCode !== 201) throw new Error(added.body);
});
afterAll(async () => t?.close());

describe('security deposit', () => {
  const url = () => `/api/Agreements/Security/${agreement._id}/${property._id}`;
  const deposit = { amount: 1234.56, received: true, returned: false, paymentDate: '2025-01-05', returnDate: '', paymentMethod: 'Check', returnDesc: '' };

  it('the ladder: 401, 400, 403 (Lease admin), 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(), payload: deposit })).statusCode).toBe(401);
    const bad = await propertyAdmin.request({ method: 'POST', url: url(), payload: { ...deposit, amount: 'lots', paymentMethod: 'Gold' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'paymentMethod']);
    expect((await leaseAdmin.request({ method: 'POST', url: url(), payload: deposit })).statusCode).toBe(403);
    expect((await propertyAdmin.request({ method: 'POST', url: `/api/Agreements/Security/${agreement._id}/${missing}`, payload: deposit })).statusCode).toBe(404);
  });

  it('Property admins record it in cents; the tenant reads it; another tenant gets 404', async () => {
    const res = await propertyAdmin.request({ method: 'POST', url: url(), payload: deposit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 1234.56, paymentMethod: 'Check', returnDate: null });
    const [row] = await t.db.select().from(securityDeposits);
    expect(row!.amountCents).toBe(123456);
    const again = await propertyAdmin.request({ method: 'POST', url: url(), payload: { ...deposit, returned: true, returnDate: '2026-01-01' } });
    expect(again.json()).toMatchObject({ returned: true, returnDate: '2026-01-01' });
    expect((await tenant.request({ method: 'GET', url: url() })).json()).toMatchObject({ amount: 1234.56, returned: true });
    expect((await otherTenant.request({ method: 'GET', url: url() })).statusCode).toBe(404);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'securityDeposit'));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('insurances', () => {
  const body = () => ({ agreementId: agreement._id, propertyId: property._id, insuranceType: master.insuranceTypeId, maxCoverageAmount: 1_000_000, ...insuranceDefaultDates('2025-03-01') });

  it('defaults: start today, end one year later (29 February -> 28 February)', () => {
    expect(insuranceDefaultDates('2025-03-01')).toEqual({ startDate: '2025-03-01', endDate: '2026-03-01' });
    expect(insuranceDefaultDates('2028-02-29')).toEqual({ startDate: '2028-02-29', endDate: '2029-02-28' });
  });

  it('the ladder for Insurance/add', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Insurance/add', payload: body() })).statusCode).toBe(401);
    const bad = await leaseAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: { ...body(), maxCoverageAmount: 'x', endDate: '2020-01-01' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['maxCoverageAmount']);
    expect((await tenant.request({ method: 'POST', url: '/api/Insurance/add', payload: body() })).statusCode).toBe(403);
    const leaseStaff = await signIn(t, { modules: ['Lease'] });
    expect((await leaseStaff.request({ method: 'POST', url: '/api/Insurance/add', payload: body() })).statusCode).toBe(403);
    expect((await leaseAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: { ...body(), propertyId: missing } })).statusCode).toBe(404);
  });

  it('isApproved is toggled only by Lease admins', async () => {
    const refused = await propertyAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: { ...body(), isApproved: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ isApproved: 'Only Lease admins may approve insurance.' });
    const created = await propertyAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: body() });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    expect(created.json()).toMatchObject({ isApproved: false, maxCoverageAmount: 1_000_000, startDate: '2025-03-01', endDate: '2026-03-01' });
    const { agreementId: _a, propertyId: _p, ...fields } = body();
    const notYours = await propertyAdmin.request({ method: 'PUT', url: `/api/Insurance/update/${id}`, payload: { ...fields, isApproved: true } });
    expect(notYours.json().errors).toEqual({ isApproved: 'Only Lease admins may approve insurance.' });
    const approved = await leaseAdmin.request({ method: 'PUT', url: `/api/Insurance/update/${id}`, payload: { ...fields, isApproved: true } });
    expect(approved.json().isApproved).toBe(true);
    // Other fields from a Property admin keep the approval.
    const edited = await propertyAdmin.request({ method: 'PUT', url: `/api/Insurance/update/${id}`, payload: { ...fields, maxCoverageAmount: 2_000_000 } });
    expect(edited.json()).toMatchObject({ isApproved: true, maxCoverageAmount: 2_000_000 });
    const list = await tenant.request({ method: 'POST', url: '/api/Insurances', payload: { agreementId: agreement._id, propertyId: property._id } });
    expect(list.json().map((i: { _id: string }) => i._id)).toEqual([id]);
    expect((await tenant.request({ method: 'GET', url: `/api/Insurance/${id}` })).statusCode).toBe(200);
    expect((await otherTenant.request({ method: 'GET', url: `/api/Insurance/${id}` })).statusCode).toBe(404);
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/Insurances/${agreement._id}/${property._id}/${id}` })).statusCode).toBe(200);
    expect((await tenant.request({ method: 'DELETE', url: `/api/Insurance/${id}` })).statusCode).toBe(403);
    expect((await leaseAdmin.request({ method: 'DELETE', url: `/api/Insurance/${id}` })).statusCode).toBe(200);
    expect((await leaseAdmin.request({ method: 'GET', url: `/api/Insurance/${id}` })).statusCode).toBe(404);
  });
});

describe('aircraft (tenant records)', () => {
  const record = () => ({ agreementId: agreement._id, propertyId: property._id, tailNumber: 'n123ab', make: 'Cessna', model: '172S', airCraftType: 'Single-Engine', ownerortennat: 'Owner', insurance: 'Approved', email: '' });

  it('CRUD with the ladder, scoped to the tenant', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Aircrafts', payload: record() })).statusCode).toBe(401);
    const bad = await leaseAdmin.request({ method: 'POST', url: '/api/Aircrafts', payload: { ...record(), airCraftType: 'Blimp', email: 'x' } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['airCraftType', 'email']);
    expect((await tenant.request({ method: 'POST', url: '/api/Aircrafts', payload: record() })).statusCode).toBe(403);
    const created = await leaseAdmin.request({ method: 'POST', url: '/api/Aircrafts', payload: record() });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    expect(created.json()).toMatchObject({ tailNumber: 'N123AB', ownerortennat: 'Owner', start: null });
    const { agreementId: _a, propertyId: _p, ...fields } = record();
    const updated = await propertyAdmin.request({ method: 'PUT', url: `/api/Aircrafts/${id}`, payload: { ...fields, model: '182T', start: '2025-01-01', end: '2024-01-01' } });
    expect(updated.json().errors).toEqual({ end: 'End must be on or after Start' });
    const ok = await propertyAdmin.request({ method: 'PUT', url: `/api/Aircrafts/${id}`, payload: { ...fields, model: '182T' } });
    expect(ok.json().model).toBe('182T');
    const list = await tenant.request({ method: 'GET', url: `/api/Aircrafts?agreementId=${agreement._id}&propertyId=${property._id}` });
    expect(list.json().map((a: { _id: string }) => a._id)).toEqual([id]);
    expect((await otherTenant.request({ method: 'GET', url: `/api/Aircrafts/${id}` })).statusCode).toBe(404);
    expect((await otherTenant.request({ method: 'GET', url: `/api/Aircrafts?agreementId=${agreement._id}&propertyId=${property._id}` })).statusCode).toBe(404);
    const detail = await tenant.request({ method: 'GET', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` });
    expect(detail.json()).toMatchObject({ propertyId: property._id, aircraft: [{ _id: id }] });
    expect((await leaseAdmin.request({ method: 'DELETE', url: `/api/Aircrafts/${id}` })).statusCode).toBe(200);
    expect((await leaseAdmin.request({ method: 'DELETE', url: `/api/Aircrafts/${id}` })).statusCode).toBe(404);
  });
});
