import { useId, useState, type ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MuiTextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * What a typed number means to the form (PRODUCT-RULES 27): '' is undefined (so a required
 * number says '<Field> is required'), a plain decimal ('1,250.5', '-3') is that number, anything
 * else ('ten', '1e3') is NaN (so the schema says '<Field> must be a number'). Never 0 for junk.
 */
export function numberFromText(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function textOf(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function sameNumber(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

export interface TNumberFieldProps<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  helperText?: ReactNode;
  /** 'decimal' (default) or 'numeric' (whole numbers): the phone keyboard shown. */
  inputMode?: 'decimal' | 'numeric';
  /** Shown before the number, e.g. '$'. */
  prefix?: string;
}

/**
 * The one number input of the kit: the person types text, the form holds a number (or
 * undefined / NaN, which the shared zod schema turns into a message naming the field).
 * A text input, not `type="number"`: browsers hand '' to the page for 'ten' in a number input.
 */
export function NumberField<T extends FieldValues>(props: TNumberFieldProps<T>) {
  const { name, control, label, required, disabled, autoFocus, helperText, inputMode = 'decimal', prefix } = props;
  const id = useId();
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState(() => textOf(field.value));
  // A reset or setValue from outside replaces the text; the person's own typing never does.
  if (!sameNumber(numberFromText(text), field.value) && !(text.trim() === '' && field.value === '')) {
    const next = textOf(field.value);
    if (next !== text) setText(next);
  }
  return (
    <MuiTextField
      id={`${id}-${name}`}
      name={field.name}
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(numberFromText(event.target.value));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      disabled={disabled}
      autoFocus={autoFocus}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      slotProps={{
        input: prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : undefined,
        htmlInput: { inputMode, 'aria-invalid': fieldState.error ? true : undefined },
      }}
    />
  );
}
