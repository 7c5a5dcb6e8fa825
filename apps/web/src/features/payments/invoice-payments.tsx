import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { PAID_BY_BALANCE, type TInvoice, type TLineItem } from '@apron/core/invoices';
import { useNotify } from '../../lib/notify';
import { receiptPdfUrl, useCreatePayLink } from './api';
import { ManualPaymentDialog } from './manual-payment-dialog';
import { PayWithCard } from './pay-with-card';

/** The receipt of a paid line (card, cash or check): its page and its PDF. */
export function ReceiptLinks({ line }: { line: TLineItem }) {
  if (!line.receiptId || line.receiptId === PAID_BY_BALANCE) return <>{line.receiptId ?? 'Paid'}</>;
  return (
    <Stack direction="row" spacing={1} component="span">
      <Link component={RouterLink} to={`/receipts/${encodeURIComponent(line.receiptId)}`}>
        Receipt
      </Link>
      <Link href={receiptPdfUrl(line.receiptId)} target="_blank" rel="noopener">
        PDF
      </Link>
    </Stack>
  );
}

/** Pay With Card, Manual Payment (Invoices admins) and the receipts of the invoice. */
export function InvoicePayments(props: { invoice: TInvoice; selectedLineIds: string[]; clearSelection: () => void }) {
  const { invoice, selectedLineIds, clearSelection } = props;
  const [manual, setManual] = useState(false);
  const notify = useNotify();
  const payLink = useCreatePayLink(invoice._id);
  const { abilities } = invoice;
  const receiptIds = [...new Set(invoice.lineItems.map((l) => l.receiptId).filter((r): r is string => !!r && r !== PAID_BY_BALANCE))];
  return (
    <>
      {abilities.payOnline && <PayWithCard invoice={invoice} selectedLineIds={selectedLineIds} target={{ invoiceId: invoice._id }} onPaid={clearSelection} />}
      {(abilities.manualPayment || abilities.payLink) && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          {abilities.manualPayment && (
            <Button variant="outlined" disabled={selectedLineIds.length === 0} onClick={() => setManual(true)}>
              Manual Payment
            </Button>
          )}
          {abilities.payLink && (
            <Button variant="outlined" disabled={payLink.isPending} onClick={() => payLink.mutate(undefined, { onError: (error) => notify.error(error) })}>
              Pay Link
            </Button>
          )}
        </Stack>
      )}
      {payLink.data && (
        <Alert severity="info" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Pay link (valid until {formatDate(payLink.data.expiresAt)}):{' '}
          <Link href={payLink.data.url} target="_blank" rel="noopener">
            {payLink.data.url}
          </Link>
        </Alert>
      )}
      {manual && (
        <ManualPaymentDialog open invoice={invoice} lineIds={selectedLineIds} onClose={() => setManual(false)} onPaid={clearSelection} />
      )}
      {receiptIds.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Receipts">
          <Typography variant="h6" component="h2" gutterBottom>
            Receipts
          </Typography>
          <Stack spacing={1}>
            {receiptIds.map((id, index) => (
              <Stack key={id} direction="row" spacing={2}>
                <Link component={RouterLink} to={`/receipts/${encodeURIComponent(id)}`}>
                  Receipt {index + 1}
                </Link>
                <Link href={receiptPdfUrl(id)} target="_blank" rel="noopener">
                  PDF
                </Link>
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </>
  );
}
