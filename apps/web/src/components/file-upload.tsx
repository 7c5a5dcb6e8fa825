import { useId, useRef, useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { UPLOAD_LIMITS } from '@apron/core/attachments';

export interface TFileUploadProps {
  /** Called with a file that passed the size pre-check. */
  onFile: (file: File) => void;
  label?: string;
  accept?: string;
  maxBytes?: number;
  /** What the pre-check says when a file is over `maxBytes` (default: the attachments' 5 MB text). */
  tooLargeMessage?: string;
  disabled?: boolean;
}

/** A file picker that refuses files over the upload limit before anything is uploaded. */
export function FileUpload({ onFile, label = 'Upload File', accept, maxBytes = UPLOAD_LIMITS.maxBytes, tooLargeMessage = UPLOAD_LIMITS.tooLargeMessage, disabled }: TFileUploadProps) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxBytes) {
      setError(tooLargeMessage);
      return;
    }
    setError(null);
    onFile(file);
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {/* A real button opens the picker; the input sits beside it (not inside), so no
          interactive element nests another (axe: nested-interactive). */}
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled} onClick={() => inputRef.current?.click()} aria-describedby={error ? errorId : undefined}>
        {label}
      </Button>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={handleChange}
        aria-label={label}
        tabIndex={-1}
        style={{ position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 }}
      />
      {error && (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
