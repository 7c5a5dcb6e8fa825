import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGREEMENT_MESSAGES, TOTAL_COUNT_HEADER } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { companies } from '../companies/companies.table';
import { invoiceCycles, paymentTypes } from '../settings/settings.table';
import { agreementPayload, buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin, type LeaseMasterData } from './agreements.test-support';

let t: TestApp;
let admin: Caller; // every module, admin
let leaseAdmin: Caller;
let leaseStaff: Caller;
let tenant: Caller;
let master: LeaseMasterData;
let company: { _id: string };
let other: { _id: string };
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  leaseStaff = await signIn(t, { modules: ['Lease'] });
  master = await buildLeaseMasterData(admin);
  company = await buildCompany(admin);
  other = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

describe('POST /api/Agreements', () => {
  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Agreements', payload: {} })).statusCode).toBe(401);
  });

  it('400: required fields, End Date required only when Renewable', async () => {
    const res = await leaseAdmin.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, company._id, { title: ' ', endDate: '' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: 'Agreement Title is required', endDate: AGREEMENT_MESSAGES.endDateRequired });
    const before = await leaseAdmin.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, company._id, { endDate: '2024-01-01' }) });
    expect(before.json().errors).toEqual({ endDate: AGREEMENT_MESSAGES.endBeforeStart });
  });

  it('403 for Lease staff who are not admins, and for tenants', async () => {
    expect((await leaseStaff.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, company._id) })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, company._id) })).statusCode).toBe(403);
  });

  it('the owner must be an Active company', async () => {
    const pending = await buildCompany(admin, { status: 'Approval Needed' });
    const res = await leaseAdmin.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, pending._id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ tenantId: AGREEMENT_MESSAGES.ownerNotActive });
  });

  it('creates an agreement (no end date when not renewable), audits it and reads it back', async () => {
    const res = await leaseAdmin.request({
      method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, company._id, { renewable: false, endDate: '2030-01-01', agreementNum: 'LEASE-001' }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ agreementNum: 'LEASE-001', endDate: null, renewable: false, status: 'Active', tenantId: company._id, abilities: { edit: true, approveInsurance: true, removeProperty: false } });
    const read = await leaseStaff.request({ method: 'GET', url: `/api/Agreements/${body._id}` });
    expect(read.json()).toMatchObject({ _id: body._id, invoiceCycleId: master.invoiceCycleId, rentAdjustmentType: master.paymentTypeId, abilities: { edit: false } });
    // The names of what it refers to, as stored by their owners.
    const [cycle] = await t.db.select().from(invoiceCycles).where(eq(invoiceCycles.id, master.invoiceCycleId));
    const [type] = await t.db.select().from(paymentTypes).where(eq(paymentTypes.id, master.paymentTypeId));
    const [owner] = await t.db.select().from(companies).where(eq(companies.id, company._id));
    expect(read.json()).toMatchObject({ tenantName: owner!.name, invoiceCycleName: cycle!.name, rentAdjustmentTypeName: type!.name, rentAdjustmentSkuType: type!.skuType });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body._id));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('agreement numbers are unique (case-insensitive)', async () => {
    const res = await leaseAdmin.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, company._id, { agreementNum: 'lease-001' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ agreementNum: AGREEMENT_MESSAGES.duplicateNumber });
  });

  it('the status follows the dates when saved (Expiring Soon, Expired); Archived is kept', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await buildAgreement(leaseAdmin, master, company._id, { endDate: soon })).status).toBe('Expiring Soon');
    expect((await buildAgreement(leaseAdmin, master, company._id, { startDate: '2020-01-01', endDate: '2021-01-01' })).status).toBe('Expired');
    expect((await buildAgreement(leaseAdmin, master, company._id, { status: 'Archived' })).status).toBe('Archived');
  });
});

describe('PUT /api/Agreements/:id', () => {
  it('the ladder, then an update and read-back; an Archived agreement is read-only', async () => {
    const a = await buildAgreement(leaseAdmin, master, company._id);
    const payload = agreementPayload(master, company._id, { agreementNum: a.agreementNum, title: 'Renamed lease' });
    expect((await t.app.inject({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload })).statusCode).toBe(401);
    expect((await leaseAdmin.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload: { ...payload, status: 'Paused' } })).statusCode).toBe(400);
    expect((await leaseStaff.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload })).statusCode).toBe(403);
    expect((await leaseAdmin.request({ method: 'PUT', url: `/api/Agreements/${missing}`, payload })).statusCode).toBe(404);
    const ok = await leaseAdmin.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().title).toBe('Renamed lease');
    const archived = await leaseAdmin.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload: { ...payload, status: 'Archived' } });
    expect(archived.json()).toMatchObject({ status: 'Archived', abilities: { edit: false, addProperty: false } });
    const refused = await leaseAdmin.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload: { ...payload, status: 'Active' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGREEMENT_MESSAGES.archived);
  });
});

describe('reading agreements: grids and tenants', () => {
  let own: { _id: string };
  let foreign: { _id: string };
  beforeAll(async () => {
    own = await buildAgreement(leaseAdmin, master, company._id, { title: 'Tenant visible lease' });
    foreign = await buildAgreement(leaseAdmin, master, other._id, { title: 'Other company lease' });
  });

  it('GET /api/Agreements: 401, 403 without Lease, paging and search', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Agreements' })).statusCode).toBe(401);
    const noModule = await signIn(t, { modules: ['Invoices'] });
    expect((await noModule.request({ method: 'GET', url: '/api/Agreements' })).statusCode).toBe(403);
    expect((await leaseStaff.request({ method: 'GET', url: '/api/Agreements?sort=nope' })).statusCode).toBe(400);
    const page = await leaseStaff.request({ method: 'GET', url: '/api/Agreements?pageSize=2&sort=title:asc' });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers[TOTAL_COUNT_HEADER])).toBeGreaterThan(2);
    const search = await leaseStaff.request({ method: 'GET', url: '/api/Agreements?q=other company' });
    expect(search.json().map((r: { _id: string }) => r._id)).toEqual([foreign._id]);
  });

  it('a tenant sees their own company\'s agreements read-only and gets 404 for another\'s', async () => {
    const list = await tenant.request({ method: 'GET', url: '/api/Agreements?pageSize=100' });
    const ids = list.json().map((r: { _id: string }) => r._id);
    expect(ids).toContain(own._id);
    expect(ids).not.toContain(foreign._id);
    const read = await tenant.request({ method: 'GET', url: `/api/Agreements/${own._id}` });
    expect(read.json().abilities).toMatchObject({ edit: false, addProperty: false, approveInsurance: false });
    expect((await tenant.request({ method: 'GET', url: `/api/Agreements/${foreign._id}` })).statusCode).toBe(404);
    expect((await tenant.request({ method: 'GET', url: `/api/Company/Agreements/${other._id}` })).statusCode).toBe(404);
    const mine = await tenant.request({ method: 'GET', url: `/api/Company/Agreements/${company._id}` });
    expect(mine.json().every((r: { tenantId: string }) => r.tenantId === company._id)).toBe(true);
    const byIds = await tenant.request({ method: 'POST', url: '/api/AgreementsByIds', payload: { ids: [own._id, foreign._id] } });
    expect(byIds.json().map((r: { _id: string }) => r._id)).toEqual([own._id]);
  });

  it("sorts by the owner's name either way, ignoring case, and shows it on each row", async () => {
    const stamp = Date.now();
    const zulu = await buildCompany(admin, { name: `Zulu Jets ${stamp}` });
    const aardvark = await buildCompany(admin, { name: `aardvark Aviation ${stamp}` });
    await buildAgreement(leaseAdmin, master, zulu._id, { title: `Owner sort A ${stamp}` });
    await buildAgreement(leaseAdmin, master, aardvark._id, { title: `Owner sort B ${stamp}` });
    const names = async (direction: string) => {
      const rows = (await leaseStaff.request({ method: 'GET', url: `/api/Agreements?q=owner sort&sort=tenantName:${direction}` })).json() as Array<{ tenantName: string }>;
      return rows.map((r) => r.tenantName);
    };
    expect(await names('asc')).toEqual([`aardvark Aviation ${stamp}`, `Zulu Jets ${stamp}`]);
    expect(await names('desc')).toEqual([`Zulu Jets ${stamp}`, `aardvark Aviation ${stamp}`]);
  });

  it('Company/Agreements/:id: 404 for a missing company; AgreementsByIds: 400 on an empty list', async () => {
    expect((await leaseStaff.request({ method: 'GET', url: `/api/Company/Agreements/${missing}` })).statusCode).toBe(404);
    expect((await leaseStaff.request({ method: 'POST', url: '/api/AgreementsByIds', payload: { ids: [] } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/AgreementsByIds', payload: { ids: [own._id] } })).statusCode).toBe(401);
  });
});

describe('properties on an agreement', () => {
  it('adds a property (Lease admins), which then shows Leased with Lease Info and Lease History', async () => {
    const property = await buildProperty(admin);
    const a = await buildAgreement(leaseAdmin, master, company._id, { startDate: '2025-01-01', endDate: '2099-01-01' });
    expect((await t.app.inject({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` })).statusCode).toBe(401);
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/nope` })).statusCode).toBe(400);
    expect((await leaseStaff.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` })).statusCode).toBe(403);
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${missing}` })).statusCode).toBe(404);
    const added = await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ propertyId: property._id, rent: 450.5, status: 'Leased' });

    const list = await tenant.request({ method: 'GET', url: `/api/Agreements/Properties/${a._id}` });
    expect(list.json().map((p: { propertyId: string }) => p.propertyId)).toEqual([property._id]);
    const detail = await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` });
    expect(detail.json()).toMatchObject({ status: 'Leased', leaseInfo: { status: 'Leased', agreement: { _id: a._id, agreementNum: a.agreementNum } } });
    const history = await admin.request({ method: 'GET', url: `/api/Property/LeaseHistory/${property._id}` });
    expect(history.json().map((h: { _id: string }) => h._id)).toEqual([a._id]);
    const options = await leaseStaff.request({ method: 'GET', url: '/api/Agreements/PropertyList/All' });
    expect(options.json().find((o: { _id: string }) => o._id === property._id)).toMatchObject({ status: 'Leased' });
  });

  it('refuses another agreement over an overlapping period, allows a later one', async () => {
    const property = await buildProperty(admin);
    const first = await buildAgreement(leaseAdmin, master, company._id, { startDate: '2025-01-01', endDate: '2025-12-31' });
    const overlapping = await buildAgreement(leaseAdmin, master, other._id, { startDate: '2025-12-31', endDate: '2026-06-30' });
    const later = await buildAgreement(leaseAdmin, master, other._id, { startDate: '2026-01-01', endDate: '2026-06-30' });
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${first._id}/${property._id}` })).statusCode).toBe(201);
    const refused = await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${overlapping._id}/${property._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Property already leased for the period.');
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${later._id}/${property._id}` })).statusCode).toBe(201);
    // Stretching the first agreement over the later one is refused too, by the same constraint.
    const stretched = await leaseAdmin.request({
      method: 'PUT', url: `/api/Agreements/${first._id}`,
      payload: agreementPayload(master, company._id, { agreementNum: (await leaseAdmin.request({ method: 'GET', url: `/api/Agreements/${first._id}` })).json().agreementNum, startDate: '2025-01-01', endDate: '2026-03-01' }),
    });
    expect(stretched.statusCode).toBe(409);
    expect(stretched.json().message).toBe('Property already leased for the period.');
  });

  it('two simultaneous requests for the same property cannot both win', async () => {
    const property = await buildProperty(admin);
    const a = await buildAgreement(leaseAdmin, master, company._id, { startDate: '2027-01-01', endDate: '2027-12-31' });
    const b = await buildAgreement(leaseAdmin, master, other._id, { startDate: '2027-06-01', endDate: '2028-05-31' });
    const results = await Promise.all([
      leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` }),
      leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${b._id}/${property._id}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Property already leased for the period.');
    const history = await admin.request({ method: 'GET', url: `/api/Property/LeaseHistory/${property._id}` });
    expect(history.json()).toHaveLength(1);
  });

  it('an archived agreement frees the period', async () => {
    const property = await buildProperty(admin);
    const a = await buildAgreement(leaseAdmin, master, company._id, { startDate: '2025-01-01', endDate: '2099-01-01' });
    await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` });
    const num = (await leaseAdmin.request({ method: 'GET', url: `/api/Agreements/${a._id}` })).json().agreementNum;
    await leaseAdmin.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload: agreementPayload(master, company._id, { agreementNum: num, startDate: '2025-01-01', endDate: '2099-01-01', status: 'Archived' }) });
    const b = await buildAgreement(leaseAdmin, master, other._id, { startDate: '2025-06-01', endDate: '2099-01-01' });
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${b._id}/${property._id}` })).statusCode).toBe(201);
  });

  it('removing a property is for Property admins', async () => {
    const property = await buildProperty(admin);
    const a = await buildAgreement(leaseAdmin, master, company._id);
    await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` });
    const url = `/api/Agreements/Properties/${a._id}/${property._id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await leaseAdmin.request({ method: 'DELETE', url })).statusCode).toBe(403);
    const propertyAdmin = await signIn(t, { modules: ['Property'], isAdmin: true });
    expect((await propertyAdmin.request({ method: 'DELETE', url: `/api/Agreements/Properties/${a._id}/${missing}` })).statusCode).toBe(404);
    expect((await propertyAdmin.request({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await leaseStaff.request({ method: 'GET', url: `/api/Agreements/Properties/${a._id}` })).json()).toEqual([]);
  });
});

describe('journey: a Lease admin leases two properties to a company; its user sees it read-only', () => {
  it('creates, adds two properties, records a deposit and an insurance; the tenant reads all of it and can change none of it', async () => {
    const owner = await buildCompany(admin);
    const [p1, p2] = [await buildProperty(admin), await buildProperty(admin)];
    const a = await buildAgreement(leaseAdmin, master, owner._id, { title: 'North Ramp hangars' });
    for (const p of [p1, p2]) expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${p._id}` })).statusCode).toBe(201);
    const deposit = { amount: 900, received: true, returned: false, paymentDate: '2025-01-02', paymentMethod: 'Card' };
    expect((await admin.request({ method: 'POST', url: `/api/Agreements/Security/${a._id}/${p1._id}`, payload: deposit })).statusCode).toBe(200);
    const insurance = { agreementId: a._id, propertyId: p1._id, insuranceType: master.insuranceTypeId, maxCoverageAmount: 250000, startDate: '2025-01-01', endDate: '2026-01-01', isApproved: true };
    expect((await leaseAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: insurance })).statusCode).toBe(201);

    const user = await signIn(t, { isInternal: false, companyId: owner._id });
    expect((await user.request({ method: 'GET', url: '/api/Agreements' })).json().map((r: { _id: string }) => r._id)).toEqual([a._id]);
    expect((await user.request({ method: 'GET', url: `/api/Agreements/${a._id}` })).json().abilities).toEqual({
      edit: false, addProperty: false, removeProperty: false, editDeposit: false, editInsurance: false, approveInsurance: false, editAircraft: false,
    });
    expect((await user.request({ method: 'GET', url: `/api/Agreements/Properties/${a._id}` })).json()).toHaveLength(2);
    const detail = (await user.request({ method: 'GET', url: `/api/Agreements/Properties/${a._id}/${p1._id}` })).json();
    expect(detail).toMatchObject({ securityDeposit: { amount: 900, paymentMethod: 'Card' }, insurances: [{ maxCoverageAmount: 250000, isApproved: true }] });
    const writes = [
      user.request({ method: 'PUT', url: `/api/Agreements/${a._id}`, payload: agreementPayload(master, owner._id) }),
      user.request({ method: 'POST', url: `/api/Agreements/Security/${a._id}/${p1._id}`, payload: deposit }),
      user.request({ method: 'POST', url: '/api/Insurance/add', payload: insurance }),
      user.request({ method: 'DELETE', url: `/api/Agreements/Properties/${a._id}/${p2._id}` }),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);
  });
});
