import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import type { TInvoice } from '@apron/core/invoices';
import { Loader } from '../../components/loader';
import { errorMessage, isApiError } from '../../lib/api-client';
import { usePayLinkInvoice } from './api';
import { PayWithCard } from './pay-with-card';

export interface TPayLinkSelection {
  selected: ReadonlySet<string>;
  onToggle: (lineId: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

/**
 * `/payment/:token`: a signed pay link, no sign-in. The invoice read-only (non-editor view, drawn
 * by `renderInvoice`, composed in app/) with the card form; a paid invoice reads 'Payment Success.'.
 */
export function PayLinkPage({ renderInvoice }: { renderInvoice: (invoice: TInvoice, selection: TPayLinkSelection | undefined) => ReactNode }) {
  const { token = '' } = useParams();
  const query = usePayLinkInvoice(token);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  if (query.isPending) return <Loader text="Loading invoice" />;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {isApiError(query.error) && (query.error.status === 404 || query.error.status === 400) ? PAYMENT_MESSAGES.linkInvalid : errorMessage(query.error)}
      </Alert>
    );
  }
  const { invoice, paid, message } = query.data;
  const unpaidIds = new Set(invoice.lineItems.filter((l) => !l.isPaid).map((l) => l._id));
  const selected = new Set([...picked].filter((id) => unpaidIds.has(id)));
  const payable = invoice.abilities.payOnline;
  const selection: TPayLinkSelection = {
    selected,
    onToggle: (lineId, checked) =>
      setPicked((prev) => {
        const next = new Set(prev);
        if (checked) next.add(lineId);
        else next.delete(lineId);
        return next;
      }),
    onToggleAll: (checked) => setPicked(checked ? new Set(unpaidIds) : new Set()),
  };
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Invoice #{invoice.invoiceNumber}: {invoice.name}
      </Typography>
      {paid && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {message ?? PAYMENT_MESSAGES.success}
        </Alert>
      )}
      {renderInvoice(invoice, payable ? selection : undefined)}
      {payable && <PayWithCard invoice={invoice} selectedLineIds={[...selected]} target={{ token }} onPaid={() => setPicked(new Set())} />}
    </Box>
  );
}
