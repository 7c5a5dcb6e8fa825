import { describe, expect, it } from 'vitest';
import { maskUrlSecrets } from './log-redaction';

describe('request log URLs', () => {
  it('drop private-link tokens, pay-link tokens and sign-in codes, and keep the rest', () => {
    expect(maskUrlSecrets('/waitList/status/abcDEF123_-')).toBe('/waitList/status/[redacted]');
    expect(maskUrlSecrets('/api/WaitList/Status/abc?x=1')).toBe('/api/WaitList/Status/[redacted]?x=1');
    expect(maskUrlSecrets('/api/Messages/0b6c?since=2026-01-01&token=s3cret')).toBe('/api/Messages/0b6c?since=2026-01-01&token=[redacted]');
    expect(maskUrlSecrets('/payment/tok123')).toBe('/payment/[redacted]');
    expect(maskUrlSecrets('/signin/abc?code=zzz')).toBe('/signin/[redacted]?code=[redacted]');
    expect(maskUrlSecrets('/api/Invoices/List?page=2')).toBe('/api/Invoices/List?page=2');
  });
});
