import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { formatMoney, PAYMENT_MESSAGES, sumCents, toCents, type TInvoice } from '@apron/core';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { newIdempotencyKey, usePayByCard, usePaymentConfig } from './api';

const TEST_CARD_LABELS: Record<string, string> = { approve: 'approves', decline: 'declines', transientError: 'fails once (try again)' };

const groupDigits = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A failure worth retrying with the same key: the network or the provider was unavailable. */
function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

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
 * Pay Online with the built-in test provider: the page sends `test:<number>` as the source
 * token. One Idempotency-Key per attempt (the same lines and card): a retry after a network or
 * provider failure reuses it, so a repeated click never charges twice.
 */
export function PayWithCard({ invoice, selectedLineIds, target, onPaid }: TPayWithCardProps) {
  const notify = useNotify();
  const config = usePaymentConfig();
  const pay = usePayByCard(target);
  const [card, setCard] = useState('');
  const [problem, setProblem] = useState<{ text: string; retry: boolean } | null>(null);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef(false);
  const cents = selectedAmountCents(invoice, selectedLineIds);
  const cardDigits = card.replace(/[\s-]/g, '');
  const disabled = selectedLineIds.length === 0 || pay.isPending || cardDigits.length === 0;

  const submit = () => {
    if (inFlight.current || selectedLineIds.length === 0 || !cardDigits) return;
    const fingerprint = JSON.stringify([[...selectedLineIds].sort(), cardDigits]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint };
    inFlight.current = true;
    setProblem(null);
    pay.mutate(
      { lineIds: selectedLineIds, sourceToken: `test:${cardDigits}`, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          setCard('');
          notify.success(PAYMENT_MESSAGES.successful);
          onPaid();
        },
        onError: (error) => {
          const retry = isTransient(error);
          // a definitive answer (a decline, a refusal) ends the attempt; the next click is a new one
          if (!retry) attempt.current = null;
          setProblem({ text: errorMessage(error), retry });
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  if (config.isPending) return null;
  const testCards = config.data?.testCards;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Pay Online">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Pay Online
        </Typography>
        {(config.data?.testMode ?? true) && <Chip label="Test mode" color="warning" size="small" />}
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
              {pay.isPending ? 'Paying…' : `Pay With Card ${formatMoney(cents)}`}
            </Button>
          </Stack>
          <Box component="ul" aria-label="Test cards" sx={{ m: 0, mt: 1, pl: 2, color: 'text.secondary', typography: 'body2' }}>
            {Object.entries(testCards).map(([kind, number]) => (
              <li key={kind}>
                {groupDigits(number)} {TEST_CARD_LABELS[kind] ?? kind}
              </li>
            ))}
          </Box>
        </form>
      ) : (
        <Alert severity="info">Card payments with the configured provider are not available on this page yet.</Alert>
      )}
      {selectedLineIds.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {PAYMENT_MESSAGES.selectLine}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem.text}
          {problem.retry ? ' Press Pay With Card again to retry; you will not be charged twice.' : ''}
        </Alert>
      )}
    </Paper>
  );
}
