import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@apron/core/dates';
import type { TAlertItem } from '@apron/core/alerts';
import { RichTextView } from '../../components/rich-text-view';
import { alertTypeLabel } from './alert-labels';

/**
 * Export Selected: exactly the ticked messages, printed (or saved as PDF) by the browser. Built
 * as React elements through RichTextView's allow-list, never from an HTML string, and shown only
 * on paper: on screen the page stays as it was.
 */
export function PrintAlerts({ alerts, onDone }: { alerts: TAlertItem[]; onDone: () => void }) {
  useEffect(() => {
    // One frame so the print view is in the document before the print dialog takes its copy.
    const timer = window.setTimeout(() => {
      window.print();
      onDone();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return createPortal(
    <>
      <GlobalStyles styles={{ '@media print': { 'body > *:not(#alerts-print)': { display: 'none !important' } } }} />
      <Box id="alerts-print" data-testid="alerts-print" sx={{ display: 'none', '@media print': { display: 'block' }, p: 2 }}>
        {alerts.map((alert) => (
          <Box key={alert._id} component="article" sx={{ mb: 4, breakInside: 'avoid' }}>
            <Typography variant="h6" component="h2">
              {alert.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {alertTypeLabel(alert.kind)} · {formatDateTime(alert.createdAt)}
            </Typography>
            <RichTextView value={alert.message} format={alert.format} />
          </Box>
        ))}
      </Box>
    </>,
    document.body,
  );
}
