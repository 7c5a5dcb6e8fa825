import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { domainEvents } from '../../platform/events/events.table';
import { buildCompany, buildInvoice, superAdmin } from '../invoices/billing.test-support';

/**
 * Card and manual payments publish Invoices/Updated for the invoice they pay, in the payment's
 * transaction (docs/communications.md): exactly one per payment, with the new figures; a
 * declined card or a refused payment publishes nothing.
 */
let t: TestApp;
let admin: Caller;
let invoicesAdmin: Caller;
let tenant: Caller;
let company: { _id: string; name: string };
const APPROVE = 'test:4242 4242 4242 4242';
const DECLINE = 'test:4000 0000 0000 0002';
let keys = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  invoicesAdmin = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  company = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

/** Invoices/Updated of the invoice published since `before` (the ids seen then). */
const newSince = async (invoiceId: string, before: Set<string>) => (await updatedEvents(invoiceId)).filter((e) => !before.has(e.id));
const seen = async (invoiceId: string) => new Set((await updatedEvents(invoiceId)).map((e) => e.id));
const updatedEvents = (invoiceId: string) =>
  t.db.select().from(domainEvents).where(and(eq(domainEvents.module, 'Invoices'), eq(domainEvents.trigger, 'Updated'), eq(domainEvents.recordId, invoiceId)));
const payByCard = (invoice: TInvoice, lineIds: string[], sourceToken = APPROVE) =>
  tenant.request({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: { lineIds, sourceToken }, headers: { 'idempotency-key': `event-key-${++keys}` } });
const manual = (invoice: TInvoice, lineIds: string[]) =>
  invoicesAdmin.request({
    method: 'POST',
    url: `/api/Invoices/ManualPayment/${invoice._id}`,
    payload: { lineIds, accountType: true, accountName: 'Jane Pilot', accountDetails: 'Front desk', confirmation: 'Paid in person', paymentDate: '2025-03-04' },
  });

describe('card payment', () => {
  it('a declined card publishes nothing; an approved one exactly one Invoices/Updated with the new amount due', async () => {
    const invoice = await buildInvoice(admin, company._id); // $51.00 + $100.00
    const before = await seen(invoice._id); // the lines added while building it
    expect((await payByCard(invoice, [invoice.lineItems[0]!._id], DECLINE)).statusCode).toBe(422);
    expect(await newSince(invoice._id, before)).toHaveLength(0);

    expect((await payByCard(invoice, [invoice.lineItems[0]!._id])).statusCode).toBe(200);
    const events = await newSince(invoice._id, before);
    expect(events).toHaveLength(1);
    expect(events[0]!.companyId).toBe(company._id);
    expect(events[0]!.fields).toEqual({
      invoiceNumber: invoice.invoiceNumber, name: invoice.name, companyName: company.name, status: 'Created',
      invoiceDate: expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/), dueDate: '12/31/2099', total: '$151.00', amountDue: '$100.00',
    });
    // The same line again is refused (already paid): its transaction published nothing.
    expect((await payByCard(invoice, [invoice.lineItems[0]!._id])).statusCode).toBe(409);
    expect(await newSince(invoice._id, before)).toHaveLength(1);
  });
});

describe('manual payment', () => {
  it('publishes one Invoices/Updated (Paid when the last line is paid); a refused one nothing', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const before = await seen(invoice._id);
    expect((await manual(invoice, [invoice.lineItems[0]!._id, invoice.lineItems[1]!._id])).statusCode).toBe(201);
    const events = await newSince(invoice._id, before);
    expect(events).toHaveLength(1);
    expect(events[0]!.fields).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: 'Paid', total: '$151.00', amountDue: '$0.00' });
    expect((await manual(invoice, [invoice.lineItems[0]!._id])).statusCode).toBe(409);
    expect(await newSince(invoice._id, before)).toHaveLength(1);
  });
});
