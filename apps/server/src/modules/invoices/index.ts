export { invoices, invoiceLineItems, type InvoiceRow, type LineItemRow } from './invoices.table';
