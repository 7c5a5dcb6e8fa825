import { useEffect, useId, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A labelled native `<input>` or `<select>` drawn like MUI's small outlined field, for public
 * pages whose first load must stay small (MUI's TextField and Select with their modal are ~25 KB;
 * these are a few hundred bytes). The label is visible above the box, the error under it and tied
 * to the control with `aria-describedby`; `aria-invalid` marks a field in error.
 */
export interface TPlainFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  /** A select: its options, and the empty first option's text. */
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  helperText?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
}

const ARROW = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23000000' fill-opacity='0.54' d='M7 10l5 5 5-5z'/%3E%3C/svg%3E")`;

export function PlainField(props: TPlainFieldProps) {
  const { label, name, value, onChange, error, required, type = 'text', inputMode, autoComplete, maxLength, options, placeholder, helperText, disabled, autoFocus } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  // A server-rendered form (docs/adr/0008) can be typed into before its script runs; hydration
  // keeps what the DOM shows but not the state, which would clear it on the next render. Once
  // mounted, the field hands such typing to its owner. (Mount only: later the state leads.)
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const onChangeOnMount = useRef(onChange);
  useEffect(() => {
    const shown = ref.current?.value;
    if (shown !== undefined && shown !== value && shown !== '') onChangeOnMount.current(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value at mount only
  }, []);
  const hint = error ?? helperText;
  const control = {
    ref,
    id,
    name,
    value,
    disabled,
    autoFocus,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': hint ? hintId : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    sx: {
      width: '100%',
      height: 40,
      px: 1.75,
      font: 'inherit',
      color: 'text.primary',
      bgcolor: 'background.paper',
      border: '1px solid',
      borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
      borderRadius: 1,
      boxSizing: 'border-box',
      '&:hover': { borderColor: error ? 'error.main' : 'text.primary' },
      '&:focus-visible': { outline: 'none', borderColor: error ? 'error.main' : 'primary.main', boxShadow: (theme: { palette: { primary: { main: string }; error: { main: string } } }) => `inset 0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
      ...(options ? { appearance: 'none', pr: 4, cursor: 'pointer', backgroundImage: ARROW, backgroundRepeat: 'no-repeat', backgroundPosition: 'right 7px center', backgroundSize: 24 } : {}),
    },
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'body2', color: error ? 'error.main' : 'text.secondary' }}>
        {label}
        {required ? ' *' : ''}
      </Box>
      {options ? (
        <Box component="select" {...control}>
          <option value="">{placeholder ?? 'Select One'}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Box>
      ) : (
        <Box component="input" {...control} type={type} inputMode={inputMode} autoComplete={autoComplete} maxLength={maxLength} />
      )}
      {hint && (
        <Box id={hintId} sx={{ typography: 'caption', color: error ? 'error.main' : 'text.secondary' }}>
          {hint}
        </Box>
      )}
    </Box>
  );
}
