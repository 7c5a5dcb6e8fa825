import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { UPLOAD_LIMITS } from '@apron/core/attachments';

export interface TFileUploadProps {
  /** Called with a file that passed the size pre-check. */
  onFile: (file: File) => void;
  label?: string;
  accept?: string;
  maxBytes?: number;
  /** What a file over `maxBytes` is told (default: the documents' 5 MB message). */
  tooLargeMessage?: string;
  /** A drop zone around the button with this hint ('or drop a file here'); without it, the button alone. */
  dropHint?: string;
  disabled?: boolean;
}

/**
 * A file picker that refuses files over the upload limit before anything is uploaded; with
 * `dropHint`, a file can also be dropped on it (the same check applies).
 */
export function FileUpload(props: TFileUploadProps) {
  const { onFile, label = 'Upload File', accept, maxBytes = UPLOAD_LIMITS.maxBytes, tooLargeMessage = UPLOAD_LIMITS.tooLargeMessage, dropHint, disabled } = props;
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [isDragOver, setIsDragOver] = useState(false);

  function take(file: File | undefined) {
    if (!file) return;
    if (file.size > maxBytes) {
      setError(tooLargeMessage);
      return;
    }
    setError(null);
    onFile(file);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    take(file);
  }

  function handleDragOver(event: DragEvent) {
    if (disabled) return;
    // Without preventDefault the browser opens the dropped file instead of handing it to the page.
    event.preventDefault();
    setIsDragOver(true);
  }

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsDragOver(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  }

  const picker = (
    <>
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
    </>
  );

  return (
    <Stack spacing={0.5} sx={{ alignItems: dropHint ? 'stretch' : 'flex-start' }}>
      {dropHint ? (
        // The zone is only a larger target for a mouse; the button inside stays the keyboard's way in.
        <Box
          data-testid="file-drop-zone"
          onDragOver={handleDragOver}
          onDragLeave={() => setIsDragOver(false)}
          onDrop={handleDrop}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            p: 3,
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 1,
            borderColor: isDragOver ? 'primary.main' : 'divider',
            bgcolor: isDragOver ? 'action.hover' : 'transparent',
            textAlign: 'center',
          }}
        >
          {picker}
          <Typography variant="body2" color="text.secondary">
            {dropHint}
          </Typography>
        </Box>
      ) : (
        picker
      )}
      {error && (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
