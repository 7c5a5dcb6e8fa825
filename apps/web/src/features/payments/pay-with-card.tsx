import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { formatMoney, sumCents, toCents } from '@apron/core/money';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import type { TInvoice } from '@apron/core/invoices';
import { usePaymentConfig } from './api';
import { CardProblem } from './card-problem';
import { SquareCardForm } from './square-card-form';
import { useCardPayment } from './use-card-payment';

const TEST_CARD_LABELS: Record<string, string> = { approve: 'approves', decline: 'declines', transientError: 'fails once (try again)' };

const groupDigits = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

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
 * Pay Online: the built-in test provider's card form (the page sends `test:<number>` as the
 * source token) or Square's (`SquareCardForm`). Both use `useCardPayment`: one Idempotency-Key
 * per attempt, reused on a retry, so a repeated click never charges twice.
 */
export function PayWithCard({ invoice, selectedLineIds, target, onPaid }: TPayWithCardProps) {
  const config = usePaymentConfig();
  const [card, setCard] = useState('');
  const payment = useCardPayment(target, () => {
    setCard('');
    onPaid();
  });
  const cents = selectedAmountCents(invoice, selectedLineIds);
  const cardDigits = card.replace(/[\s-]/g, '');
  const disabled = selectedLineIds.length === 0 || payment.pending || cardDigits.length === 0;

  const submit = () => {
    if (!cardDigits) return;
    void payment.submit({ lineIds: selectedLineIds, card: cardDigits, tokenize: async () => `test:${cardDigits}` });
  };

  if (config.isPending) return null;
  const testCards = config.data?.testCards;
  // the test fixtures of other pages answer `provider: {}`; only a full Square answer switches
  const provider = config.data?.provider;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Pay Online">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Pay Online
        </Typography>
        {(config.data?.testMode ?? true) && <Chip label={provider?.provider === 'square' ? 'Square sandbox' : 'Test mode'} color="warning" size="small" />}
      </Stack>
      {testCards ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <MuiTextField
              label="Card Number"
              value={card}
              onChange={(event) => setCard(event.target.value)}
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
              helperText="Test mode: no money moves."
              sx={{ minWidth: 240 }}
            />
            <Button type="submit" variant="contained" startIcon={<CreditCardIcon />} disabled={disabled}>
              {payment.pending ? 'Paying…' : `Pay With Card ${formatMoney(cents)}`}
            </Button>
          </Stack>
          <Box component="ul" aria-label="Test cards" sx={{ m: 0, mt: 1, pl: 2, color: 'text.secondary', typography: 'body2' }}>
            {Object.entries(testCards).map(([kind, number]) => (
              <li key={kind}>
                {groupDigits(number)} {TEST_CARD_LABELS[kind] ?? kind}
              </li>
            ))}
          </Box>
          <CardProblem problem={payment.problem} />
        </form>
      ) : provider?.provider === 'square' ? (
        <SquareCardForm square={provider} selectedLineIds={selectedLineIds} amountCents={cents} target={target} onPaid={onPaid} />
      ) : (
        <Alert severity="info">Card payments with the configured provider are not available on this page yet.</Alert>
      )}
      {selectedLineIds.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {PAYMENT_MESSAGES.selectLine}
        </Typography>
      )}
    </Paper>
  );
}
