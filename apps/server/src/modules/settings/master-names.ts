import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cpiIndex } from './cpi-index.table';
import { documentTypes, insuranceTypes, invoiceCycles, paymentTypes } from './settings.table';

/**
 * Master data other modules show by name or apply (a payment type's rule, CPI values). A record of another module keeps only the id (a foreign
 * key); its lists read the name through these fragments, so the settings tables stay this
 * module's own (docs/adr/0004).
 */
export function documentTypeNameSql(typeId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select ${documentTypes.name} from ${documentTypes} where ${documentTypes.id} = ${typeId})`;
}

export function insuranceTypeNameSql(typeId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select ${insuranceTypes.name} from ${insuranceTypes} where ${insuranceTypes.id} = ${typeId})`;
}

export function invoiceCycleNameSql(cycleId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select ${invoiceCycles.name} from ${invoiceCycles} where ${invoiceCycles.id} = ${cycleId})`;
}

export function paymentTypeNameSql(typeId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select ${paymentTypes.name} from ${paymentTypes} where ${paymentTypes.id} = ${typeId})`;
}

/** A payment type's SKU type (CPI, Flat, Percent): how its rent adjustment applies. */
export function paymentTypeSkuTypeSql(typeId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select ${paymentTypes.skuType} from ${paymentTypes} where ${paymentTypes.id} = ${typeId})`;
}

export async function invoiceCycleExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: invoiceCycles.id }).from(invoiceCycles).where(eq(invoiceCycles.id, id)).limit(1);
  return !!row;
}

export async function paymentTypeExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.id, id)).limit(1);
  return !!row;
}

export async function insuranceTypeExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: insuranceTypes.id }).from(insuranceTypes).where(eq(insuranceTypes.id, id)).limit(1);
  return !!row;
}

/** A payment type's rent adjustment rule (the agreements module's rent adjustment applies it). */
export async function findPaymentTypeRule(
  db: DbOrTx,
  id: string,
): Promise<{ name: string; skuType: string; skuAmountCents: number | null; skuPercent: string | number | null } | null> {
  const [row] = await db
    .select({ name: paymentTypes.name, skuType: paymentTypes.skuType, skuAmountCents: paymentTypes.skuAmountCents, skuPercent: paymentTypes.skuPercent })
    .from(paymentTypes)
    .where(eq(paymentTypes.id, id))
    .limit(1);
  return row ?? null;
}

/** CPI values of the given periods (`YYYY-MM`). */
export async function cpiValues(db: DbOrTx, periods: string[]): Promise<Map<string, number>> {
  if (periods.length === 0) return new Map();
  const rows = await db.select({ period: cpiIndex.period, value: cpiIndex.value }).from(cpiIndex).where(inArray(cpiIndex.period, periods));
  return new Map(rows.map((r) => [r.period, Number(r.value)]));
}

/** The due days (days from invoice date to due date) of the given invoice cycles, by id. */
export async function invoiceCycleDueDays(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: invoiceCycles.id, dueDays: invoiceCycles.dueDays }).from(invoiceCycles).where(inArray(invoiceCycles.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.dueDays]));
}

export interface InvoiceCycleToRun {
  id: string;
  name: string;
  expression: string;
  dueDays: number;
}

const cycleToRunColumns = { id: invoiceCycles.id, name: invoiceCycles.name, expression: invoiceCycles.expression, dueDays: invoiceCycles.dueDays };

/** Every invoice cycle with what the cycle run needs: its period expression and due days. */
export async function listInvoiceCycles(db: DbOrTx): Promise<InvoiceCycleToRun[]> {
  return db.select(cycleToRunColumns).from(invoiceCycles);
}

/** One invoice cycle as the run needs it (the billing run's preview and run by hand); another airport's is not seen. */
export async function findInvoiceCycle(db: DbOrTx, id: string): Promise<InvoiceCycleToRun | null> {
  const [row] = await db.select(cycleToRunColumns).from(invoiceCycles).where(eq(invoiceCycles.id, id));
  return row ?? null;
}

/** An invoice cycle's due days, for a statement that has the cycle id (one agreement to invoice). */
export function invoiceCycleDueDaysSql(cycleId: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(select ${invoiceCycles.dueDays} from ${invoiceCycles} where ${invoiceCycles.id} = ${cycleId})`.mapWith(Number);
}

/** A payment type's late fee (a percentage), for a statement that has the type id (the overdue run). */
export function paymentTypeLateFeeSql(typeId: AnyPgColumn | SQL): SQL<string | number | null> {
  return sql<string | number | null>`(select ${paymentTypes.lateFee} from ${paymentTypes} where ${paymentTypes.id} = ${typeId})`;
}

/**
 * Invoice cycles, payment types and insurance types by name (case-blind), for an import that names
 * them: lower-cased name -> id. Names are unique per airport (the master data's unique index).
 */
export async function masterIdsByName(
  db: DbOrTx,
  master: 'invoiceCycles' | 'paymentTypes' | 'insuranceTypes',
  names: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const table = { invoiceCycles, paymentTypes, insuranceTypes }[master];
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(sql`lower(${table.name}) in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
