import { InvoicePage } from '../../features/invoices/invoice-page';
import { InvoicePayments, ReceiptLinks } from '../../features/payments/invoice-payments';

/** `/invoices/:id`: the invoices feature's page with the payments feature's widgets (features do not import each other). */
export function InvoiceRoute() {
  return <InvoicePage renderPayments={(slot) => <InvoicePayments {...slot} />} renderPaidCell={(line) => <ReceiptLinks line={line} />} />;
}
