/** What the reports module reads from its neighbours, through their doors only (docs/adr/0004). */
export { findCompany } from '../companies/index';
export { airportToday, listInvoices, presentInvoiceGridRow } from '../invoices/index';
