import type { GridColDef } from '@mui/x-data-grid';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import type { TInvoiceGridRow } from '@apron/core/invoices';

const dateCell = (value: string | null | undefined) => (value ? formatDate(value) : 'NA');
const moneyCell = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(toCents(value)) : 'NA');

/** Invoice Name, Invoice Number, Payment Date, Due Date, Status, Amount Due, Amount Total, Amount Paid. */
export function invoiceColumns(options: { withCompany: boolean; isPhone: boolean }): GridColDef<TInvoiceGridRow>[] {
  const columns: GridColDef<TInvoiceGridRow>[] = [
    { field: 'name', headerName: 'Invoice Name', flex: 1.5, minWidth: 180 },
    { field: 'invoiceNumber', headerName: 'Invoice Number', minWidth: 130 },
    ...(options.withCompany ? [{ field: 'tenantName', headerName: 'Company', flex: 1, minWidth: 160 } satisfies GridColDef<TInvoiceGridRow>] : []),
    { field: 'paymentDate', headerName: 'Payment Date', minWidth: 120, valueFormatter: (value: string | null) => dateCell(value) },
    { field: 'dueDate', headerName: 'Due Date', minWidth: 120, valueFormatter: (value: string | null) => dateCell(value) },
    { field: 'status', headerName: 'Status', minWidth: 110 },
    { field: 'amountDue', headerName: 'Amount Due', minWidth: 120, type: 'number', valueFormatter: (value: number) => moneyCell(value) },
    { field: 'amountTotal', headerName: 'Amount Total', minWidth: 120, type: 'number', valueFormatter: (value: number) => moneyCell(value) },
    { field: 'amountPaid', headerName: 'Amount Paid', minWidth: 120, type: 'number', valueFormatter: (value: number) => moneyCell(value) },
  ];
  // On a phone: name, status and what is due; the rest is on the invoice page.
  return options.isPhone ? columns.filter((c) => ['name', 'status', 'amountDue'].includes(c.field)) : columns;
}
