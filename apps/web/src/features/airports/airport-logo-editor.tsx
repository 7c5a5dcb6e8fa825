import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { AIRPORT_LOGO_LIMITS } from '@apron/core/airports';
import { FileUpload } from '../../components/file-upload';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAirportLogo } from './api/airport-logo';

const ACCEPT = AIRPORT_LOGO_LIMITS.types.join(',');

export interface TAirportLogoEditorProps {
  airportId: string;
  airportName: string;
  /** The logo's address now; null: none (the product's look). */
  logoUrl: string | null;
  /** Called with the new address after an upload or a removal (null). */
  onChange?: (logoUrl: string | null) => void;
  /** The "Logo" heading's level: h2 on a page of its own, h3 inside a dialog's section (default). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Shows an airport's logo and uploads, replaces or removes it at once (not with a form's Save).
 * PNG, JPEG or WebP up to 1 MB (checked here before the upload, and by the server by the bytes).
 */
export function AirportLogoEditor({ airportId, airportName, logoUrl, onChange, headingLevel = 'h3' }: TAirportLogoEditorProps) {
  const notify = useNotify();
  const { upload, remove } = useAirportLogo(airportId);
  const busy = upload.isPending || remove.isPending;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="subtitle2" component={headingLevel}>
        Logo
      </Typography>
      {logoUrl ? (
        <Box component="img" src={logoUrl} alt={`Logo of ${airportName}`} sx={{ display: 'block', maxHeight: 64, maxWidth: 260, objectFit: 'contain' }} />
      ) : (
        <Typography color="text.secondary">No logo: pages, documents and e-mails show the airport's name</Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        PNG, JPEG or WebP, at most 1 MB; shown at most {AIRPORT_LOGO_LIMITS.height} pixels high.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FileUpload
          label={logoUrl ? 'Replace Logo' : 'Upload Logo'}
          accept={ACCEPT}
          maxBytes={AIRPORT_LOGO_LIMITS.maxBytes}
          tooLargeMessage={AIRPORT_LOGO_LIMITS.tooLargeMessage}
          disabled={busy}
          onFile={(file) =>
            upload.mutate(file, {
              onSuccess: (airport) => {
                notify.success(SUCCESS_TEXT.updated);
                onChange?.(airport.logoUrl);
              },
              onError: (error) => notify.error(error),
            })
          }
        />
        {logoUrl && (
          <Button
            variant="text"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notify.success(SUCCESS_TEXT.updated);
                  onChange?.(null);
                },
                onError: (error) => notify.error(error),
              })
            }
          >
            Remove Logo
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
