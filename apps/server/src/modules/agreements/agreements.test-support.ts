import { randomBytes } from 'node:crypto';
import type { TAgreementInput, TCompanyInput } from '@apron/core';
import type { Caller, TestApp } from '../../../test/helpers';
import { signIn } from '../../../test/helpers';

/**
 * Test factories over HTTP for the companies and agreements tests: each builds what is missing
 * through the calls staff make, so rows are exactly what the API stores.
 */
const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

async function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** An admin of every module (writes master data, companies, agreements, properties). */
export const superAdmin = (t: TestApp) => signIn(t, { modules: 'all', isAdmin: true });

export async function buildCompany(admin: Caller, spec: Partial<TCompanyInput> = {}) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/Company',
    payload: { name: unique('Company'), description: 'Hangar tenant', email: 'office@example.test', phone: '7755550100', status: 'Active', ...spec },
  });
  await expectStatus(res, 201, 'buildCompany');
  return res.json() as { _id: string; name: string; status: string };
}

export interface LeaseMasterData {
  invoiceCycleId: string;
  paymentTypeId: string;
  insuranceTypeId: string;
}

export async function buildLeaseMasterData(admin: Caller): Promise<LeaseMasterData> {
  const cycle = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: unique('Monthly'), description: '', dueDays: 30, expression: '0 6 1 * *' } });
  await expectStatus(cycle, 201, 'invoice cycle');
  const payment = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: unique('CPI'), description: '', skuType: 'CPI', skuValue: 2, lateFee: 5 } });
  await expectStatus(payment, 201, 'payment type');
  const insurance = await admin.request({ method: 'POST', url: '/api/Crud/insuranceTypes', payload: { name: unique('Hull'), description: '' } });
  await expectStatus(insurance, 201, 'insurance type');
  return { invoiceCycleId: cycle.json()._id, paymentTypeId: payment.json()._id, insuranceTypeId: insurance.json()._id };
}

export async function buildProperty(admin: Caller) {
  const area = await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: unique('Area'), description: '' } });
  await expectStatus(area, 201, 'area');
  const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: unique('Type'), attributes: [] } });
  await expectStatus(type, 201, 'type');
  const res = await admin.request({
    method: 'POST',
    url: '/api/Property/List',
    payload: { name: unique('Hangar'), description: 'A hangar', address: '1 Airport Rd', rent: 450.5, area: area.json()._id, propertyType: type.json()._id },
  });
  await expectStatus(res, 201, 'property');
  return res.json() as { _id: string; name: string };
}

export function agreementPayload(master: LeaseMasterData, tenantId: string, spec: Partial<TAgreementInput> = {}): TAgreementInput {
  return {
    title: 'Hangar lease',
    agreementNum: unique('AG').replace(' ', '-'),
    description: 'Lease of a hangar',
    status: 'Active',
    startDate: '2025-01-01',
    endDate: '2099-12-31',
    renewable: true,
    leaseTerms: 'Five years',
    tenantId,
    invoiceCycleId: master.invoiceCycleId,
    rentAdjustmentType: master.paymentTypeId,
    adjustmentDate: '',
    adjustmentFreq: 12,
    ...spec,
  };
}

export async function buildAgreement(admin: Caller, master: LeaseMasterData, tenantId: string, spec: Partial<TAgreementInput> = {}) {
  const res = await admin.request({ method: 'POST', url: '/api/Agreements', payload: agreementPayload(master, tenantId, spec) });
  await expectStatus(res, 201, 'buildAgreement');
  return res.json() as { _id: string; agreementNum: string; status: string };
}
