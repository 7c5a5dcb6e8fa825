import { InvoiceHeader, LineItemsTable } from '../../features/invoices/invoice-view';
import { PayLinkPage } from '../../features/payments/pay-link-page';

/** `/payment/:token` (public): the read-only invoice view and the card form; no staff code. */
export function PayLinkRoute() {
  return (
    <PayLinkPage
      renderInvoice={(invoice, selection) => (
        <>
          <InvoiceHeader invoice={invoice} />
          <LineItemsTable invoice={invoice} selected={selection?.selected} onToggle={selection?.onToggle} onToggleAll={selection?.onToggleAll} />
        </>
      )}
    />
  );
}
