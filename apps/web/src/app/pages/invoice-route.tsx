import { PayFromBalance } from '../../features/balances/pay-from-balance';
import { InvoicePage, type TInvoicePaymentsSlot } from '../../features/invoices/invoice-page';
import { InvoicePayments, ReceiptLinks } from '../../features/payments/invoice-payments';

/** Pay from the company's balance where the money is due, then the card and the staff's payments. */
function InvoicePaymentsWithBalance(slot: TInvoicePaymentsSlot) {
  return (
    <>
      {slot.invoice.abilities.payFromBalance && <PayFromBalance invoice={slot.invoice} selectedLineIds={slot.selectedLineIds} onPaid={slot.clearSelection} />}
      <InvoicePayments {...slot} />
    </>
  );
}

/** `/invoices/:id`: the invoices feature's page with the payments and balances features' widgets (features do not import each other). */
export function InvoiceRoute() {
  return <InvoicePage renderPayments={(slot) => <InvoicePaymentsWithBalance {...slot} />} renderPaidCell={(line) => <ReceiptLinks line={line} />} />;
}
