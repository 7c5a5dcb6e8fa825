import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';

/** PRODUCT-RULES 27: a number that is empty or not a number is refused naming the field, never stored as 0. */
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Settings'], isAdmin: true });
});
afterAll(async () => t?.close());

describe('number fields of master data', () => {
  it("refuses an empty Due Days and 'ten' with a message naming the field", async () => {
    const empty = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: 'Monthly', dueDays: '', expression: '0 0 1 * *' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ dueDays: 'Due days is required' });
    const missing = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: 'Monthly', expression: '0 0 1 * *' } });
    expect(missing.json().errors).toEqual({ dueDays: 'Due days is required' });
    const words = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: 'Monthly', dueDays: 'ten', expression: '0 0 1 * *' } });
    expect(words.json().errors).toEqual({ dueDays: 'Due days must be a number' });
  });

  it("refuses a late fee of 'abc' and stores a typed '5' as 5", async () => {
    const bad = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: 'Rent', skuType: 'Flat', skuValue: 10, lateFee: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ lateFee: 'Late fee must be a number' });
    const good = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: 'Rent', skuType: 'Flat', skuValue: 10, lateFee: '5' } });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({ lateFee: 5 });
  });
});
