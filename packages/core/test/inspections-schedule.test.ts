import { describe, expect, it } from 'vitest';
import { ZMasterInspectionInput } from '../src/inspections/index';
import { checkAnswers, failedChecks } from '../src/forms/index';

describe('master inspection input', () => {
  const base = { name: 'Runway', description: 'Daily', adhoc: false, module: 'Property', scheduled: true, formId: '00000000-0000-4000-8000-000000000001' };
  it('defaults the schedule to daily at midnight; module required unless adhoc; adhoc clears it', () => {
    expect(ZMasterInspectionInput.parse(base).expression).toBe('0 0 * * *');
    const missing = ZMasterInspectionInput.safeParse({ ...base, module: null });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['module', 'Module is required']);
    expect(ZMasterInspectionInput.parse({ ...base, adhoc: true, scheduled: false }).module).toBeNull();
    expect(ZMasterInspectionInput.safeParse({ ...base, formId: '' }).error?.issues[0]?.message).toBe('Form ID is required');
  });
});

describe('form answers', () => {
  const schema = { components: [{ type: 'radio', key: 'papi', label: 'PAPI', validate: { required: true }, properties: { passFail: 'true' }, values: [{ label: 'Pass', value: 'pass' }, { label: 'Fail', value: 'fail' }] }] };
  it('names the field, refuses values outside the options, finds failed checks', () => {
    expect(checkAnswers(schema, {}).errors).toEqual({ papi: 'PAPI is required' });
    expect(checkAnswers(schema, { papi: 'maybe' }).errors).toEqual({ papi: 'PAPI must be one of pass, fail' });
    expect(failedChecks(schema, { papi: 'fail' })).toEqual(['PAPI']);
    expect(failedChecks(schema, { papi: 'pass' })).toEqual([]);
  });
});
