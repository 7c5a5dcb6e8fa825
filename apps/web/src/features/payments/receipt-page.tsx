import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import { DateText } from '../../components/date-text';
import { Loader } from '../../components/loader';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { receiptPdfUrl, useReceipt } from './api';

const METHOD_LABEL: Record<string, string> = { card: 'Card', cash: 'Cash', check: 'Check', balance: 'Balance' };

/** `/receipts/:id`: one payment's receipt, with its PDF. */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const query = useReceipt(id);
  if (query.isPending) return <Loader text="Loading receipt" />;
  if (query.isError) return <RecordLoadError error={query.error} title="Receipt" backTo="/invoices" notFound={PAYMENT_MESSAGES.receiptNotFound} />;
  const r = query.data;
  return (
    <>
      <PageHeader
        title={`Receipt #${r.receiptNumber}`}
        backTo={`/invoices/${encodeURIComponent(r.invoiceId)}`}
        backLabel="Back to invoice"
        actions={
          <Button variant="outlined" href={receiptPdfUrl(r._id)} target="_blank" rel="noopener">
            PDF
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={2}>
          {[
            ['Invoice Number', r.invoiceNumber],
            ['Tenant', r.tenantName],
            ['Amount', <MoneyText key="a" dollars={r.amount} />],
            ['Method', METHOD_LABEL[r.method] ?? r.method],
            ['Payment Date', <DateText key="d" value={r.paymentDate} />],
            ['Account', [r.accountName, r.accountNumber].filter(Boolean).join(' ') || 'NA'],
            ['Reference', r.reference ?? 'NA'],
          ].map(([label, value]) => (
            <Grid key={String(label)} size={{ xs: 6, sm: 4 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography component="div">{value}</Typography>
            </Grid>
          ))}
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Paid lines">
          <TableHead>
            <TableRow>
              <TableCell>Charge Name</TableCell>
              <TableCell>Desc.</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.lineItems.map((l) => (
              <TableRow key={l._id}>
                <TableCell>{l.name}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell align="right">
                  <MoneyText dollars={l.charges} />
                </TableCell>
                <TableCell align="right">{l.amount}</TableCell>
                <TableCell align="right">
                  <MoneyText dollars={l.total} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
