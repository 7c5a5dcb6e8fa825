import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';

/** The IANA zones this browser knows (empty where `Intl.supportedValuesOf` is missing: the field is then typed). */
function knownTimeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

export interface TTimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * An IANA time zone ('America/Denver'): a list filtered as the user types, or the name typed in
 * full (a zone the browser does not list is still accepted; the shared schema checks it).
 */
export function TimeZoneField({ label, value, onChange, onBlur, error, helperText, required, disabled }: TTimeZoneFieldProps) {
  const zones = useMemo(() => {
    const known = knownTimeZones();
    return value && !known.includes(value) ? [value, ...known] : known;
  }, [value]);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      autoHighlight
      options={zones}
      value={value}
      inputValue={value}
      disabled={disabled}
      onChange={(_event, chosen) => onChange(chosen ?? '')}
      onInputChange={(_event, typed) => onChange(typed)}
      onBlur={onBlur}
      renderInput={(params) => (
        <MuiTextField {...params} label={label} required={required} error={!!error} helperText={error ?? helperText} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-invalid': error ? true : undefined } }} />
      )}
    />
  );
}
