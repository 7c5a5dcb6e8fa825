import { useId, type ReactNode } from 'react';
import MuiTextField from '@mui/material/TextField';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormControl from '@mui/material/FormControl';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface TBaseFieldProps<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

export interface TTextFieldProps<T extends FieldValues> extends TBaseFieldProps<T> {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'datetime-local' | 'password';
  multiline?: boolean;
  minRows?: number;
  autoComplete?: string;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Digits typed as text (account and routing numbers): the phone's number pad, not a number input. */
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel';
  /** The characters allowed, as an HTML pattern (e.g. '[0-9]*'); the schema still decides. */
  pattern?: string;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * What every text-like input of the kit passes to MUI's TextField: a unique id, the bound value
 * (as text), its handlers and ref, and the error (or the helper text) under the field.
 */
function useBoundTextField<T extends FieldValues>({ name, control, label, required, disabled, helperText }: TBaseFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ name, control });
  return {
    fieldState,
    bound: {
      id: `${id}-${name}`,
      name: field.name,
      label,
      value: textOf(field.value),
      onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
      onBlur: field.onBlur,
      inputRef: field.ref,
      required,
      disabled,
      error: !!fieldState.error,
      helperText: fieldState.error?.message ?? helperText,
      fullWidth: true,
    },
  };
}

/** A labelled text input bound to react-hook-form; the error shows under the field. */
export function TextField<T extends FieldValues>(props: TTextFieldProps<T>) {
  const { type = 'text', multiline, minRows, autoComplete, readOnly, autoFocus, inputMode, pattern } = props;
  const { fieldState, bound } = useBoundTextField(props);
  return (
    <MuiTextField
      {...bound}
      type={type}
      multiline={multiline}
      minRows={multiline ? (minRows ?? 3) : undefined}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      slotProps={{
        htmlInput: { readOnly, inputMode, pattern, 'aria-invalid': fieldState.error ? true : undefined },
        inputLabel: type === 'date' || type === 'datetime-local' ? { shrink: true } : undefined,
      }}
    />
  );
}

export interface TSelectOption {
  value: string;
  label: string;
}

export interface TSelectFieldProps<T extends FieldValues> extends TBaseFieldProps<T> {
  options: readonly (TSelectOption | string)[];
  /** A first empty option, e.g. 'Please Select' or 'Select One'. */
  placeholder?: string;
}

export function toOptions(options: readonly (TSelectOption | string)[]): TSelectOption[] {
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

/** A labelled native select (accessible and phone-friendly) bound to react-hook-form. */
export function SelectField<T extends FieldValues>(props: TSelectFieldProps<T>) {
  const { options, placeholder } = props;
  const { bound } = useBoundTextField(props);
  return (
    <MuiTextField
      {...bound}
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{placeholder ?? ''}</option>
      {toOptions(options).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </MuiTextField>
  );
}

export type TCheckboxFieldProps<T extends FieldValues> = TBaseFieldProps<T>;

/** A labelled checkbox bound to a boolean form value. */
export function CheckboxField<T extends FieldValues>(props: TCheckboxFieldProps<T>) {
  const { name, control, label, disabled, helperText } = props;
  const { field, fieldState } = useController({ name, control });
  return (
    <FormControl error={!!fieldState.error} disabled={disabled}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {(fieldState.error?.message ?? helperText) && (
        <FormHelperText>{fieldState.error?.message ?? helperText}</FormHelperText>
      )}
    </FormControl>
  );
}
