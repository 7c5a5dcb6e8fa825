import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money-format';
import type { TTiedownFormValues } from '@apron/core/tiedowns/rules';
import type { TTiedownFormInfo, TTiedownQuote } from '@apron/core/tiedowns';
import { PlainField } from '../../components/plain-field';
import { errorMessage, isApiError } from '../../lib/api-client';

const TEST_CARD_LABELS: Record<string, string> = { approve: 'approves', decline: 'declines', transientError: 'fails once (try again)' };
const groupDigits = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A failure worth retrying with the same key: the network or the provider was unavailable. */
const isTransient = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * The payment step (TIEDOWN_PAYMENT on): the server's total and how it is made, then the card.
 * The server charges its own figure; the page sends the card token only. A retry after a network
 * or provider failure keeps the request's Idempotency-Key (no second charge); a decline ends the
 * attempt and stores nothing, so the pilot may try another card.
 */
export function TiedownPaymentStep(props: {
  quote: TTiedownQuote;
  values: TTiedownFormValues;
  info: TTiedownFormInfo;
  submitting: boolean;
  onBack: () => void;
  onPay: (sourceId: string, retry: boolean) => Promise<void>;
}) {
  const { quote, values, info, submitting, onBack, onPay } = props;
  const [card, setCard] = useState('');
  const [problem, setProblem] = useState<{ text: string; retry: boolean } | null>(null);
  const [lastCard, setLastCard] = useState<string | null>(null);
  const digits = card.replace(/[\s-]/g, '');
  const amount = formatMoney(Math.round(quote.amount * 100));

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!/^\d{12,19}$/.test(digits)) {
      setProblem({ text: 'Card Number is not valid', retry: false });
      return;
    }
    const retry = problem?.retry === true && lastCard === digits;
    setProblem(null);
    setLastCard(digits);
    onPay(`test:${digits}`, retry).catch((error: unknown) => setProblem({ text: errorMessage(error), retry: isTransient(error) }));
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
      {info.testCards ? (
        <Box component="form" noValidate onSubmit={pay} aria-label="Pay by card" sx={{ display: 'grid', gap: 1.5, maxWidth: 420 }}>
          <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
            Test mode: no money moves.
          </Typography>
          <PlainField name="cardNumber" label="Card Number" value={card} onChange={setCard} inputMode="numeric" autoComplete="off" maxLength={23} required autoFocus />
          <Box component="ul" aria-label="Test cards" sx={{ m: 0, pl: 2, color: 'text.secondary', typography: 'body2' }}>
            {Object.entries(info.testCards).map(([kind, number]) => (
              <li key={kind}>
                {groupDigits(number)} {TEST_CARD_LABELS[kind] ?? kind}
              </li>
            ))}
          </Box>
          {problem && (
            <Typography role="alert" color="error">
              {problem.text}
              {problem.retry ? ' You can try again: you will not be charged twice.' : ''}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={onBack} disabled={submitting}>
              Back
            </Button>
            <Button type="submit" variant="contained" disabled={submitting || !digits}>
              {submitting ? 'Paying…' : `Pay ${amount}`}
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          <Typography role="alert">Card payments with the configured provider are not available on this page yet. Please contact the airport office.</Typography>
          <Button onClick={onBack} sx={{ mt: 2 }}>
            Back
          </Button>
        </>
      )}
    </Paper>
  );
}
