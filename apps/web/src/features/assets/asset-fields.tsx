import type { Control } from 'react-hook-form';
import type { TAssetField } from '@apron/core/assets/index';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';

export type TAssetFormValues = Record<string, unknown> & { assetId: string; status: boolean; location: { lat: number; lon: number } };

/**
 * One configured field, drawn by its type (spec doc 1 §2): a dropdown when it has domain values,
 * a date picker for Date, a checkbox for Boolean, otherwise a text input (numbers are typed as
 * text and read by the core's schema, so 'ten' says 'must be a number' instead of turning empty).
 */
export function AssetFieldInput({ field, control }: { field: TAssetField; control: Control<TAssetFormValues> }) {
  const common = { control, name: field.fieldName, label: field.fieldLabel, required: field.isRequired };
  if (field.domainvalues.length > 0) return <SelectField {...common} options={field.domainvalues} placeholder="Select One" />;
  switch (field.fieldType) {
    case 'Date':
      return <TextField {...common} type="date" />;
    case 'Boolean':
      return <CheckboxField {...common} />;
    case 'Number':
      return <TextField {...common} inputMode="decimal" />;
    default:
      return <TextField {...common} />;
  }
}

/** The form's starting values for a type's fields (stored values, or empty). */
export function fieldDefaults(fields: readonly TAssetField[], stored: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = stored[field.fieldName];
    if (field.fieldType === 'Boolean') values[field.fieldName] = value === true;
    else values[field.fieldName] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}
