import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { airportToday, refreshInvoiceTotals } from './invoices.repo';
import { invoiceLineItems, invoices } from './invoices.table';

export interface OneLineInvoice {
  /** The payer: invoices belong to a company (tie-downs use their module's payer company). */
  companyId: string;
  name: string;
  description: string;
  line: { name: string; description: string; chargesCents: number; amount: number };
  /** The invoice (and due) date; today in the airport time zone unless given (demo data). */
  day?: string;
}

/**
 * A one-line invoice made by another module's server-side flow (a tie-down's '<type> parking,
 * N nights' x rate), in the caller's transaction: dated and due today in the airport time zone,
 * totals maintained, audited. The caller pays the line in the same transaction (payments'
 * `recordCardPayment`), so the invoice never exists unpaid when the flow succeeds, and then
 * publishes its Created event (`publishInvoiceEvent`), whose fields then read Paid.
 */
export async function createOneLineInvoice(tx: Tx, actor: AuditActor, input: OneLineInvoice): Promise<{ invoiceId: string; invoiceNumber: number; lineId: string }> {
  const today = await airportToday(tx);
  const day = input.day ?? today;
  const [invoice] = await tx
    .insert(invoices)
    .values({ companyId: input.companyId, name: input.name, description: input.description, invoiceDate: day, dueDate: day, createdBy: actor.user?.id ?? null })
    .returning();
  const [line] = await tx
    .insert(invoiceLineItems)
    .values({ invoiceId: invoice!.id, name: input.line.name, description: input.line.description, chargesCents: input.line.chargesCents, amount: input.line.amount, kind: 'manual' })
    .returning();
  await refreshInvoiceTotals(tx, invoice!.id, today);
  await recordAudit(tx, actor, { action: 'create', entity: 'invoice', entityId: invoice!.id, after: { ...invoice!, lineItems: [line!] } });
  return { invoiceId: invoice!.id, invoiceNumber: invoice!.invoiceNumber, lineId: line!.id };
}
