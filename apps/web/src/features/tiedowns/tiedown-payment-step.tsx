import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money-format';
import type { TTiedownFormValues } from '@apron/core/tiedowns/rules';
import type { TTiedownQuote } from '@apron/core/tiedowns';
import { CardEntry, NO_CARD, type TCardEntryHandle, type TCardEntryState } from '../../components/card-entry';
import { errorMessage, isTransientFailure } from '../../lib/api-client';

/**
 * The payment step (TIEDOWN_PAYMENT on): the server's total and how it is made, then the card
 * (the card kit: the test provider's card number or Square's card fields). The server charges its
 * own figure; the page sends the card token only. The page's money attempt (`useMoneyAttempt`)
 * keeps a retry after a network or provider failure on the same Idempotency-Key and token (no
 * second charge); a decline ends the attempt and stores nothing, so the pilot may try again (a new
 * token, a new key).
 * Loaded only when the pilot continues to payment, so the form's first load stays small.
 */
export function TiedownPaymentStep(props: {
  quote: TTiedownQuote;
  values: TTiedownFormValues;
  submitting: boolean;
  onBack: () => void;
  /** Pay with the card named `card`; `tokenize` reads it when the attempt is a new one. */
  onPay: (card: string, tokenize: () => Promise<string>) => Promise<void>;
}) {
  const { quote, values, submitting, onBack, onPay } = props;
  const cardEntry = useRef<TCardEntryHandle>(null);
  const [card, setCard] = useState<TCardEntryState>(NO_CARD);
  const [problem, setProblem] = useState<{ text: string; retry: boolean } | null>(null);
  const busy = submitting;
  const amount = formatMoney(Math.round(quote.amount * 100));

  const pay = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // A card that cannot be read sent nothing: say why, and the next click reads it again.
    let unreadable = false;
    const tokenize = () =>
      cardEntry.current!.tokenize().catch((error: unknown) => {
        unreadable = true;
        throw error;
      });
    onPay(card.card, tokenize).catch((error: unknown) => {
      if (unreadable) setProblem({ text: error instanceof Error ? error.message : 'The card could not be read.', retry: false });
      else setProblem({ text: errorMessage(error), retry: isTransientFailure(error) });
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Payment">
      <Typography variant="h6" component="h2" gutterBottom>
        Payment
      </Typography>
      <Typography>
        {values.firstName} {values.lastName}: {values.airCraftNum}, {formatDate(values.beginDate)} to {formatDate(values.endDate)}
      </Typography>
      <Typography sx={{ fontWeight: 600, mt: 1 }}>Total: {amount}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Fee: nightly rate of the aircraft type × nights (calendar days from arrival to departure). {quote.explanation}
      </Typography>
      <Box component="form" noValidate onSubmit={pay} aria-label="Pay by card" sx={{ display: 'grid', gap: 1.5, maxWidth: 420 }}>
        <CardEntry ref={cardEntry} onCardChange={setCard} disabled={busy} autoFocus />
        {problem && (
          <Typography role="alert" color="error">
            {problem.text}
            {problem.retry ? ' You can try again: you will not be charged twice.' : ''}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !card.ready}>
            {busy ? 'Paying…' : `Pay ${amount}`}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
