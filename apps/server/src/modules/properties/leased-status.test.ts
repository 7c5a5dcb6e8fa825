import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { AGREEMENT_MESSAGES } from '@apron/core';
import { COMING_LEASE_STATUS_MESSAGE } from './properties.service';
import { agreementPayload, buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin } from '../agreements/agreements.test-support';

// Spec doc 1 §5: "Leased is shown with no manual change" (issue 9 item 14).
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
});
afterAll(async () => t?.close());

describe('a Leased property has no manual status change', () => {
  it('says so in its abilities and the server refuses Make Inactive', async () => {
    const master = await buildLeaseMasterData(admin);
    const company = await buildCompany(admin);
    const property = await buildProperty(admin);
    const free = (await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json();
    expect(free).toMatchObject({ status: 'Active', abilities: { changeStatus: true } });

    const lease = await buildAgreement(admin, master, company._id, { startDate: '2025-01-01', endDate: '2099-12-31' });
    expect((await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${lease._id}/${property._id}` })).statusCode).toBe(201);
    const leased = (await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json();
    expect(leased).toMatchObject({ status: 'Leased', abilities: { edit: true, changeStatus: false } });

    const refused = await admin.request({ method: 'POST', url: `/api/Property/List/Status/${property._id}`, payload: { status: 'Inactive' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A leased property has no manual status change.');
    expect((await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json().status).toBe('Leased');
  });

  it('an Inactive property cannot be put under a lease that has not ended (PRODUCT-RULES 31)', async () => {
    const master = await buildLeaseMasterData(admin);
    const company = await buildCompany(admin);
    const property = await buildProperty(admin);
    expect((await admin.request({ method: 'POST', url: `/api/Property/List/Status/${property._id}`, payload: { status: 'Inactive' } })).statusCode).toBe(200);
    const current = await buildAgreement(admin, master, company._id, { startDate: '2025-01-01', endDate: '2099-12-31' });
    const refused = await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${current._id}/${property._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGREEMENT_MESSAGES.propertyInactive);
    expect((await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json().status).toBe('Inactive');
    // A lease that ended is history: it may name the property whatever its status now.
    const ended = await buildAgreement(admin, master, company._id, { startDate: '2020-01-01', endDate: '2020-12-31' });
    expect((await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${ended._id}/${property._id}` })).statusCode).toBe(201);
    // Stretching that ended lease over today would put the Inactive property under a current lease.
    const stretched = await admin.request({ method: 'PUT', url: `/api/Agreements/${ended._id}`, payload: agreementPayload(master, company._id, { agreementNum: ended.agreementNum, startDate: '2020-01-01', endDate: '2099-12-31' }) });
    expect(stretched.statusCode).toBe(409);
    expect(stretched.json().message).toBe(AGREEMENT_MESSAGES.propertyInactive);
  });

  it('a property whose lease begins later cannot be made Inactive either (it would be Inactive once the lease starts)', async () => {
    const master = await buildLeaseMasterData(admin);
    const company = await buildCompany(admin);
    const property = await buildProperty(admin);
    const coming = await buildAgreement(admin, master, company._id, { startDate: '2098-01-01', endDate: '2099-12-31' });
    expect((await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${coming._id}/${property._id}` })).statusCode).toBe(201);
    const refused = await admin.request({ method: 'POST', url: `/api/Property/List/Status/${property._id}`, payload: { status: 'Inactive' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COMING_LEASE_STATUS_MESSAGE);
    expect((await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json().status).toBe('Active');
  });

  it('Make Inactive racing a lease of the same property: never both (the property row is locked)', async () => {
    const master = await buildLeaseMasterData(admin);
    const company = await buildCompany(admin);
    const lease = await buildAgreement(admin, master, company._id, { startDate: '2025-01-01', endDate: '2099-12-31' });
    for (let round = 0; round < 4; round++) {
      const property = await buildProperty(admin);
      const [inactive, leased] = await Promise.all([
        admin.request({ method: 'POST', url: `/api/Property/List/Status/${property._id}`, payload: { status: 'Inactive' } }),
        admin.request({ method: 'POST', url: `/api/Agreements/Properties/${lease._id}/${property._id}` }),
      ]);
      expect([inactive.statusCode, leased.statusCode].filter((status) => status < 300)).toHaveLength(1);
      const shown = (await admin.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json().status;
      expect(shown).toBe(leased.statusCode === 201 ? 'Leased' : 'Inactive');
    }
  });
});
