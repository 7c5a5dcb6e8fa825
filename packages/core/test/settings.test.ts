import { describe, expect, it } from 'vitest';
import { cronError, describeCron, DEFAULT_CRON_EXPRESSION } from '../src/settings/cron';
import { MASTER_TYPES, ZSystemSetting } from '../src/settings/master-data';
import { readSetting } from '../src/settings/system-settings';

describe('schedule expressions', () => {
  it('starts at daily at midnight', () => {
    expect(DEFAULT_CRON_EXPRESSION).toBe('0 0 * * *');
    expect(describeCron(DEFAULT_CRON_EXPRESSION)).toBe('Every day at 00:00');
  });

  it('describes the usual invoice cycles in words', () => {
    expect(describeCron('30 6 1 * *')).toBe('On day 1 of every month at 06:30');
    expect(describeCron('0 0 * * 1')).toBe('Every Monday at 00:00');
    expect(describeCron('0 0 1 1 *')).toBe('Every year on January 1 at 00:00');
    expect(describeCron('0 0 1 */3 *')).toBe('On day 1 of every 3 months at 00:00');
  });

  it('says what is wrong with a bad expression', () => {
    expect(cronError('0 0 * *')).toMatch(/five fields/);
    expect(cronError('61 0 * * *')).toMatch(/minute/);
    expect(cronError('0 0 32 * *')).toMatch(/day of month/);
    expect(cronError('0 0 1-40 * *')).toMatch(/day of month/);
    expect(cronError('*/15 8-17 * * 1-5')).toBeNull();
  });
});

describe('system settings', () => {
  it('refuses a waitlist charge that is not a number of at least 0', () => {
    expect(ZSystemSetting.safeParse({ name: 'WAITLIST_CHARGE', value: 'abc' }).success).toBe(false);
    expect(ZSystemSetting.safeParse({ name: 'WAITLIST_CHARGE', value: '-1' }).success).toBe(false);
    expect(ZSystemSetting.safeParse({ name: 'WAITLIST_CHARGE', value: '0' }).success).toBe(true);
    expect(ZSystemSetting.safeParse({ name: 'WAITLIST_CHARGE', value: '12.50' }).success).toBe(true);
  });

  it('puts the error on the value field and refuses unknown names', () => {
    const bad = ZSystemSetting.safeParse({ name: 'TIME_ZONE', value: 'Mars/Base' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['value']);
    expect(ZSystemSetting.safeParse({ name: 'NOPE', value: 'x' }).error?.issues[0]?.path).toEqual(['name']);
  });

  it('reads typed values with defaults for missing or broken ones', () => {
    expect(readSetting({}, 'WAITLIST_CHARGE')).toBe(10);
    expect(readSetting({ WAITLIST_CHARGE: '0' }, 'WAITLIST_CHARGE')).toBe(0);
    expect(readSetting({ WAITLIST_CHARGE: 'junk' }, 'WAITLIST_CHARGE')).toBe(10);
    expect(readSetting({ TIEDOWN_PAYMENT: 'yes' }, 'TIEDOWN_PAYMENT')).toBe(true);
    expect(readSetting({}, 'LANDING_LINKS')).toBe(true);
  });
});

describe('master data schemas', () => {
  it('trims names and requires them', () => {
    const parsed = MASTER_TYPES.documentTypes.schema.safeParse({ name: '   ', description: '' });
    expect(parsed.success).toBe(false);
    expect(MASTER_TYPES.documentTypes.schema.parse({ name: '  Lease  ' })).toMatchObject({ name: 'Lease', description: '' });
  });

  it('keeps a late fee between 0 and 100 percent', () => {
    const schema = MASTER_TYPES.paymentTypes.schema;
    const base = { name: 'Flat', skuType: 'Flat', skuValue: 25 };
    expect(schema.safeParse({ ...base, lateFee: 5 }).success).toBe(true);
    expect(schema.safeParse({ ...base, lateFee: 101 }).success).toBe(false);
    expect(schema.safeParse({ ...base, skuType: 'Other', lateFee: 5 }).success).toBe(false);
  });

  it('validates an invoice cycle schedule', () => {
    const schema = MASTER_TYPES.invoiceCycles.schema;
    expect(schema.safeParse({ name: 'Monthly', dueDays: 30, expression: '0 0 1 * *' }).success).toBe(true);
    expect(schema.safeParse({ name: 'Monthly', dueDays: -1, expression: '0 0 1 * *' }).success).toBe(false);
    expect(schema.safeParse({ name: 'Monthly', dueDays: 30, expression: 'often' }).success).toBe(false);
  });
});
