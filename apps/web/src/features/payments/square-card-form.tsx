import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { formatMoney } from '@apron/core/money';
import { loadSquareSdk, type TSquareCard, type TSquareEnvironment } from './square-sdk';
import { useCardPayment } from './use-card-payment';
import { CardProblem } from './card-problem';

export const SQUARE_UNAVAILABLE = 'Card payments are unavailable right now.';

export interface TSquareCardFormProps {
  square: { applicationId: string; locationId: string; environment: TSquareEnvironment };
  selectedLineIds: string[];
  amountCents: number;
  target: { invoiceId: string } | { token: string };
  onPaid: () => void;
}

/**
 * Pay With Card through Square: Square's card iframe is attached to `#square-card`, the card is
 * tokenized in the page and only the token (`sourceToken`) reaches our server, which charges
 * its own figure. The Idempotency-Key logic is the shared `useCardPayment`.
 */
export function SquareCardForm({ square, selectedLineIds, amountCents, target, onPaid }: TSquareCardFormProps) {
  const { applicationId, locationId, environment } = square;
  const [card, setCard] = useState<TSquareCard | null>(null);
  const [failed, setFailed] = useState(false);
  const payment = useCardPayment(target, onPaid);

  useEffect(() => {
    let active = true;
    let attached: TSquareCard | null = null;
    (async () => {
      try {
        const sdk = await loadSquareSdk(environment);
        const payments = await sdk.payments(applicationId, locationId);
        const created = await payments.card();
        if (!active) return void created.destroy();
        await created.attach('#square-card');
        attached = created;
        setCard(created);
      } catch {
        if (active) setFailed(true);
      }
    })();
    return () => {
      active = false;
      void attached?.destroy();
    };
  }, [applicationId, locationId, environment]);

  const tokenize = async () => {
    const result = await card!.tokenize();
    if (result.status === 'OK' && result.token) return result.token;
    throw new Error(result.errors?.map((e) => e.message).join(' ') || 'Check the card details.');
  };

  if (failed) return <Alert severity="error">{SQUARE_UNAVAILABLE}</Alert>;
  return (
    <form
      noValidate
      aria-label="Card"
      onSubmit={(event) => {
        event.preventDefault();
        void payment.submit({ lineIds: selectedLineIds, card: '', tokenize });
      }}
    >
      <Box id="square-card" sx={{ minHeight: 90 }} />
      {!card && <CircularProgress size={24} aria-label="Loading the card form" />}
      <Button type="submit" variant="contained" startIcon={<CreditCardIcon />} disabled={!card || selectedLineIds.length === 0 || payment.pending}>
        {payment.pending ? 'Paying…' : `Pay With Card ${formatMoney(amountCents)}`}
      </Button>
      <CardProblem problem={payment.problem} />
    </form>
  );
}
