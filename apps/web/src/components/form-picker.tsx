import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FieldValues, Path } from 'react-hook-form';
import { FormDesigner } from './form-designer';
import { useFormList } from './forms-api';
import { controlledField, type TFormFieldSpec } from './schema-form-fields';

export interface TFormPickerProps {
  value: string;
  onChange: (formId: string) => void;
  label?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Show Create Form / Edit Form (form builders: internal Settings users). */
  canBuild?: boolean;
}

/** The 'Form' field of a master (inspection, work order, asset): pick a form, or build one. */
export function FormPicker({ value, onChange, label = 'Form', error, required, disabled, canBuild }: TFormPickerProps) {
  const [designing, setDesigning] = useState<'new' | 'edit' | null>(null);
  const forms = useFormList();
  const rows = forms.data?.rows ?? [];
  return (
    <Stack spacing={1}>
      <TextField
        select
        label={label}
        value={rows.some((f) => f._id === value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        disabled={disabled || forms.isPending}
        error={!!error || forms.isError}
        helperText={error ?? (forms.isError ? 'Forms could not be loaded' : undefined)}
        fullWidth
      >
        <MenuItem value="">Select One</MenuItem>
        {rows.map((form) => (
          <MenuItem key={form._id} value={form._id}>
            {form.name} (version {form.version})
          </MenuItem>
        ))}
      </TextField>
      {canBuild && !disabled && (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setDesigning('new')}>
            Create Form
          </Button>
          <Button size="small" onClick={() => setDesigning('edit')} disabled={!value}>
            Edit Form
          </Button>
        </Stack>
      )}
      {designing && (
        <FormDesigner
          open
          formId={designing === 'edit' ? value : null}
          onClose={() => setDesigning(null)}
          onSaved={(form) => {
            onChange(form._id);
            setDesigning(null);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The 'Form' field of a master's kit form (SchemaFormDialog): required, with Create Form / Edit
 * Form unless the dialog is a viewer's copy.
 */
export function formPickerField<T extends FieldValues>(name: Path<T>, readOnly: boolean): TFormFieldSpec<T> {
  return {
    ...controlledField<T>(name, 'Form', (field, error) => (
      <FormPicker value={(field.value as string | undefined) ?? ''} onChange={field.onChange} required error={error} disabled={readOnly} canBuild={!readOnly} />
    )),
    required: true,
  };
}
