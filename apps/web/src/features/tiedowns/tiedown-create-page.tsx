import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { calendarDate, formatDate } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money-format';
import { AIRCRAFT_TYPES, isCalendarDate, stayRangeError, tiedownFormErrors, type TTiedownFormValues } from '@apron/core/tiedowns/rules';
import type { TTiedownCreated } from '@apron/core/tiedowns';
import { PlainField } from '../../components/plain-field';
import { HoneypotField } from '../../components/honeypot-field';
import { errorMessage, isApiError } from '../../lib/api-client';
import { readIdentity } from '../../lib/identity';
import { useAccess } from '../../lib/session';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { submitTiedown, useTiedownFormInfo, useTiedownQuote } from './public-api';

/** The payment step (the card kit, Square's loader) loads on 'Continue to Payment', not with the form. */
const TiedownPaymentStep = lazy(async () => ({ default: (await import('./tiedown-payment-step')).TiedownPaymentStep }));

const TYPE_OPTIONS = AIRCRAFT_TYPES.map((t) => ({ value: t, label: t }));
const EMPTY: TTiedownFormValues = { firstName: '', lastName: '', phone: '', email: '', beginDate: '', endDate: '', airCraftType: '', airCraftNum: '', vehicleNum: '' };
const DATE_FIELDS: ReadonlySet<keyof TTiedownFormValues> = new Set(['beginDate', 'endDate']);
type TErrors = Partial<Record<keyof TTiedownFormValues | 'form', string>>;

/** How long a signed-in pilot sees the summary before going on to their requests (`/tiedown`). */
const REDIRECT_MS = 4000;

/**
 * `/tiedown/create` (public, issue 11 items 1-2): the parking request form, the payment step when
 * TIEDOWN_PAYMENT is on, then the summary card with 'Main Menu'. Checked with core's zod-free
 * rules (the same the server's schema runs); the total is the server's quote. Native fields (no MUI
 * inputs, no zod) keep the page inside the public first-load budget.
 */
export function TiedownCreatePage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  const info = useTiedownFormInfo();
  // Most requests are for a stay starting today (the airport's calendar date).
  const [values, setValues] = useState<TTiedownFormValues>(() => ({ ...EMPTY, beginDate: calendarDate(new Date()) }));
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [step, setStep] = useState<'form' | 'pay' | 'done'>('form');
  const [created, setCreated] = useState<TTiedownCreated | null>(null);
  // The kit's money attempt (PRODUCT-RULES 29): one request at a time; a double click or a retry
  // after a network failure is the same request (its Idempotency-Key and card token), a changed
  // form or card a new one. Used without payment too: a parking request is created once.
  const attempt = useMoneyAttempt<string | undefined>();
  const submitting = attempt.running;

  // Signed-in users get their name and e-mail prefilled (session identity, PRODUCT-RULES 22),
  // once the session is known (state adjusted while rendering, not in an effect).
  const [prefilled, setPrefilled] = useState(false);
  if (!prefilled && user) {
    setPrefilled(true);
    const identity = readIdentity();
    const given = identity?.givenName || user.givenName || '';
    const family = identity?.familyName || user.familyName || '';
    const email = identity?.email || user.email || '';
    setValues((v) => ({ ...v, firstName: v.firstName || given, lastName: v.lastName || family, email: v.email || email }));
  }

  useEffect(() => {
    if (step !== 'done' || !user) return;
    const timer = setTimeout(() => navigate('/tiedown'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, user, navigate]);

  const maxNights = info.data?.maxNights ?? Number.POSITIVE_INFINITY;
  // The range is judged as soon as both dates are chosen, not only on Submit.
  const rangeError = isCalendarDate(values.beginDate) && isCalendarDate(values.endDate) ? stayRangeError(values.beginDate, values.endDate, maxNights) : null;
  const shownErrors: TErrors = { ...errors, endDate: errors.endDate ?? rangeError ?? undefined };
  const stay = values.airCraftType && isCalendarDate(values.beginDate) && isCalendarDate(values.endDate) && !rangeError ? { airCraftType: values.airCraftType, beginDate: values.beginDate, endDate: values.endDate } : null;
  const quote = useTiedownQuote(stay);
  const paymentRequired = info.data?.paymentRequired ?? false;

  const set = (field: keyof TTiedownFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A changed date re-judges the range, whichever of the two moved.
    const stale: Array<keyof TErrors> = DATE_FIELDS.has(field) ? [field, 'endDate'] : [field];
    if (stale.some((name) => errors[name])) setErrors((e) => ({ ...e, ...Object.fromEntries(stale.map((name) => [name, undefined])) }));
  };

  /**
   * Send the request as one money attempt: `card` names the card (null without payment) and
   * `tokenize` reads it once per attempt, so a retry sends the same token. A card that cannot be
   * read throws its own error, before anything is sent.
   */
  const send = async (card: string | null, tokenize?: () => Promise<string>): Promise<void> => {
    const fingerprint = JSON.stringify([values, honeypot, card]);
    try {
      const outcome = await attempt.run(fingerprint, (key, sourceId) => submitTiedown({ ...values, website: honeypot, sourceId }, key), tokenize);
      if (!outcome.sent) {
        if (outcome.reason === 'not-started') throw outcome.error;
        return; // a second click while the first runs
      }
      setCreated(outcome.answer);
      setStep('done');
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) {
        const { sourceId: cardError, idempotencyKey: _k, ...fields } = error.fieldErrors;
        setErrors({ ...fields, form: cardError });
        if (Object.keys(fields).length) setStep('form');
      }
      throw error;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = tiedownFormErrors(values, maxNights);
    setErrors(found);
    if (Object.keys(found).length) {
      document.querySelector<HTMLElement>(`form [name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    if (paymentRequired) {
      setStep('pay');
      return;
    }
    send(null).catch((error: unknown) => setErrors((e) => ({ ...e, form: isApiError(error) && error.hasFieldErrors ? e.form : errorMessage(error) })));
  };

  if (step === 'done' && created) return <SuccessCard created={created} signedIn={!!user} />;

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Transient Parking
      </Typography>
      {step === 'pay' && quote.data ? (
        <Suspense fallback={<Typography role="status">Loading the payment step…</Typography>}>
          <TiedownPaymentStep
            quote={quote.data}
            values={values}
            submitting={submitting}
            onBack={() => setStep('form')}
            onPay={send}
          />
        </Suspense>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Transient parking request" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Field name="firstName" label="First Name" values={values} errors={shownErrors} set={set} autoComplete="given-name" autoFocus />
            <Field name="lastName" label="Last Name" values={values} errors={shownErrors} set={set} autoComplete="family-name" />
            <Field name="phone" label="Phone" values={values} errors={shownErrors} set={set} type="tel" inputMode="numeric" autoComplete="tel" helperText="Digits only" />
            <Field name="email" label="Email" values={values} errors={shownErrors} set={set} type="email" autoComplete="email" />
            <Field name="beginDate" label="Arrival Date" values={values} errors={shownErrors} set={set} type="date" />
            <Field name="endDate" label="Departure Date (estimated)" values={values} errors={shownErrors} set={set} type="date" />
            <PlainField
              name="airCraftType"
              label="Aircraft Type"
              required
              value={values.airCraftType}
              onChange={set('airCraftType')}
              options={TYPE_OPTIONS}
              placeholder="Please Select"
              error={shownErrors.airCraftType}
            />
            <Field name="airCraftNum" label="Aircraft Number" values={values} errors={shownErrors} set={set} />
            <Field name="vehicleNum" label="Vehicle Number" values={values} errors={shownErrors} set={set} optional />
            <HoneypotField value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
            <Box sx={{ gridColumn: '1 / -1' }} aria-live="polite">
              <QuoteLine stay={!!stay} quote={quote} paymentRequired={paymentRequired} />
            </Box>
            {errors.form && (
              <Typography role="alert" color="error" sx={{ gridColumn: '1 / -1' }}>
                {errors.form}
              </Typography>
            )}
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to={user ? '/tiedown' : '/'}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={submitting || info.isPending || (paymentRequired && !!stay && !quote.data)}>
                {paymentRequired ? 'Continue to Payment' : submitting ? 'Submitting…' : 'Submit'}
              </Button>
            </Box>
          </Box>
        </Paper>
      )}
    </Box>
  );
}

function Field(props: {
  name: keyof TTiedownFormValues;
  label: string;
  values: TTiedownFormValues;
  errors: TErrors;
  set: (field: keyof TTiedownFormValues) => (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'numeric';
  autoComplete?: string;
  helperText?: string;
  optional?: boolean;
  autoFocus?: boolean;
}) {
  const { name, label, values, errors, set, optional, ...rest } = props;
  return <PlainField name={name} label={label} value={values[name]} onChange={set(name)} error={errors[name]} required={!optional} {...rest} />;
}

function QuoteLine({ stay, quote, paymentRequired }: { stay: boolean; quote: ReturnType<typeof useTiedownQuote>; paymentRequired: boolean }) {
  if (!stay) return <Typography color="text.secondary">Choose the aircraft type and the dates to see the parking fee.</Typography>;
  if (quote.isPending) return <Typography color="text.secondary">Working out the fee…</Typography>;
  if (quote.isError || !quote.data) return <Typography color="error">{errorMessage(quote.error)}</Typography>;
  const q = quote.data;
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        Total: {formatMoney(Math.round(q.amount * 100))}
        {!paymentRequired && ' (no payment is taken online)'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Fee: nightly rate of the aircraft type × nights (calendar days from arrival to departure). {q.explanation}
      </Typography>
    </Box>
  );
}

function SuccessCard({ created, signedIn }: { created: TTiedownCreated; signedIn: boolean }) {
  const { tiedown, receipt } = created;
  const rows: Array<[string, string]> = [
    ['Name', `${tiedown.firstName} ${tiedown.lastName}`],
    ['Aircraft', `${tiedown.airCraftNum} (${tiedown.airCraftType})`],
    ['Arrival Date', formatDate(tiedown.beginDate)],
    ['Departure Date (estimated)', formatDate(tiedown.endDate)],
    ['Nights', String(tiedown.nights)],
    ['Amount', formatMoney(Math.round(tiedown.amount * 100))],
  ];
  if (receipt) rows.push(['Receipt', `#${receipt.receiptNumber} (invoice #${receipt.invoiceNumber})`]);
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 560, mx: 'auto' }} role="status" aria-label="Request received">
      <Typography variant="h5" component="h1" gutterBottom>
        {created.message}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A confirmation was sent to {tiedown.email}.
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 3, justifyContent: 'flex-end' }}>
        {signedIn && (
          <Button component={RouterLink} to="/tiedown">
            My Parking Requests
          </Button>
        )}
        <Button component={RouterLink} to="/" variant="contained">
          Main Menu
        </Button>
      </Box>
    </Paper>
  );
}
