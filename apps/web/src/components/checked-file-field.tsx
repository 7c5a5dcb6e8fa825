import { useId } from 'react';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FileUpload } from './file-upload';

export interface TCheckedFileFieldProps {
  label: string;
  accept: string;
  /** Why a file cannot be taken (wrong type, too large), or null: checked before any upload. */
  check: (file: File) => string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The message under the picker (the check's, or the form's 'required'). */
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}

/**
 * A file chosen as part of a form (sent with its other fields on Save): the picker, the chosen
 * file's name, and the reason a file was refused. Nothing is uploaded until the form is saved.
 */
export function CheckedFileField({ label, accept, check, file, onChange, error, onError, disabled }: TCheckedFileFieldProps) {
  const errorId = useId();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} aria-describedby={error ? errorId : undefined}>
      <FileUpload
        label={label}
        accept={accept}
        // the check below gives the size message too; the picker's own limit never refuses first
        maxBytes={Number.MAX_SAFE_INTEGER}
        disabled={disabled}
        onFile={(picked) => {
          const problem = check(picked);
          onError(problem);
          onChange(problem ? null : picked);
        }}
      />
      {file && <Typography variant="body2">Chosen: {file.name}</Typography>}
      {error && (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
