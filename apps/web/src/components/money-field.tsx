import { useId, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MuiTextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A dollar amount: the person types text ("1250.5"), the form holds a number (NaN while the
 * text is not one, so the shared schema answers 'Must be a number').
 */
export function MoneyField<T extends FieldValues>(props: { name: Path<T>; control: Control<T>; label: string; required?: boolean; disabled?: boolean }) {
  const { name, control, label, required, disabled } = props;
  const id = useId();
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState(() => (typeof field.value === 'number' && Number.isFinite(field.value) ? String(field.value) : ''));
  return (
    <MuiTextField
      id={`${id}-${name}`}
      name={field.name}
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const trimmed = next.trim().replace(/,/g, '');
        field.onChange(trimmed === '' ? undefined : /^-?\d*(\.\d*)?$/.test(trimmed) ? Number(trimmed) : Number.NaN);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      disabled={disabled}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', 'aria-invalid': fieldState.error ? true : undefined },
      }}
    />
  );
}
