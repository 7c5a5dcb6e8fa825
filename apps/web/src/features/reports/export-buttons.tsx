import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { exportHref } from './api';

/** CSV, Excel and PDF of the report on screen; the server streams each file. */
export function ExportButtons({ report, params }: { report: string; params?: Record<string, string> }) {
  const formats = [
    { format: 'csv' as const, label: 'CSV' },
    { format: 'xlsx' as const, label: 'Excel' },
    { format: 'pdf' as const, label: 'PDF' },
  ];
  return (
    <Stack direction="row" spacing={1} aria-label="Export">
      {formats.map(({ format, label }) => (
        <Button key={format} size="small" variant="outlined" startIcon={<DownloadIcon />} component="a" href={exportHref(report, format, params)} download>
          {label}
        </Button>
      ))}
    </Stack>
  );
}
