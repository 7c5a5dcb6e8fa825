import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { formatMoney, sumCents, toCents } from '@apron/core/money';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import type { TInvoice } from '@apron/core/invoices';
import { CardEntry, NO_CARD, type TCardEntryHandle, type TCardEntryState } from '../../components/card-entry';
import { usePaymentConfig } from '../../lib/payment-config';
import { CardProblem } from './card-problem';
import { useCardPayment } from './use-card-payment';

/** The amount of the selected lines, for display only: the server charges its own figure. */
export function selectedAmountCents(invoice: TInvoice, lineIds: readonly string[]): number {
  const ids = new Set(lineIds);
  return sumCents(invoice.lineItems.filter((l) => ids.has(l._id) && !l.isPaid).map((l) => toCents(l.total)));
}

export interface TPayWithCardProps {
  invoice: TInvoice;
  selectedLineIds: string[];
  /** Signed in (the invoice id) or by pay link (its token). */
  target: { invoiceId: string } | { token: string };
  onPaid: () => void;
}

/**
 * Pay Online: the card kit (`CardEntry`: the test provider's card number or Square's card fields)
 * and `useCardPayment`: one Idempotency-Key per attempt (the lines and the card), reused with the
 * same source token on a retry after a network or provider failure, so a repeated click never
 * charges twice; a decline ends the attempt and the next click tokenizes again.
 */
export function PayWithCard({ invoice, selectedLineIds, target, onPaid }: TPayWithCardProps) {
  const config = usePaymentConfig();
  const cardEntry = useRef<TCardEntryHandle>(null);
  const [card, setCard] = useState<TCardEntryState>(NO_CARD);
  const payment = useCardPayment(target, () => {
    cardEntry.current?.clear();
    onPaid();
  });
  const cents = selectedAmountCents(invoice, selectedLineIds);
  const disabled = selectedLineIds.length === 0 || payment.pending || !card.ready;

  if (config.isPending) return null;
  const square = config.data?.provider?.provider === 'square';
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Pay Online">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Pay Online
        </Typography>
        {(config.data?.testMode ?? true) && <Chip label={square ? 'Square sandbox' : 'Test mode'} color="warning" size="small" />}
      </Stack>
      <form
        noValidate
        aria-label="Card"
        onSubmit={(event) => {
          event.preventDefault();
          void payment.submit({ lineIds: selectedLineIds, card: card.card, tokenize: () => cardEntry.current!.tokenize() });
        }}
      >
        <Stack spacing={1} sx={{ maxWidth: 480 }}>
          <CardEntry ref={cardEntry} onCardChange={setCard} />
          <Button type="submit" variant="contained" startIcon={<CreditCardIcon />} disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
            {payment.pending ? 'Paying…' : `Pay With Card ${formatMoney(cents)}`}
          </Button>
        </Stack>
        <CardProblem problem={payment.problem} />
      </form>
      {selectedLineIds.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {PAYMENT_MESSAGES.selectLine}
        </Typography>
      )}
    </Paper>
  );
}
