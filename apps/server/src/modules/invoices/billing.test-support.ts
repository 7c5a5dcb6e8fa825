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

export async function addCredit(admin: Caller, companyId: string, amount: number) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/Company/Balances',
    payload: { tenantId: companyId, accountNum: '123456789', routingNum: '021000021', amount, type: 'Credit', dateApplied: '2025-01-02' },
  });
  await expectStatus(res, 201, 'credit');
  return res.json();
}
