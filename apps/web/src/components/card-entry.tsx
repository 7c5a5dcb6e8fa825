import { useEffect, useEffectEvent, useId, useImperativeHandle, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { usePaymentConfig, type TPaymentConfig } from '../lib/payment-config';
import type { TSquareCard, TSquareEnvironment } from '../lib/square-sdk';
import { PlainField } from './plain-field';

export const CARD_UNAVAILABLE = 'Card payments are unavailable right now.';

/** What the parent form holds: asks for a source token when it starts a new payment attempt. */
export interface TCardEntryHandle {
  /**
   * A source token for the server: `test:<digits>` in test mode, Square's one-time token with
   * Square. Throws an Error whose message is for the payer ('Card Number is required', Square's
   * own words for a bad card, CARD_UNAVAILABLE) when there is no card to charge.
   */
  tokenize(): Promise<string>;
  /** Empties the card (after a payment, so a second payment needs the card again). */
  clear(): void;
}

/**
 * The card as the parent needs it: `ready` (a token may be asked for: a test number is typed, or
 * Square's fields are attached) and `card`, which names the entered card for the parent's attempt
 * (the test digits; '' with Square, whose fields are in Square's iframe and do not tell us).
 */
export interface TCardEntryState {
  ready: boolean;
  card: string;
}

export const NO_CARD: TCardEntryState = { ready: false, card: '' };

export interface TCardEntryProps {
  ref?: Ref<TCardEntryHandle>;
  onCardChange?: (state: TCardEntryState) => void;
  /** The card's error from the parent (the server's `sourceId` message), shown under the card. */
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

const TEST_CARD_LABELS: Record<string, string> = { approve: 'approves', decline: 'declines', transientError: 'fails once (try again)' };
const groupDigits = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

type TSquareIds = { applicationId: string; locationId: string; environment: TSquareEnvironment };

/** Which card form the server's answer asks for; an answer we cannot use is 'unavailable'. */
function modeOf(config: ReturnType<typeof usePaymentConfig>): { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'test'; cards: Record<string, string> } | { kind: 'square'; square: TSquareIds; sandbox: boolean } {
  if (config.isPending) return { kind: 'loading' };
  const data: TPaymentConfig | undefined = config.data;
  if (!data) return { kind: 'unavailable' };
  if (data.testCards) return { kind: 'test', cards: data.testCards };
  const provider = data.provider;
  if (provider?.provider === 'square' && provider.applicationId && provider.locationId) {
    const { applicationId, locationId, environment } = provider;
    return { kind: 'square', square: { applicationId, locationId, environment }, sandbox: environment !== 'production' };
  }
  return { kind: 'unavailable' };
}

/**
 * The one way of entering a card (Pay With Card, the parking request, Join WaitList). From the
 * public `GET /api/Payment/Config` answer it draws the built-in test provider's card-number field
 * with the documented test cards, or Square's card fields (Square's iframe: the card number never
 * reaches our page or server, only the token does). The parent keeps the payment attempt and its
 * Idempotency-Key, and calls `tokenize()` through the ref only when it starts a new attempt.
 *
 * Light on purpose (native field, no MUI inputs): public pages render it. Square's loader and
 * script are fetched only when Square is the provider and this card form is on screen.
 */
export function CardEntry(props: TCardEntryProps) {
  const config = usePaymentConfig();
  const mode = modeOf(config);
  if (mode.kind === 'test') return <TestCardField {...props} cards={mode.cards} />;
  if (mode.kind === 'square') return <SquareCardField {...props} square={mode.square} sandbox={mode.sandbox} />;
  return <NoCardField {...props} loading={mode.kind === 'loading'} />;
}

function NoCardField({ ref, loading }: TCardEntryProps & { loading: boolean }) {
  useImperativeHandle(ref, () => ({
    tokenize: () => Promise.reject(new Error(loading ? 'The card form is still loading.' : CARD_UNAVAILABLE)),
    clear: () => undefined,
  }), [loading]);
  return loading ? <CardLoading /> : <CardUnavailable />;
}

function CardLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        Loading the card form…
      </Typography>
    </Box>
  );
}

function CardUnavailable() {
  return (
    <Typography role="alert" color="error">
      {CARD_UNAVAILABLE}
    </Typography>
  );
}

function TestCardField({ ref, onCardChange, error, disabled, autoFocus, cards }: TCardEntryProps & { cards: Record<string, string> }) {
  const [number, setNumber] = useState('');
  const digits = number.replace(/[\s-]/g, '');
  const change = (value: string) => {
    setNumber(value);
    const next = value.replace(/[\s-]/g, '');
    onCardChange?.({ ready: next.length > 0, card: next });
  };
  useImperativeHandle(ref, () => ({
    tokenize: async () => {
      if (!digits) throw new Error('Card Number is required');
      if (!/^\d{12,19}$/.test(digits)) throw new Error('Card Number is not valid');
      return `test:${digits}`;
    },
    clear: () => change(''),
  }));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <PlainField
        name="cardNumber"
        label="Card Number"
        value={number}
        onChange={change}
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
        required
        disabled={disabled}
        autoFocus={autoFocus}
        error={error || undefined}
        helperText="Test mode: no money moves."
      />
      <Box component="ul" aria-label="Test cards" sx={{ m: 0, pl: 2, color: 'text.secondary', typography: 'body2' }}>
        {Object.entries(cards).map(([kind, cardNumber]) => (
          <li key={kind}>
            {groupDigits(cardNumber)} {TEST_CARD_LABELS[kind] ?? kind}
          </li>
        ))}
      </Box>
    </Box>
  );
}

function SquareCardField({ ref, onCardChange, error, square, sandbox }: TCardEntryProps & { square: TSquareIds; sandbox: boolean }) {
  const { applicationId, locationId, environment } = square;
  // Square attaches to a selector; useId's characters are not all valid in one.
  const containerId = `square-card-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [card, setCard] = useState<TSquareCard | null>(null);
  const [failed, setFailed] = useState(false);
  const announce = useEffectEvent((state: TCardEntryState) => onCardChange?.(state));

  useEffect(() => {
    let active = true;
    let attached: TSquareCard | null = null;
    (async () => {
      try {
        // The loader too is fetched only now: pages without Square never download it.
        const { loadSquareSdk } = await import('../lib/square-sdk');
        const sdk = await loadSquareSdk(environment);
        if (!active) return;
        const payments = await sdk.payments(applicationId, locationId);
        const created = await payments.card();
        if (!active) return void created.destroy();
        await created.attach(`#${containerId}`);
        if (!active) return void created.destroy();
        attached = created;
        setCard(created);
        announce({ ready: true, card: '' });
      } catch {
        if (!active) return;
        setFailed(true);
        announce({ ready: false, card: '' });
      }
    })();
    return () => {
      active = false;
      void attached?.destroy();
    };
  }, [applicationId, locationId, environment, containerId]);

  useImperativeHandle(ref, () => ({
    tokenize: async () => {
      if (failed) throw new Error(CARD_UNAVAILABLE);
      if (!card) throw new Error('The card form is still loading.');
      const result = await card.tokenize();
      if (result.status === 'OK' && result.token) return result.token;
      throw new Error(result.errors?.map((e) => e.message).join(' ') || 'Check the card details.');
    },
    clear: () => void card?.clear?.(),
  }), [card, failed]);

  if (failed) return <CardUnavailable />;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box component="section" aria-label="Card" id={containerId} sx={{ minHeight: 90 }} />
      {!card && <CardLoading />}
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
      {sandbox && (
        <Typography variant="caption" color="text.secondary">
          Square sandbox: use one of Square&apos;s sandbox test cards; no money moves.
        </Typography>
      )}
    </Box>
  );
}
