import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BALANCE_MESSAGES } from '@apron/core/balances';
import { hasSufficientFunds, type TInvoice } from '@apron/core/invoices';
import { formatMoney, sumCents, toCents } from '@apron/core/money';
import { MoneyText } from '../../components/money-text';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { useNotify } from '../../lib/notify';
import { usePayFromBalance, useUnpaidBalance } from './api';

export interface TPayFromBalanceProps {
  invoice: TInvoice;
  selectedLineIds: string[];
  onPaid: () => void;
}

/**
 * Pay From Balance on the invoice page, where the money is due: the selected lines of this
 * invoice, paid from the company's balance by the server (`usePayFromBalance`, the same call and
 * messages as Pay Invoices on the balances page). Offered when the balance covers the selection
 * (PRODUCT-RULES 6: balance >= total); otherwise the spec's 'InSufficient Funds'. One request at
 * a time with one Idempotency-Key (`useMoneyAttempt`): a double click pays once and the success
 * message stays.
 */
export function PayFromBalance({ invoice, selectedLineIds, onPaid }: TPayFromBalanceProps) {
  const notify = useNotify();
  const unpaid = useUnpaidBalance(invoice.tenantId, true);
  const pay = usePayFromBalance(invoice.tenantId);
  const attempt = useMoneyAttempt();
  // Nothing to pay with: the section would only say so.
  if (!unpaid.data || unpaid.data.balance <= 0) return null;

  const selected = new Set(selectedLineIds);
  const lineIds = invoice.lineItems.filter((l) => selected.has(l._id) && !l.isPaid).map((l) => l._id);
  const cents = sumCents(invoice.lineItems.filter((l) => lineIds.includes(l._id)).map((l) => toCents(l.total)));
  const covered = hasSufficientFunds(toCents(unpaid.data.balance), cents);

  const submit = async () => {
    const body = { [invoice._id]: lineIds };
    try {
      const outcome = await attempt.run(JSON.stringify(body), (idempotencyKey) => pay.mutateAsync({ body, idempotencyKey }));
      if (!outcome.sent) return;
      notify.success(outcome.answer.message || BALANCE_MESSAGES.paid);
      onPaid();
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Pay From Balance">
      <Typography variant="h6" component="h2" gutterBottom>
        Pay From Balance
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography>
          Balance: <MoneyText dollars={unpaid.data.balance} />
        </Typography>
        <Button variant="contained" onClick={() => void submit()} disabled={lineIds.length === 0 || !covered || attempt.running}>
          {attempt.running ? 'Paying…' : `Pay ${formatMoney(cents)} From Balance`}
        </Button>
      </Stack>
      {lineIds.length > 0 && !covered && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {BALANCE_MESSAGES.insufficientFunds}
        </Alert>
      )}
    </Paper>
  );
}
