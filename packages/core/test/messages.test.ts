import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, ZManualPayment, zPropertyFormFor } from '../src/index';

const LINE = '8d6b6f1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const ATTRIBUTE = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';

function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('validation messages a person reads (PRODUCT-RULES 27)', () => {
  it('names the field in plain sentences where a schema did not word its own message', () => {
    const schema = z.object({ dueDays: z.number().int().min(0), lateFee: z.number(), name: z.string(), kind: z.enum(['A', 'B']) });
    expect(messages(schema, { lateFee: Number.NaN, kind: 'C' })).toEqual({
      dueDays: 'Due Days is required',
      lateFee: 'Late Fee must be a number',
      name: 'Name is required',
      kind: 'Kind is not one of the choices',
    });
    expect(messages(schema, { dueDays: 'ten', lateFee: 1, name: 'x', kind: 'A' })).toEqual({ dueDays: 'Due Days must be a number' });
    expect(messages(schema, { dueDays: -1, lateFee: 1, name: 'x', kind: 'A' })).toEqual({ dueDays: 'Due Days must be at least 0' });
  });

  it('keeps a schema\'s own message', () => {
    expect(messages(z.object({ a: z.string({ error: 'Tail Number is required' }) }), {})).toEqual({ a: 'Tail Number is required' });
  });

  it("says a number is expected where a field takes '' or a number", () => {
    const schema = z.object({ adjustmentFreq: z.union([z.literal(''), z.number()]).nullish() });
    expect(messages(schema, { adjustmentFreq: Number.NaN })).toEqual({ adjustmentFreq: 'Adjustment Freq must be a number' });
  });

  it('never names a field by an id', () => {
    expect(fieldLabel(['attributes', ATTRIBUTE])).toBe('Attributes');
    expect(fieldLabel([])).toBe('This field');
  });

  it('a required custom property field left empty says "<Attribute> is required"', () => {
    const schema = zPropertyFormFor([{ _id: ATTRIBUTE, name: 'Hangar Width', attributeType: 'Numeric' }]);
    const base = { name: 'H1', description: 'd', area: LINE, propertyType: LINE, address: 'a', rent: 10 };
    expect(messages(schema, { ...base, attributes: { [ATTRIBUTE]: undefined } })).toEqual({ [`attributes.${ATTRIBUTE}`]: 'Hangar Width is required' });
    expect(messages(schema, { ...base, attributes: { [ATTRIBUTE]: 'wide' } })).toEqual({ [`attributes.${ATTRIBUTE}`]: 'Hangar Width must be a number' });
  });

  it('manual payment errors name the field as the dialog labels it, cash or check', () => {
    const base = { lineIds: [LINE], paymentDate: '2026-01-02' };
    expect(messages(ZManualPayment, { ...base, accountType: true })).toEqual({
      accountName: 'Paid By is required',
      accountDetails: 'Cash Details is required',
      confirmation: 'Comments is required',
    });
    expect(messages(ZManualPayment, { ...base, accountType: false, accountName: 'Acme', accountDetails: '12', confirmation: '' })).toEqual({
      accountDetails: 'Account Number must be 4 to 17 digits',
      confirmation: 'Routing Number is required',
    });
    expect(ZManualPayment.safeParse({ ...base, accountType: false, accountName: 'Acme', accountDetails: '123456789', confirmation: '123456789' }).success).toBe(true);
  });
});

describe('numbers typed into forms', () => {
  it('an empty or non-numeric Due Days is an error naming the field, never 0', async () => {
    const { ZInvoiceCycle, ZPaymentType } = await import('../src/index');
    const cycle = { name: 'Monthly', expression: '0 0 1 * *' };
    expect(messages(ZInvoiceCycle, { ...cycle, dueDays: '' })).toEqual({ dueDays: 'Due days is required' });
    expect(messages(ZInvoiceCycle, { ...cycle })).toEqual({ dueDays: 'Due days is required' });
    expect(messages(ZInvoiceCycle, { ...cycle, dueDays: 'ten' })).toEqual({ dueDays: 'Due days must be a number' });
    expect(ZInvoiceCycle.parse({ ...cycle, dueDays: '10' }).dueDays).toBe(10);
    expect(ZInvoiceCycle.parse({ ...cycle, dueDays: 0 }).dueDays).toBe(0);
    expect(messages(ZPaymentType, { name: 'Rent', skuType: 'Flat', skuValue: 5, lateFee: 'abc' })).toEqual({ lateFee: 'Late fee must be a number' });
  });

  it('a dollar amount names its field', async () => {
    const { zDollars } = await import('../src/index');
    const schema = z.object({ maxCoverageAmount: zDollars() });
    expect(messages(schema, {})).toEqual({ maxCoverageAmount: 'Max Coverage Amount is required' });
    expect(messages(schema, { maxCoverageAmount: Number.NaN })).toEqual({ maxCoverageAmount: 'Max Coverage Amount must be a number' });
  });
});
