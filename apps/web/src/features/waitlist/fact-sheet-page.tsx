import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FACT_SHEET_LIMITS, WAITLIST_MESSAGES } from '@apron/core/waitlist';
import { FileUpload } from '../../components/file-upload';
import { PageHeader } from '../../components/page-header';
import { useNotify } from '../../lib/notify';
import { FACT_SHEET_URL, useJoinInfo, useUploadFactSheet } from './api';

/**
 * Settings > Property FactSheet: upload the PDF the Join Waitlist dialog links to. The size and
 * type are checked here (before sending) and on the server (by the file's bytes).
 */
export function FactSheetPage() {
  const notify = useNotify();
  const info = useJoinInfo();
  const upload = useUploadFactSheet();
  const onFile = (file: File) => {
    if (file.type && file.type !== FACT_SHEET_LIMITS.mimeType) {
      notify.failure(WAITLIST_MESSAGES.factSheetPdfOnly);
      return;
    }
    upload.mutate(file, { onSuccess: () => notify.success(WAITLIST_MESSAGES.factSheetUploaded), onError: (error) => notify.error(error) });
  };
  return (
    <>
      <PageHeader title="Property FactSheet" backTo="/settings" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>A PDF of at most 5 MB. Visitors open the newest one from the Join WaitList dialog.</Typography>
          <FileUpload label="Upload Fact Sheet" accept="application/pdf,.pdf" maxBytes={FACT_SHEET_LIMITS.maxBytes} onFile={onFile} disabled={upload.isPending} />
          {info.data?.factSheetUrl ? (
            <Button href={FACT_SHEET_URL} target="_blank" rel="noopener">
              Open the current fact sheet
            </Button>
          ) : (
            <Typography color="text.secondary">No fact sheet has been uploaded yet.</Typography>
          )}
        </Stack>
      </Paper>
    </>
  );
}
