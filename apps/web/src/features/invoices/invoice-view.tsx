import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAID_BY_BALANCE, type TInvoice, type TLineItem } from '@apron/core/invoices';
import { CellWithFoldedLines, useIsPhone, type TFoldedLine } from '../../components/compact-columns';
import { DateText } from '../../components/date-text';
import { MoneyText } from '../../components/money-text';

// Read-only parts of an invoice, shared by the staff/tenant page and the public pay link page:
// this file imports no editing code, so the pay link chunk stays small.

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 6, sm: 4, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Grid>
  );
}

const STATUS_COLOR: Record<string, 'default' | 'success' | 'warning' | 'error'> = { Paid: 'success', Overdue: 'warning', Cancelled: 'error', Created: 'default' };

/** Invoice id, tenant, number, invoice/payment/due dates (MM/DD/YYYY or NA), paid, due, status. */
export function InvoiceHeader({ invoice }: { invoice: TInvoice }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2} component="section" aria-label="Invoice details">
        <Fact label="Invoice Id">
          <Box component="span" sx={{ overflowWrap: 'anywhere', fontSize: '0.85em' }}>
            {invoice._id}
          </Box>
        </Fact>
        <Fact label="Tenant">{invoice.tenantName}</Fact>
        <Fact label="Invoice Number">{invoice.invoiceNumber}</Fact>
        <Fact label="Status">
          <Chip size="small" label={invoice.status} color={STATUS_COLOR[invoice.status] ?? 'default'} />
        </Fact>
        <Fact label="Invoice Date">
          <DateText value={invoice.invoiceDate} />
        </Fact>
        <Fact label="Payment Date">
          <DateText value={invoice.paymentDate} />
        </Fact>
        <Fact label="Due Date">
          <DateText value={invoice.dueDate} />
        </Fact>
        <Fact label="Amount Paid">
          <MoneyText dollars={invoice.amountPaid} />
        </Fact>
        <Fact label="Amount Due">
          <MoneyText dollars={invoice.amountDue} />
        </Fact>
      </Grid>
      {invoice.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
          {invoice.description}
        </Typography>
      )}
    </Paper>
  );
}

export interface TLineItemsTableProps {
  invoice: TInvoice;
  /** Selected unpaid line ids; no checkboxes when absent. */
  selected?: ReadonlySet<string>;
  onToggle?: (lineId: string, checked: boolean) => void;
  onToggleAll?: (checked: boolean) => void;
  /** Per-line buttons (Edit, Remove) for unpaid lines. */
  lineActions?: (line: TLineItem) => ReactNode;
  /** What a paid line shows in the Paid column (a receipt link). */
  paidCell?: (line: TLineItem) => ReactNode;
}

/** What a line's Paid cell shows: 'PAID BY BALANCE', the receipt (or 'Paid'), or 'Unpaid'. */
function paidText(line: TLineItem, paidCell: TLineItemsTableProps['paidCell']): ReactNode {
  if (!line.isPaid) return 'Unpaid';
  return line.receiptId === PAID_BY_BALANCE ? PAID_BY_BALANCE : (paidCell?.(line) ?? 'Paid');
}

/**
 * Charge Name, Desc., Amount, Quantity, Total, Paid; a checkbox on each unpaid line. On a phone
 * only the name and total stay columns, the others shown under the name, so the table fits.
 */
export function LineItemsTable(props: TLineItemsTableProps) {
  const { invoice, selected, onToggle, onToggleAll, lineActions, paidCell } = props;
  const isPhone = useIsPhone();
  const selectable = !!selected && !!onToggle && invoice.status !== 'Cancelled';
  const unpaid = invoice.lineItems.filter((l) => !l.isPaid);
  const allChecked = selectable && unpaid.length > 0 && unpaid.every((l) => selected.has(l._id));
  if (invoice.lineItems.length === 0) {
    return <Typography color="text.secondary">No line items yet.</Typography>;
  }
  const foldedLines = (line: TLineItem): TFoldedLine[] => [
    ...(line.description ? [{ label: 'Desc.', value: line.description }] : []),
    { label: 'Amount', value: <MoneyText dollars={line.charges} /> },
    { label: 'Quantity', value: line.amount },
    { label: 'Paid', value: paidText(line, paidCell) },
  ];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Line items" sx={isPhone ? { '& .MuiTableCell-root': { px: 1 } } : undefined}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChecked}
                  indeterminate={!allChecked && unpaid.some((l) => selected.has(l._id))}
                  disabled={unpaid.length === 0}
                  onChange={(event) => onToggleAll?.(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select all unpaid lines' } }}
                />
              </TableCell>
            )}
            <TableCell>Charge Name</TableCell>
            {!isPhone && (
              <>
                <TableCell>Desc.</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell align="right">Quantity</TableCell>
              </>
            )}
            <TableCell align="right">Total</TableCell>
            {!isPhone && <TableCell>Paid</TableCell>}
            {lineActions && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.lineItems.map((line) => (
            <TableRow key={line._id} hover>
              {selectable && (
                <TableCell padding="checkbox">
                  {!line.isPaid && (
                    <Checkbox
                      checked={selected.has(line._id)}
                      onChange={(event) => onToggle(line._id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `Select ${line.name}` } }}
                    />
                  )}
                </TableCell>
              )}
              {isPhone ? (
                <TableCell>
                  <CellWithFoldedLines lines={foldedLines(line)}>{line.name}</CellWithFoldedLines>
                </TableCell>
              ) : (
                <>
                  <TableCell>{line.name}</TableCell>
                  <TableCell>{line.description}</TableCell>
                  <TableCell align="right">
                    <MoneyText dollars={line.charges} />
                  </TableCell>
                  <TableCell align="right">{line.amount}</TableCell>
                </>
              )}
              <TableCell align="right">
                <MoneyText dollars={line.total} />
              </TableCell>
              {!isPhone && <TableCell>{paidText(line, paidCell)}</TableCell>}
              {lineActions && <TableCell align="right">{line.isPaid ? null : lineActions(line)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
