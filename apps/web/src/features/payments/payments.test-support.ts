import { TEST_CARDS } from '@apron/core/payments';
import type { TInvoice, TLineItem } from '@apron/core/invoices';

export const INVOICE_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
export const COMPANY_ID = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
export const LINE_1 = '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f';
export const LINE_2 = '4d5e6f7a-8b9c-4d4e-9f5a-6b7c8d9e0f1a';
export const LINE_3 = '5e6f7a8b-9c0d-4e5f-8a6b-7c8d9e0f1a2b';

export function line(id: string, name: string, charges: number, amount = 1, paid = false): TLineItem {
  return {
    _id: id, uid: id, name, description: `${name} charge`, charges, amount, total: Math.round(charges * amount * 100) / 100, kind: 'manual',
    receiptId: paid ? '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' : null, isPaid: paid,
  };
}

export const ABILITIES_TENANT: TInvoice['abilities'] = {
  addLine: false, editLines: false, cancel: false, comment: false, email: true, payOnline: true, payFromBalance: false, manualPayment: false, payLink: false,
};
export const ABILITIES_ADMIN: TInvoice['abilities'] = {
  addLine: true, editLines: true, cancel: true, comment: true, email: true, payOnline: true, payFromBalance: false, manualPayment: true, payLink: true,
};

export function invoice(overrides: Partial<TInvoice> = {}): TInvoice {
  return {
    _id: INVOICE_ID, name: 'March rent', invoiceNumber: 1042, tenantId: COMPANY_ID, tenantName: 'Sierra Skies Aviation', invoiceDate: '2025-03-01',
    paymentDate: null, dueDate: '2025-03-31', status: 'Created', amountDue: 1801.25, amountTotal: 1801.25, amountPaid: 0, description: 'Monthly rent',
    comments: '', agreementId: null, periodStart: null, periodEnd: null,
    lineItems: [line(LINE_1, 'Hangar A1', 1250.5), line(LINE_2, 'Tie-down', 25.25, 2), line(LINE_3, 'Fuel', 500.25)],
    abilities: ABILITIES_TENANT, ...overrides,
  };
}

export const PAYMENT_CONFIG_ROUTE = {
  'GET /api/Payment/Config': { body: { testMode: true, provider: {}, testCards: { ...TEST_CARDS } } },
} as const;
