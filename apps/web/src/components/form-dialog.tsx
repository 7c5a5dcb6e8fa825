import type { FormEvent, ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';

export interface TFormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  submitLabel?: string;
  cancelLabel?: string;
  /** One button only (a read-only copy closes with its submit button). */
  hideCancel?: boolean;
  submitting?: boolean;
  /** Always full screen (large editors); otherwise full screen on phones only. */
  fullScreen?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}

/** A dialog holding a form: title, fields, Cancel and a submit button. Full screen on phones. */
export function FormDialog(props: TFormDialogProps) {
  const { open, title, onClose, onSubmit, children, submitLabel = 'Save', cancelLabel = 'Cancel', hideCancel, submitting, fullScreen, maxWidth = 'sm' } = props;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullScreen={fullScreen || isPhone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          {!hideCancel && (
            <Button onClick={onClose} disabled={submitting}>
              {cancelLabel}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
