import { invoiceTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { Tx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import { findInvoice } from './invoices.repo';

/**
 * An invoice changed: publish it in the change's transaction (notification rules run after commit,
 * docs/communications.md). Read after the change so the fields carry the new totals and status.
 */
export async function publishInvoiceEvent(tx: Tx, invoiceId: string, trigger: TEventTrigger): Promise<void> {
  const invoice = await findInvoice(tx, invoiceId, null);
  if (!invoice) return;
  await publishEvent(tx, {
    module: 'Invoices',
    trigger,
    recordId: invoice.id,
    companyId: invoice.companyId,
    fields: invoiceTemplateFields({ ...invoice, companyName: invoice.tenantName }),
  });
}
