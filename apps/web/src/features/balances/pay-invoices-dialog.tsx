import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { BALANCE_MESSAGES } from '@apron/core/balances';
import { formatMoney, sumCents, toCents } from '@apron/core/money';
import { PAID_BY_BALANCE, type TLineItem } from '@apron/core/invoices';
import { Loader } from '../../components/loader';
import { MoneyText } from '../../components/money-text';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { useNotify } from '../../lib/notify';
import { usePayFromBalance, useUnpaidBalance } from './api';

/** How long 'InSufficient Funds' stays on screen (spec: about 2 seconds). */
export const INSUFFICIENT_FUNDS_MS = 2000;

interface TPaidLine {
  invoiceNumber: number;
  line: TLineItem;
}

/** Pay Invoices: the company's unpaid lines; the selected ones are paid from the balance by the server. */
export function PayInvoicesDialog(props: { companyId: string; open: boolean; onClose: () => void }) {
  const { companyId, open, onClose } = props;
  const notify = useNotify();
  const unpaid = useUnpaidBalance(companyId, open);
  const pay = usePayFromBalance(companyId);
  const attempt = useMoneyAttempt();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [insufficient, setInsufficient] = useState(false);
  const [paidNow, setPaidNow] = useState<TPaidLine[]>([]);

  useEffect(() => {
    if (!insufficient) return;
    const timer = setTimeout(() => setInsufficient(false), INSUFFICIENT_FUNDS_MS);
    return () => clearTimeout(timer);
  }, [insufficient]);

  const invoices = unpaid.data?.invoices ?? [];
  const lines = invoices.flatMap((inv) => inv.lineItems.filter((l) => !l.isPaid).map((line) => ({ invoice: inv, line })));
  const chosen = lines.filter((x) => selected.has(x.line._id));
  const totalCents = sumCents(chosen.map((x) => toCents(x.line.total)));
  const toggle = (id: string, checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async () => {
    if (chosen.length === 0) return;
    const body: Record<string, string[]> = {};
    for (const { invoice, line } of chosen) (body[invoice._id] ??= []).push(line._id);
    try {
      const outcome = await attempt.run(JSON.stringify(body), (idempotencyKey) => pay.mutateAsync({ body, idempotencyKey }));
      if (!outcome.sent) return;
      setPaidNow((prev) => [...prev, ...chosen.map(({ invoice, line }) => ({ invoiceNumber: invoice.invoiceNumber, line }))]);
      setSelected(new Set());
      notify.success(outcome.answer.message || BALANCE_MESSAGES.paid);
    } catch (error) {
      if (isApiError(error) && error.message === BALANCE_MESSAGES.insufficientFunds) setInsufficient(true);
      else notify.error(error);
    }
  };

  return (
    <Dialog fullScreen open={open} onClose={attempt.running ? undefined : onClose} aria-labelledby="pay-invoices-title">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={onClose} aria-label="Close" disabled={attempt.running}>
            <CloseIcon />
          </IconButton>
          <Typography id="pay-invoices-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            Pay Invoices
          </Typography>
          <Button variant="contained" onClick={() => void submit()} disabled={chosen.length === 0 || attempt.running}>
            {attempt.running ? 'Paying…' : `Pay ${formatMoney(totalCents)}`}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2 }}>
        {unpaid.isPending ? (
          <Loader text="Loading unpaid lines" />
        ) : unpaid.isError ? (
          <Alert severity="error">{errorMessage(unpaid.error)}</Alert>
        ) : (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <Typography>
                Balance: <MoneyText dollars={unpaid.data.balance} />
              </Typography>
              <Typography>
                Selected: {chosen.length} line{chosen.length === 1 ? '' : 's'}, {formatMoney(totalCents)}
              </Typography>
            </Stack>
            {insufficient && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {BALANCE_MESSAGES.insufficientFunds}
              </Alert>
            )}
            {lines.length === 0 ? (
              <Typography color="text.secondary">No unpaid invoice lines.</Typography>
            ) : (
              <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Unpaid lines">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox" />
                      <TableCell>Invoice</TableCell>
                      <TableCell>Charge Name</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Desc.</TableCell>
                      <TableCell align="right">Total</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lines.map(({ invoice, line }) => (
                      <TableRow key={line._id} hover>
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(line._id)}
                            onChange={(event) => toggle(line._id, event.target.checked)}
                            slotProps={{ input: { 'aria-label': `Select #${invoice.invoiceNumber} ${line.name}` } }}
                          />
                        </TableCell>
                        <TableCell>#{invoice.invoiceNumber} {invoice.name}</TableCell>
                        <TableCell>{line.name}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{line.description}</TableCell>
                        <TableCell align="right">
                          <MoneyText dollars={line.total} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            )}
            {paidNow.length > 0 && (
              <Paper variant="outlined" sx={{ mt: 2, overflowX: 'auto' }}>
                <Table size="small" aria-label="Paid lines">
                  <TableBody>
                    {paidNow.map(({ invoiceNumber, line }) => (
                      <TableRow key={line._id}>
                        <TableCell>#{invoiceNumber}</TableCell>
                        <TableCell>{line.name}</TableCell>
                        <TableCell align="right">
                          <MoneyText dollars={line.total} />
                        </TableCell>
                        <TableCell>{PAID_BY_BALANCE}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            )}
          </>
        )}
      </Box>
    </Dialog>
  );
}
