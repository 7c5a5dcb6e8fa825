import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { payments, type PaymentRow } from './payments.table';

/**
 * The payments table's part of the invoices import (issue 23): the payments received in the old
 * system, each its own receipt as any payment is, numbered from the airport's receipt counter (one
 * block per chunk). No receipt e-mail: the tenant was given a receipt by the old system.
 */
export interface NewImportedPayment {
  id: string;
  companyId: string;
  invoiceId: string;
  amountCents: number;
  method: 'cash' | 'check' | 'card' | 'balance';
  /** The old system's reference (check number, confirmation); a card's provider reference. */
  reference: string;
  paymentDate: string;
  createdBy: string | null;
}

/** Imported card payments name this provider: no card provider holds them (nothing to reconcile or refund). */
export const IMPORTED_CARD_PROVIDER = 'import';

export async function insertImportedPayments(tx: Tx, rows: readonly NewImportedPayment[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((p, i) => {
    const isCard = p.method === 'card';
    return {
      ord: i + 1, id: p.id, company_id: p.companyId, invoice_id: p.invoiceId, amount_cents: p.amountCents, method: p.method,
      provider: isCard ? IMPORTED_CARD_PROVIDER : null,
      provider_ref: isCard ? p.reference || 'imported' : null,
      // a card payment carries a key (payments_card_check); the payment's own id makes one that nothing else uses
      idempotency_key: isCard ? `import:${p.id}` : null,
      details: isCard ? null : p.reference || null,
      payment_date: p.paymentDate, created_by: p.createdBy,
    };
  });
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(ord int, id uuid, company_id uuid, invoice_id uuid, amount_cents bigint,
        method text, provider text, provider_ref text, idempotency_key text, details text, payment_date date, created_by uuid)
    ), block as (select apron_take_numbers('receipt', (select count(*) from v), 5001) as first)
    insert into ${payments} (id, receipt_number, company_id, invoice_id, amount_cents, method, provider, provider_ref, idempotency_key, details, payment_date, created_by)
    select v.id, block.first + v.ord - 1, v.company_id, v.invoice_id, v.amount_cents, v.method, v.provider, v.provider_ref, v.idempotency_key, v.details,
      v.payment_date, v.created_by
    from v cross join block order by v.ord`);
}

export async function deleteImportedPayments(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(payments).where(inIdList(payments.id, ids));
}

/** Payments by id (the export names each paid line's date, method and reference). */
export async function paymentsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PaymentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(payments).where(inIdList(payments.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
