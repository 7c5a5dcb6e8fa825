import type { GridColDef } from '@mui/x-data-grid';
import type { TCompactLayout } from '../../components/compact-columns';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import type { TInvoiceGridRow } from '@apron/core/invoices';

const dateCell = (value: string | null | undefined) => (value ? formatDate(value) : 'NA');
const moneyCell = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(toCents(value)) : 'NA');

/** How wide the page is: the grid folds more columns into the name's cell on narrower screens so none is clipped. */
export type TGridWidth = 'phone' | 'tablet' | 'laptop' | 'desktop';

/**
 * The widest the grid may be at each width: the main container is at most 1,200 px ('lg') less
 * its 24 px padding each side; below that the window (less padding) at the width's lower bound.
 */
export const GRID_ROOM: Record<TGridWidth, number> = { desktop: 1152, laptop: 852, tablet: 552, phone: 336 };

/**
 * Which columns give way first as the page narrows (spec order kept for what stays): Amount
 * Total and Payment Date, then the number, company and amount paid, leaving on a phone name,
 * status and what is due. What gives way is shown under the invoice's name.
 */
export const INVOICE_COMPACT: TCompactLayout = {
  keep: {
    lg: ['name', 'invoiceNumber', 'tenantName', 'dueDate', 'status', 'amountDue', 'amountPaid'],
    md: ['name', 'dueDate', 'status', 'amountDue'],
    sm: ['name', 'status', 'amountDue'],
  },
};

/** Invoice Name, Invoice Number, Payment Date, Due Date, Status, Amount Due, Amount Total, Amount Paid. */
export function invoiceColumns(options: { withCompany: boolean }): GridColDef<TInvoiceGridRow>[] {
  const money = { type: 'number', flex: 0.8, minWidth: 112, valueFormatter: (value: number) => moneyCell(value) } as const;
  const date = { flex: 0.8, minWidth: 108, valueFormatter: (value: string | null) => dateCell(value) } as const;
  const columns: GridColDef<TInvoiceGridRow>[] = [
    { field: 'name', headerName: 'Invoice Name', flex: 1.5, minWidth: 130 },
    { field: 'invoiceNumber', headerName: 'Invoice Number', flex: 0.8, minWidth: 110 },
    ...(options.withCompany ? [{ field: 'tenantName', headerName: 'Company', flex: 1, minWidth: 130 } satisfies GridColDef<TInvoiceGridRow>] : []),
    { field: 'paymentDate', headerName: 'Payment Date', ...date },
    { field: 'dueDate', headerName: 'Due Date', ...date },
    { field: 'status', headerName: 'Status', flex: 0.7, minWidth: 90 },
    { field: 'amountDue', headerName: 'Amount Due', ...money },
    { field: 'amountTotal', headerName: 'Amount Total', ...money },
    { field: 'amountPaid', headerName: 'Amount Paid', ...money },
  ];
  return columns;
}
