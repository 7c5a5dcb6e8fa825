import { describe, expect, it } from 'vitest';
import {
  balanceCents, hasSufficientFunds, invoiceTotals, lateFeeCents, lineTotalCents, prorateRent,
} from '../src/invoices/billing-rules';
import { ZLineItemInput, ZInvoiceCreate } from '../src/invoices/invoice';
import { ZManualPayment, maskAccountNumber } from '../src/payments/index';
import { ZPayFromBalance } from '../src/balances/index';

describe('line and invoice totals (cents)', () => {
  it('multiplies unit charge by whole quantity', () => {
    expect(lineTotalCents({ chargesCents: 2550, amount: 2 })).toBe(5100);
  });
  it('splits paid and due', () => {
    const t = invoiceTotals([
      { chargesCents: 1999, amount: 3, isPaid: true },
      { chargesCents: 1, amount: 1, isPaid: false },
      { chargesCents: 10000, amount: 1, isPaid: false },
    ]);
    expect(t).toEqual({ totalCents: 15_998, paidCents: 5997, dueCents: 10_001 });
  });
  it('an empty invoice is zero', () => {
    expect(invoiceTotals([])).toEqual({ totalCents: 0, paidCents: 0, dueCents: 0 });
  });
});

describe('line item input (PRODUCT-RULES 2)', () => {
  it('accepts dollars with two decimals and whole quantities', () => {
    expect(ZLineItemInput.parse({ name: ' Fuel ', description: 'x', charges: 12.5, amount: 2 })).toMatchObject({ name: 'Fuel', charges: 12.5 });
  });
  it('refuses zero, three decimals, fractions and huge prices', () => {
    const bad = (v: object) => ZLineItemInput.safeParse({ name: 'a', description: 'b', charges: 1, amount: 1, ...v }).success;
    expect(bad({ charges: 0 })).toBe(false);
    expect(bad({ charges: 1.005 })).toBe(false);
    expect(bad({ amount: 1.5 })).toBe(false);
    expect(bad({ amount: 0 })).toBe(false);
    expect(bad({ charges: 10_000_000.01 })).toBe(false);
  });
  it('create needs name, description, due date and company', () => {
    const r = ZInvoiceCreate.safeParse({ name: ' ', description: '', dueDate: '2025-02-30' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0]).sort()).toEqual(['description', 'dueDate', 'name', 'tenantId']);
  });
});

describe('late fee', () => {
  it('is a percentage of the amount due, rounded half up to the cent', () => {
    expect(lateFeeCents(10_000, 5)).toBe(500);
    expect(lateFeeCents(10_001, 5.125)).toBe(513); // 512.55125
    expect(lateFeeCents(10, 5)).toBe(1); // 0.5 -> 1
    expect(lateFeeCents(9, 5)).toBe(0); // 0.45 -> 0
    expect(lateFeeCents(123_456_789, 1.5)).toBe(1_851_852);
  });
  it('is zero without a due amount or a percentage', () => {
    expect(lateFeeCents(0, 5)).toBe(0);
    expect(lateFeeCents(1000, 0)).toBe(0);
  });
});

describe('balance (PRODUCT-RULES 6, 7)', () => {
  it('is credits minus debits', () => {
    expect(balanceCents([{ type: 'Credit', amountCents: 10_000 }, { type: 'Debit', amountCents: 2_501 }, { type: 'Credit', amountCents: 1 }])).toBe(7_500);
  });
  it('pays when the balance covers the total exactly, not when short', () => {
    expect(hasSufficientFunds(5000, 5000)).toBe(true);
    expect(hasSufficientFunds(4999, 5000)).toBe(false);
    expect(hasSufficientFunds(5000, 0)).toBe(false);
  });
  it('pay-from-balance body is invoice id -> line ids', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(ZPayFromBalance.safeParse({ [id]: [id] }).success).toBe(true);
    expect(ZPayFromBalance.safeParse({}).success).toBe(false);
    expect(ZPayFromBalance.safeParse({ [id]: [] }).success).toBe(false);
  });
});

describe('proration by day', () => {
  it('charges a whole month its rent', () => {
    expect(prorateRent(45_050, '2025-02-01', '2025-02-28')).toEqual([{ from: '2025-02-01', to: '2025-02-28', days: 28, daysInMonth: 28, cents: 45_050 }]);
  });
  it('prorates partial months by the days of that month, half up', () => {
    const segments = prorateRent(45_050, '2025-01-15', '2025-02-28');
    expect(segments.map((s) => [s.from, s.to, s.days, s.cents])).toEqual([
      ['2025-01-15', '2025-01-31', 17, 24_705], // 45050 * 17 / 31 = 24704.84
      ['2025-02-01', '2025-02-28', 28, 45_050],
    ]);
  });
  it('handles leap years, one day and an empty period', () => {
    expect(prorateRent(29_000, '2024-02-10', '2024-02-10')[0]!.cents).toBe(1000); // 29000 / 29
    expect(prorateRent(30_000, '2024-12-31', '2025-01-01').map((s) => s.cents)).toEqual([968, 968]);
    expect(prorateRent(30_000, '2025-03-02', '2025-03-01')).toEqual([]);
  });
  it('a year of whole months is twelve rents', () => {
    const segments = prorateRent(100_00, '2025-01-01', '2025-12-31');
    expect(segments).toHaveLength(12);
    expect(segments.every((s) => s.cents === 100_00)).toBe(true);
  });
});

describe('manual payment', () => {
  const base = { lineIds: ['00000000-0000-4000-8000-000000000001'], accountName: ' Jane ', accountDetails: '12345678', confirmation: '021000021', paymentDate: '2025-03-01' };
  it('trims and requires the fields', () => {
    const r = ZManualPayment.safeParse({ ...base, accountType: true, accountName: '  ', confirmation: '' });
    expect(r.error!.issues.map((i) => i.path[0]).sort()).toEqual(['accountName', 'confirmation']);
  });
  it('a check needs a numeric account and a 9-digit routing number', () => {
    expect(ZManualPayment.safeParse({ ...base, accountType: false }).success).toBe(true);
    expect(ZManualPayment.safeParse({ ...base, accountType: false, confirmation: '12' }).success).toBe(false);
  });
  it('masks account numbers to the last four digits', () => {
    expect(maskAccountNumber('12345678')).toBe('****5678');
    expect(maskAccountNumber('1234-5678-9')).toBe('****6789');
  });
});
