import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  BALANCE_IMPORT_COLUMNS, OPENING_BALANCE_NOTE, ZBalanceImportRow, formatMoney, maskAccountNumber, toCents, fromCents,
  type ImportIssue, type TBalanceImportRow,
} from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { AppError } from '../../platform/errors/app-error';
import type { ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { refuseIssuesFoundAtCommit } from '../../platform/imports/refuse';
import { companyDirectory, companyKeyOf, findCompaniesByReference, lockCompanies } from '../companies/index';
import { balancesOf } from './balances.repo';
import { balanceRecords, type BalanceRecordRow } from './balances.table';

/**
 * Import kind `balances` (issue 23): opening balance credits. A row is written as Add Record writes
 * it (`insertBalanceRecord`: a Cash credit's reference is `Cash: <note>`, its account `****`; a
 * check keeps the last four digits), so the company's balance is simply the sum of its ledger as
 * for any credit. The ledger's invariant holds for the whole batch: no company's balance may end
 * below zero (a Debit row, a credit lowered or moved to another company by a re-import).
 */

/** The columns of a ledger row that an import writes (and compares to tell a changed row). */
type CreditValues = Pick<BalanceRecordRow, 'companyId' | 'amountCents' | 'type' | 'dateApplied' | 'reference' | 'accountNumMasked' | 'routingNum'>;
const VALUE_KEYS = ['companyId', 'amountCents', 'type', 'dateApplied', 'reference', 'accountNumMasked', 'routingNum'] as const;

interface PlannedRecord {
  row: number;
  externalId: string;
  values: CreditValues;
  existing: BalanceRecordRow | null;
}

/** The reference prefix of the Debits that pay invoices (pay from balance; the invoices import's 'balance' payments). */
export const INVOICE_DEBIT_PREFIX = 'Invoice #';

/** A record's external id in exports: its own, or `apron-<id>` for one entered in Apron (importing that back finds it). */
const exportedIdOf = (record: BalanceRecordRow) => record.externalId ?? `${APRON_ID_PREFIX}${record.id}`;
const APRON_ID_PREFIX = 'apron-';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findByExternalIds(db: DbOrTx, externalIds: readonly string[]): Promise<BalanceRecordRow[]> {
  const ownIds = externalIds.flatMap((e) => (e.startsWith(APRON_ID_PREFIX) && UUID.test(e.slice(APRON_ID_PREFIX.length)) ? [e.slice(APRON_ID_PREFIX.length)] : []));
  const byExternal = and(isNotNull(balanceRecords.externalId), inArray(balanceRecords.externalId, [...externalIds]));
  return db.select().from(balanceRecords).where(ownIds.length ? or(byExternal, and(isNull(balanceRecords.externalId), inIdList(balanceRecords.id, ownIds))) : byExternal);
}

function valuesOf(row: TBalanceImportRow, companyId: string): CreditValues {
  const isCheck = row.paidBy === 'Check';
  return {
    companyId,
    amountCents: toCents(row.amount),
    type: row.type,
    dateApplied: row.dateApplied,
    reference: isCheck ? null : `Cash: ${row.note || OPENING_BALANCE_NOTE}`,
    accountNumMasked: isCheck ? maskAccountNumber(row.accountNum ?? '') : '****',
    routingNum: isCheck ? (row.routingNum ?? '') : '',
  };
}

const isUnchanged = (before: BalanceRecordRow, after: CreditValues) => VALUE_KEYS.every((k) => before[k] === after[k]);
const signed = (v: Pick<CreditValues, 'type' | 'amountCents'>) => (v.type === 'Credit' ? v.amountCents : -v.amountCents);


/**
 * Resolves the companies, reads the records the external ids already name, and checks that no
 * company's balance ends below zero once the batch is written. Read-only; `commit` calls it again
 * under the ledgers' locks, so what it writes is what was checked.
 */
async function planRecords(db: DbOrTx, rows: readonly StagedRow<TBalanceImportRow>[]): Promise<{ issues: ImportIssue[]; planned: PlannedRecord[] }> {
  const issues: ImportIssue[] = [];
  const companies = await findCompaniesByReference(db, rows.map((r) => r.value.company));
  const existing = new Map((await findByExternalIds(db, rows.map((r) => r.externalId))).map((r) => [exportedIdOf(r), r]));
  const planned: PlannedRecord[] = [];
  for (const staged of rows) {
    const matches = companies.get(companyKeyOf(staged.value.company)) ?? [];
    if (matches.length !== 1) {
      const message = matches.length ? `Several companies are named "${staged.value.company}"` : `No company "${staged.value.company}"`;
      issues.push({ row: staged.row, column: 'company', message });
      continue;
    }
    planned.push({ row: staged.row, externalId: staged.externalId, values: valuesOf(staged.value, matches[0]!.id), existing: existing.get(staged.externalId) ?? null });
  }
  // Balance after the batch, per company touched: what it is, plus each row's new record, minus what the row replaces.
  const change = new Map<string, number>();
  const add = (companyId: string, cents: number) => change.set(companyId, (change.get(companyId) ?? 0) + cents);
  for (const p of planned) {
    add(p.values.companyId, signed(p.values));
    if (p.existing) add(p.existing.companyId, -signed(p.existing));
  }
  const balances = await balancesOf(db, [...change.keys()]);
  for (const [companyId, cents] of change) {
    const after = (balances.get(companyId) ?? 0) + cents;
    if (after >= 0) continue;
    for (const p of planned.filter((q) => q.values.companyId === companyId || q.existing?.companyId === companyId)) {
      issues.push({ row: p.row, column: 'amount', message: `The company's balance would fall below zero (${formatMoney(after)}): its credits have been spent` });
    }
  }
  return { issues, planned };
}

async function commitRecords(tx: Tx, rows: readonly StagedRow<TBalanceImportRow>[], ctx: Parameters<ImportKind['commit']>[2]): Promise<void> {
  // Every ledger this chunk may change takes turns with pay from balance and Add Record (their lock).
  const named = await findCompaniesByReference(tx, rows.map((r) => r.value.company));
  const previous = await findByExternalIds(tx, rows.map((r) => r.externalId));
  await lockCompanies(tx, [...[...named.values()].flat().map((c) => c.id), ...previous.map((p) => p.companyId)]);
  const { issues, planned } = await planRecords(tx, rows);
  refuseIssuesFoundAtCommit(issues);
  const createdBy = ctx.actor.user?.id ?? null;
  const fresh = planned.filter((p) => !p.existing);
  const changed = planned.filter((p) => p.existing && !isUnchanged(p.existing, p.values));
  const tracked: TrackedRecord[] = [];
  if (fresh.length) {
    const inserted = await tx
      .insert(balanceRecords)
      .values(fresh.map((p) => ({ ...p.values, externalId: p.externalId, createdBy })))
      .returning();
    tracked.push(...inserted.map((row) => ({ entity: 'balanceRecord', id: row.id, action: 'created' as const, after: row })));
  }
  if (changed.length) {
    await tx.execute(sql`
      update ${balanceRecords} b set company_id = v.company_id, amount_cents = v.amount_cents, type = v.type, date_applied = v.date_applied,
        reference = v.reference, account_num_masked = v.account_num_masked, routing_num = v.routing_num
      from jsonb_to_recordset(${JSON.stringify(changed.map((p) => ({ id: p.existing!.id, company_id: p.values.companyId, amount_cents: p.values.amountCents, type: p.values.type, date_applied: p.values.dateApplied, reference: p.values.reference, account_num_masked: p.values.accountNumMasked, routing_num: p.values.routingNum })))}::jsonb)
        as v(id uuid, company_id uuid, amount_cents bigint, type text, date_applied date, reference text, account_num_masked text, routing_num text)
      where b.id = v.id`);
    tracked.push(...changed.map((p) => ({ entity: 'balanceRecord', id: p.existing!.id, action: 'updated' as const, before: pickValues(p.existing!), after: { ...p.values } })));
  }
  await ctx.track(tx, tracked);
}

function pickValues(row: CreditValues): CreditValues {
  return Object.fromEntries(VALUE_KEYS.map((k) => [k, row[k]])) as CreditValues;
}

/** What undoing the records would do to each company's balance (created ones go, updated ones return to `before`). */
async function undoEffect(db: DbOrTx, records: readonly TrackedRecord[]): Promise<{ effect: Map<string, number>; current: Map<string, BalanceRecordRow> }> {
  const ids = records.filter((r) => r.entity === 'balanceRecord').map((r) => r.id);
  const rows = ids.length ? await db.select().from(balanceRecords).where(inIdList(balanceRecords.id, ids)) : [];
  const current = new Map(rows.map((r) => [r.id, r]));
  const effect = new Map<string, number>();
  const add = (companyId: string, cents: number) => effect.set(companyId, (effect.get(companyId) ?? 0) + cents);
  for (const record of records) {
    const now = current.get(record.id);
    if (now) add(now.companyId, -signed(now));
    if (record.action === 'updated' && record.before) {
      const before = record.before as unknown as CreditValues;
      add(before.companyId, signed(before));
    }
  }
  return { effect, current };
}

async function belowZeroAfterUndo(db: DbOrTx, records: readonly TrackedRecord[]): Promise<string | null> {
  const { effect } = await undoEffect(db, records);
  const balances = await balancesOf(db, [...effect.keys()]);
  const short = [...effect].filter(([companyId, cents]) => (balances.get(companyId) ?? 0) + cents < 0).map(([companyId]) => companyId);
  if (short.length === 0) return null;
  const names = await db.select({ name: companyDirectory.name }).from(companyDirectory).where(inIdList(companyDirectory.id, short)).orderBy(asc(companyDirectory.name));
  return `Imported credits have been spent since the import (the balance would fall below zero): ${names.map((n) => n.name).join(', ')}`;
}

async function undoRecords(tx: Tx, records: readonly TrackedRecord[]): Promise<void> {
  const { effect } = await undoEffect(tx, records);
  await lockCompanies(tx, [...effect.keys()]);
  const blocked = await belowZeroAfterUndo(tx, records);
  if (blocked) throw new AppError('CONFLICT', blocked);
  const created = records.filter((r) => r.entity === 'balanceRecord' && r.action === 'created').map((r) => r.id);
  if (created.length) await tx.delete(balanceRecords).where(inIdList(balanceRecords.id, created));
  for (const record of records.filter((r) => r.entity === 'balanceRecord' && r.action === 'updated' && r.before)) {
    await tx.update(balanceRecords).set(pickValues(record.before as unknown as CreditValues)).where(eq(balanceRecords.id, record.id));
  }
}

/**
 * The ledger in the template's columns: every Credit, and the Debits written by hand (corrections);
 * the Debits that paid invoices are not rows here - the invoices export names those lines paid
 * 'balance', and importing them writes their Debit again.
 */
async function* exportRecords(db: Db): AsyncIterable<Record<string, string>> {
  const rows = await db
    .select({ record: balanceRecords, company: companyDirectory.name })
    .from(balanceRecords)
    .innerJoin(companyDirectory, eq(companyDirectory.id, balanceRecords.companyId))
    .where(sql`not (${balanceRecords.type} = 'Debit' and coalesce(${balanceRecords.reference}, '') like ${`${INVOICE_DEBIT_PREFIX}%`})`)
    .orderBy(asc(balanceRecords.dateApplied), asc(balanceRecords.createdAt), asc(balanceRecords.id));
  for (const { record, company } of rows) {
    const isCash = record.accountNumMasked === '****' && !record.routingNum;
    yield {
      externalId: exportedIdOf(record),
      company,
      amount: fromCents(record.amountCents).toFixed(2),
      dateApplied: record.dateApplied,
      type: record.type,
      note: isCash ? (record.reference ?? '').replace(/^Cash: /, '') : '',
      paidBy: isCash ? 'Cash' : 'Check',
      // Only the last four digits were ever stored; importing them stores the same masked number.
      accountNum: isCash ? '' : record.accountNumMasked.replace(/\*/g, ''),
      routingNum: isCash ? '' : record.routingNum,
    };
  }
}

export const balancesImport: ImportKind<TBalanceImportRow> = {
  kind: 'balances',
  columns: BALANCE_IMPORT_COLUMNS,
  schema: ZBalanceImportRow,
  check: async (db, rows) => (await planRecords(db, rows)).issues,
  commit: commitRecords,
  blockedUndo: belowZeroAfterUndo,
  undo: (tx, records) => undoRecords(tx, records),
  exportRows: exportRecords,
};
