import { eq } from 'drizzle-orm';
import { invoiceTemplateFields, type TEventTrigger } from '@apron/core/communications';
import { inIdList } from '../../db/id-list';
import type { DbOrTx, Tx } from '../../db/client';
import { publishEvent, publishEvents, type DomainEvent } from '../../platform/events/index';
import { companyDirectory } from '../companies/index';
import { findInvoice } from './invoices.repo';
import { invoices } from './invoices.table';

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

/**
 * Many invoices changed in one transaction (the cycle and overdue runs, a payment of several
 * invoices): one read of them all and one insert of their events, whatever their number. The
 * fields are `invoiceTemplateFields`, the same as a single invoice's event.
 */
export async function publishInvoiceEvents(tx: DbOrTx, invoiceIds: readonly string[], trigger: TEventTrigger): Promise<void> {
  if (invoiceIds.length === 0) return;
  const rows = await tx
    .select({
      id: invoices.id, companyId: invoices.companyId, invoiceNumber: invoices.invoiceNumber, name: invoices.name, status: invoices.status, invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate, totalCents: invoices.totalCents, paidCents: invoices.paidCents, companyName: companyDirectory.name,
    })
    .from(invoices)
    .innerJoin(companyDirectory, eq(companyDirectory.id, invoices.companyId))
    .where(inIdList(invoices.id, invoiceIds))
    .orderBy(invoices.invoiceNumber);
  await publishEvents(
    tx,
    rows.map((row) => ({ module: 'Invoices', trigger, recordId: row.id, companyId: row.companyId, fields: invoiceTemplateFields(row) })),
  );
}

/** An invoice as it is after a change, as a statement returned it (`markSelectionsPaidCtes`). */
export interface InvoiceEventRow {
  id: string;
  companyId: string;
  companyName: string;
  invoiceNumber: number;
  name: string;
  status: string;
  invoiceDate: string;
  dueDate: string | null;
  totalCents: number;
  paidCents: number;
}

/**
 * The events of invoices whose changed rows the caller already holds (pay from balance's one
 * statement returns them), for `publishEvents`: no read. Same fields as `publishInvoiceEvents`.
 */
export function invoiceEventsOf(rows: readonly InvoiceEventRow[], trigger: TEventTrigger): DomainEvent[] {
  return rows.map((row) => ({ module: 'Invoices', trigger, recordId: row.id, companyId: row.companyId, fields: invoiceTemplateFields(row) }));
}
