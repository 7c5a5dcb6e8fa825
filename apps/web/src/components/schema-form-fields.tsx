import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { CheckboxField, SelectField, TextField, type TSelectOption } from './form-fields';
import { MoneyField } from './money-field';
import { NumberField } from './number-field';

/**
 * How one field of a kit form is shown; its name is a key of the shared schema's input.
 * 'digits': numbers kept as text (account, routing numbers) with the phone's number pad.
 */
export type TFieldKind = 'text' | 'email' | 'tel' | 'date' | 'multiline' | 'number' | 'integer' | 'money' | 'digits' | 'select' | 'checkbox';

/** A grid cell's width in twelfths: one number, or one per breakpoint (`{ xs: 6, sm: 4 }`). */
export type TFieldSize = number | { xs?: number; sm?: number; md?: number };

export interface TFormFieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  kind?: TFieldKind;
  required?: boolean;
  options?: readonly (TSelectOption | string)[];
  /** The empty first option of a select ('Select One' by default). */
  placeholder?: string;
  helperText?: ReactNode;
  /** Half the row on wider screens (two fields side by side); full width on phones. */
  half?: boolean;
  /** Any other width (three to a row, two on a phone); wins over `half`. */
  size?: TFieldSize;
  minRows?: number;
  readOnly?: boolean;
  /** Disabled even when the form is not (a field only some users may change). */
  disabled?: boolean;
  /** The browser's autofill hint ('name', 'email', 'family-name' ...). */
  autoComplete?: string;
  /** Anything the kinds do not cover (an autocomplete, a schedule editor). */
  render?: (control: Control<T>) => ReactNode;
}

/**
 * A field the kinds do not cover (a schedule editor, an autocomplete, the form picker), bound to
 * the form: `draw` gets the bound value and handlers and the field's error message.
 */
export function controlledField<T extends FieldValues>(name: Path<T>, label: string, draw: (field: ControllerRenderProps<T, Path<T>>, error: string | undefined) => ReactNode): TFormFieldSpec<T> {
  return { name, label, render: (control) => <Controller control={control} name={name} render={({ field, fieldState }) => <>{draw(field, fieldState.error?.message)}</>} /> };
}

/** One field of the list, bound to the form. */
export function KitField<T extends FieldValues>({ spec, control, disabled, autoFocus }: { spec: TFormFieldSpec<T>; control: Control<T>; disabled?: boolean; autoFocus?: boolean }) {
  if (spec.render) return <>{spec.render(control)}</>;
  const common = { control, name: spec.name, label: spec.label, required: spec.required, disabled: disabled || spec.disabled };
  switch (spec.kind ?? 'text') {
    case 'select':
      return <SelectField {...common} options={spec.options ?? []} placeholder={spec.placeholder ?? 'Select One'} helperText={spec.helperText} />;
    case 'checkbox':
      return <CheckboxField {...common} helperText={spec.helperText} />;
    case 'number':
      return <NumberField {...common} autoFocus={autoFocus} helperText={spec.helperText} />;
    case 'integer':
      return <NumberField {...common} autoFocus={autoFocus} helperText={spec.helperText} inputMode="numeric" />;
    case 'money':
      return <MoneyField {...common} autoFocus={autoFocus} />;
    case 'digits':
      return <TextField {...common} autoFocus={autoFocus} helperText={spec.helperText} inputMode="numeric" pattern="[0-9]*" />;
    case 'multiline':
      return <TextField {...common} autoFocus={autoFocus} multiline minRows={spec.minRows ?? 3} helperText={spec.helperText} readOnly={spec.readOnly} />;
    default:
      return (
        <TextField
          {...common}
          type={spec.kind === 'email' || spec.kind === 'tel' || spec.kind === 'date' ? spec.kind : 'text'}
          autoFocus={autoFocus}
          autoComplete={spec.autoComplete}
          helperText={spec.helperText}
          readOnly={spec.readOnly}
        />
      );
  }
}

function cellSize(spec: { half?: boolean; size?: TFieldSize }): TFieldSize {
  return spec.size ?? (spec.half ? { xs: 12, sm: 6 } : 12);
}

export interface TKitFieldsProps<T extends FieldValues> {
  fields: readonly TFormFieldSpec<T>[];
  control: Control<T>;
  disabled?: boolean;
  /** Focus the first field (a dialog that just opened); a page form leaves focus where it is. */
  autoFocusFirst?: boolean;
  /** Space above the grid, in theme units. */
  pt?: number;
}

/** The field list laid out in a responsive grid: half-width pairs side by side from `sm` up. */
export function KitFields<T extends FieldValues>({ fields, control, disabled, autoFocusFirst = true, pt }: TKitFieldsProps<T>) {
  return (
    <Grid container spacing={2} sx={pt ? { pt } : undefined}>
      {fields.map((spec, index) => (
        <Grid key={spec.name} size={cellSize(spec)}>
          <KitField spec={spec} control={control} disabled={disabled} autoFocus={autoFocusFirst && index === 0 && !disabled} />
        </Grid>
      ))}
    </Grid>
  );
}
