import { randomBytes } from 'node:crypto';
import type { TInvoice, TLineItemInput } from '@apron/core';
import { signIn, type Caller, type TestApp } from '../../../test/helpers';

/** Test factories over HTTP for the billing tests: rows are exactly what the API stores. */
const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

export async function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

export const superAdmin = (t: TestApp) => signIn(t, { modules: 'all', isAdmin: true });

export async function buildCompany(admin: Caller) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/Company',
    payload: { name: unique('Company'), description: 'Hangar tenant', email: 'billing@example.test', phone: '7755550100', status: 'Active' },
  });
  await expectStatus(res, 201, 'buildCompany');
  return res.json() as { _id: string; name: string };
}

/** An invoice of the company with the given lines (default: two lines, $25.50 x 2 and $100 x 1). */
export async function buildInvoice(
  admin: Caller,
  companyId: string,
  lines: TLineItemInput[] = [
    { name: 'Tie-down', description: 'Nightly', charges: 25.5, amount: 2 },
    { name: 'Fuel', description: 'Jet A', charges: 100, amount: 1 },
  ],
  dueDate = '2099-12-31',
): Promise<TInvoice> {
  const created = await admin.request({ method: 'POST', url: '/api/Invoices', payload: { name: unique('Invoice'), description: 'Monthly charges', dueDate, tenantId: companyId } });
  await expectStatus(created, 201, 'create invoice');
  let invoice = created.json().invoice as TInvoice;
  for (const line of lines) {
    const res = await admin.request({ method: 'POST', url: `/api/Invoices/LineItems/Add/${invoice._id}`, payload: line });
    await expectStatus(res, 201, 'add line');
    invoice = res.json();
  }
  return invoice;
}

/** A fresh Idempotency-Key, as the page makes one per money action. */
export const moneyKey = () => `money-${randomBytes(8).toString('hex')}`;

export async function addCredit(admin: Caller, companyId: string, amount: number) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/Company/Balances',
    payload: { tenantId: companyId, accountNum: '123456789', routingNum: '021000021', amount, type: 'Credit', dateApplied: '2025-01-02' },
    headers: { 'idempotency-key': moneyKey() },
  });
  await expectStatus(res, 201, 'credit');
  return res.json();
}

const suffix = () => randomBytes(3).toString('hex');

/** An invoice cycle (due in 30 days) and a payment type with a late fee (5% unless given). */
export async function buildCycle(caller: Caller, expression: string, lateFee = 5) {
  const cycle = await caller.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: `Monthly ${suffix()}`, description: '', dueDays: 30, expression } });
  await expectStatus(cycle, 201, 'cycle');
  const payType = await caller.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: `CPI ${suffix()}`, description: '', skuType: 'CPI', skuValue: 2, lateFee } });
  await expectStatus(payType, 201, 'payment type');
  return { cycleId: cycle.json()._id as string, payTypeId: payType.json()._id as string };
}

/**
 * An Active agreement 'Hangar lease' (from `startDate` to `endDate`, by default 2099) with one $450.50 hangar, on the
 * given cycle, or by default a new one: monthly on the 1st, due in 30 days, 5% late fee.
 */
export async function buildLeasedAgreement(caller: Caller, company: string, terms?: { cycleId: string; payTypeId: string }, startDate = '2025-01-01', endDate = '2099-12-31') {
  const { cycleId, payTypeId } = terms ?? (await buildCycle(caller, '0 6 1 * *'));
  const area = await caller.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: `Area ${suffix()}`, description: '' } });
  const type = await caller.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `Type ${suffix()}`, attributes: [] } });
  const propertyName = `Hangar ${suffix()}`;
  const propertyInput = { name: propertyName, description: 'A hangar', address: '1 Airport Rd', rent: 450.5, area: area.json()._id as string, propertyType: type.json()._id as string };
  const property = await caller.request({ method: 'POST', url: '/api/Property/List', payload: propertyInput });
  await expectStatus(property, 201, 'property');
  const agreement = await caller.request({
    method: 'POST',
    url: '/api/Agreements',
    payload: {
      title: 'Hangar lease', agreementNum: `AG-${suffix()}`, description: 'Lease', status: 'Active', startDate, endDate, renewable: true,
      leaseTerms: '', tenantId: company, invoiceCycleId: cycleId, rentAdjustmentType: payTypeId, adjustmentDate: '', adjustmentFreq: 12,
    },
  });
  await expectStatus(agreement, 201, 'agreement');
  await expectStatus(await caller.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement.json()._id}/${property.json()._id}` }), 201, 'link');
  return { id: agreement.json()._id as string, agreementNum: agreement.json().agreementNum as string, propertyName, propertyId: property.json()._id as string, propertyInput };
}
