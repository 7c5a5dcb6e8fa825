import { sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import { INVOICE_MESSAGES, PAYMENT_MESSAGES } from '@apron/core';
import { inIdList } from '../../db/id-list';
import { cte } from '../../db/prepared';
import { AppError, notFound } from '../../platform/errors/app-error';
import { invoiceLineItems, invoices } from './invoices.table';

// ---- Several invoices at once (pay from balance): a fixed number of statements for any count --

/** A payment whose lines are gone: paid meanwhile, or never on that invoice. */
export const LINE_TAKEN = PAYMENT_MESSAGES.lineNotPayable;

/** The lines chosen on one invoice. */
export interface LineSelection {
  invoiceId: string;
  lineIds: readonly string[];
}

export interface PayableSelection extends LineSelection {
  companyId: string;
  invoiceNumber: number;
  amountCents: number;
}

/** A value of a composed statement: given, or a prepared statement's placeholder (`db/prepared.ts`). */
type Value = string | Placeholder;

/**
 * The company of an invoice (in the scope; a null scope = any company) as a scalar subquery, for
 * a statement of another module that locks that company in the same round trip (pay from
 * balance: the ledger). Its text does not depend on the scope, so it can be prepared once.
 */
export function invoiceCompanyIdSql(invoiceId: Value, scope: Value | null): SQL<string | null> {
  return sql<string | null>`(select ${invoices.companyId} from ${invoices}
    where ${invoices.id} = ${invoiceId}::uuid and (${scope}::uuid is null or ${invoices.companyId} = ${scope}::uuid))`;
}

/** The invoice and line ids of selections, as the two jsonb arrays `lockSelectionsCtes` takes. */
export function selectionIds(selections: readonly LineSelection[]): { invoiceIds: string; lineIds: string } {
  return {
    invoiceIds: JSON.stringify([...new Set(selections.map((s) => s.invoiceId))]),
    lineIds: JSON.stringify(selections.flatMap((s) => s.lineIds)),
  };
}

/**
 * Part of one locking read: CTEs `locked_invoices` then `locked_lines` that lock the selected
 * invoices, then all their selected lines, each in id order (`FOR UPDATE`, as a single payment
 * locks an invoice and then its lines). `after` names an earlier CTE of the statement: nothing is
 * locked unless it has a row, and only after it was read (pay from balance: the company's ledger
 * row, locked first). `ids`: the slots of `selectionIds`' values. `invoices` and `lines`: jsonb arrays of
 * what was locked, for `payableSelectionsOf`.
 */
export function lockSelectionsCtes(after: string, ids: { invoiceIds: Placeholder; lineIds: Placeholder }): { ctes: WithSubquery[]; invoices: SQL; lines: SQL } {
  const gate = sql`exists (select 1 from ${sql.identifier(after)})`;
  return {
    ctes: [
      cte('locked_invoices', sql`
      select ${invoices.id} as id, ${invoices.companyId} as company_id, ${invoices.status} as status, ${invoices.invoiceNumber} as invoice_number
      from ${invoices}
      where ${inIdList(invoices.id, ids.invoiceIds)} and ${gate}
      order by ${invoices.id}
      for update`),
      cte('locked_lines', sql`
      select ${invoiceLineItems.id} as id, ${invoiceLineItems.invoiceId} as invoice_id,
             ${invoiceLineItems.chargesCents} * ${invoiceLineItems.amount} as cents, ${invoiceLineItems.paymentId} as payment_id
      from ${invoiceLineItems}
      where ${inIdList(invoiceLineItems.id, ids.lineIds)}
        and exists (select 1 from locked_invoices)
      order by ${invoiceLineItems.id}
      for update`),
    ],
    invoices: sql`(select coalesce(jsonb_agg(i), '[]'::jsonb) from locked_invoices i)`,
    lines: sql`(select coalesce(jsonb_agg(l), '[]'::jsonb) from locked_lines l)`,
  };
}

interface LockedInvoice { id: string; company_id: string; status: string; invoice_number: number }
interface LockedLine { id: string; invoice_id: string; cents: number | string; payment_id: string | null }

/**
 * Check what `lockSelectionsCtes` locked, as `lockPayableLines` checks one invoice: each invoice
 * exists and is not cancelled, each line is on the invoice it was chosen under and none is paid.
 * Returns each invoice's company (the caller checks whose they are) and the server's figure.
 */
export function payableSelectionsOf(selections: readonly LineSelection[], locked: { invoices: unknown; lines: unknown }): PayableSelection[] {
  const lockedInvoices = new Map((locked.invoices as LockedInvoice[]).map((i) => [i.id, i]));
  const lines = new Map((locked.lines as LockedLine[]).map((l) => [l.id, l]));
  if (selections.some((s) => !lockedInvoices.has(s.invoiceId))) throw notFound(INVOICE_MESSAGES.notFound);
  if ([...lockedInvoices.values()].some((i) => i.status === 'Cancelled')) throw new AppError('CONFLICT', PAYMENT_MESSAGES.cancelled);
  const lineIds = selections.flatMap((s) => s.lineIds);
  if (new Set(lineIds).size !== lineIds.length) throw new AppError('CONFLICT', LINE_TAKEN);
  return selections.map((s) => {
    const own = s.lineIds.map((id) => lines.get(id));
    if (own.some((l) => !l || l.invoice_id !== s.invoiceId || l.payment_id)) throw new AppError('CONFLICT', LINE_TAKEN);
    const invoice = lockedInvoices.get(s.invoiceId)!;
    return { ...s, companyId: invoice.company_id, invoiceNumber: Number(invoice.invoice_number), amountCents: own.reduce((sum, l) => sum + Number(l!.cents), 0) };
  });
}

/**
 * Pay from balance's part of its one composed statement (`recordBalancePayments`): CTEs that
 * mark the locked lines paid, each by its payment, and move each invoice's maintained paid total
 * and status (the invoices are locked, so adding the lines' sum to `paid_cents` equals
 * recomputing it). `source` names an earlier CTE of rows (line_id uuid, invoice_id uuid,
 * payment_id uuid, paid_by text). Defines `marked_lines` (one row per line marked: the caller
 * checks the count, since a line the lock found unpaid and is not marked is a bug) and
 * `marked_invoices` (the invoices after the change: what `invoiceEventsOf` needs, by column name).
 */
export function markSelectionsPaidCtes(source: string, today: Value): WithSubquery[] {
  const from = sql.identifier(source);
  return [
    cte('marked_lines', sql`
      update invoice_line_items l set payment_id = s.payment_id, paid_by = s.paid_by, updated_at = now()
      from ${from} s where l.id = s.line_id and l.invoice_id = s.invoice_id and l.payment_id is null
      returning l.invoice_id, l.charges_cents * l.amount as cents`),
    cte('marked_sums', sql`select invoice_id, sum(cents) as cents from marked_lines group by invoice_id`),
    cte('marked_invoices', sql`
      update invoices i
      set paid_cents = i.paid_cents + ms.cents,
          status = case when i.paid_cents + ms.cents = i.total_cents and i.total_cents > 0 then 'Paid' else i.status end,
          payment_date = case when i.paid_cents + ms.cents = i.total_cents and i.total_cents > 0 then ${today}::date else i.payment_date end,
          updated_at = now()
      from marked_sums ms where i.id = ms.invoice_id
      returning i.id, i.company_id, i.invoice_number, i.name, i.status, i.invoice_date, i.due_date, i.total_cents, i.paid_cents`),
  ];
}
