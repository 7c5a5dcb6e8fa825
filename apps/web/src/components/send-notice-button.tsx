import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import type { TNoticeModule } from './send-notice-dialog';

const loadDialog = () => import('./send-notice-dialog');
/** The dialog (form, autocomplete, preview) arrives on first use: pages carry only this button. */
const SendNoticeDialog = lazy(loadDialog);

export interface TSendNoticeButtonProps {
  module: TNoticeModule;
  recordId: string;
  label?: string;
}

/** 'Send Notice' on a record's page: opens the dialog that e-mails a Settings > Notices notice about it. */
export function SendNoticeButton({ module, recordId, label = 'Send Notice' }: TSendNoticeButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* start fetching the chunk when the pointer or focus arrives, so the click opens at once */}
      <Button variant="outlined" onClick={() => setOpen(true)} onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()}>
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SendNoticeDialog module={module} recordId={recordId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
