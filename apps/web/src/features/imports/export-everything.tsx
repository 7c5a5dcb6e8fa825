import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { API_BASE } from '../../lib/api-client';

/** `GET /api/Exports/All`: the browser streams the zip itself (a GET with the session cookie needs no CSRF token). */
export const EXPORT_ALL_HREF = `${API_BASE}/Exports/All`;

/**
 * "Export everything" (issue 23): the airport's data as a zip of CSV files, one per import kind in
 * the templates' columns, and its uploaded documents. A plain download link, so a large zip is
 * written to disk as it arrives instead of being held in the page.
 */
export function ExportEverything() {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="export-everything" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" id="export-everything" sx={{ mb: 1 }}>
        Export everything
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        A zip of this airport&apos;s data: one CSV file per kind, in the import templates&apos; columns (each imports unchanged into
        another airport), and every uploaded document.
      </Typography>
      <Button variant="outlined" startIcon={<DownloadIcon />} href={EXPORT_ALL_HREF} download>
        Export everything
      </Button>
    </Paper>
  );
}
