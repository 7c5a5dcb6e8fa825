import { describe, expect, it } from 'vitest';
import { ZMasterAssetInput, buildAssetSchema, readAssetDate, type TAssetFieldRule } from '../src/assets/index';

const fields: TAssetFieldRule[] = [
  { fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Fair', 'Poor'] },
  { fieldName: 'wattage', fieldLabel: 'Wattage', fieldType: 'Number', isRequired: false, domainvalues: [] },
  { fieldName: 'installedOn', fieldLabel: 'Installed On', fieldType: 'Date', isRequired: false, domainvalues: [] },
  { fieldName: 'lit', fieldLabel: 'Lit', fieldType: 'Boolean', isRequired: false, domainvalues: [] },
];
const base = { assetId: '6f1c2a4e-1111-4222-8333-944455556666', location: { lat: 39.193, lon: -119.734 } };

function errorsOf(input: unknown): Record<string, string> {
  const result = buildAssetSchema(fields).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the asset schema built from a field configuration', () => {
  it("words every failure as the spec does", () => {
    expect(errorsOf({ ...base, condition: 'Shiny', wattage: 'ten', installedOn: '2026-02-30' })).toEqual({
      condition: 'Condition must be one of Good, Fair, Poor',
      wattage: 'Wattage must be a number',
      installedOn: 'Installed On must be a valid date',
    });
    expect(errorsOf({ ...base, condition: '  ' })).toEqual({ condition: 'Condition is required' });
    expect(errorsOf({ location: base.location, condition: 'Good' })).toEqual({ assetId: 'Choose an asset type' });
    expect(errorsOf({ ...base, condition: 'Good', location: { lat: 'north', lon: '' } })).toEqual({
      'location.lat': 'Latitude must be a number',
      'location.lon': 'Longitude is required',
    });
  });

  it('reads typed values: numbers from text, dates as days, an unticked box as false, empty as null', () => {
    const parsed = buildAssetSchema(fields).parse({ ...base, condition: ' Fair ', wattage: '150', installedOn: '2025-06-01T00:00:00.000Z' });
    expect(parsed).toMatchObject({ condition: 'Fair', wattage: 150, installedOn: '2025-06-01', lit: false, status: true });
    expect(buildAssetSchema(fields).parse({ ...base, condition: 'Good', wattage: '' }).wattage).toBeNull();
    expect(readAssetDate('2024-02-29')).toBe('2024-02-29');
    expect(readAssetDate('2023-02-29')).toBeNull();
  });
});

describe('the master asset', () => {
  it("says 'Name is required', 'Description is required', 'Form ID is required', 'Color is required'", () => {
    const result = ZMasterAssetInput.safeParse({ name: ' ', description: '', formId: '', color: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ name: 'Name is required', description: 'Description is required', formId: 'Form ID is required', color: 'Color is required' });
  });

  it('refuses a field name used twice, a reserved name and domain values on a Date', () => {
    const result = ZMasterAssetInput.safeParse({
      name: 'Lights', description: 'Runway lights', formId: 'f1', color: '#FF0000',
      fields: [
        { fieldName: 'serial', fieldLabel: 'Serial', fieldType: 'String' },
        { fieldName: 'Serial', fieldLabel: 'Serial again', fieldType: 'String' },
        { fieldName: 'status', fieldLabel: 'Status', fieldType: 'String' },
        { fieldName: 'checked', fieldLabel: 'Checked', fieldType: 'Date', domainvalues: ['2020-01-01'] },
      ],
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      'fields.1.fieldName': 'Field Name Serial is used twice',
      'fields.2.fieldName': 'Field Name is reserved: choose another',
      'fields.3.domainvalues': 'A Date field has no domain values',
    });
  });
});
