import {
  EMPTY_ROLL_FORWARD, GASB87_ACCOUNTS, GL_ACCOUNTS, addRollForward, fiscalYearRange, fromCents, maturityBuckets, readSetting, rollForwardCents,
  type TGasb87Agreement, type TGasb87JournalEntries, type TGasb87Maturity, type TGasb87RollForward, type TGasb87RollForwardCents,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { findLeaseTerms, leaseLabels } from '../agreements/index';
import { loadSystemSettings } from '../settings/index';
import * as repo from './gasb87.repo';
import { leaseTermEnd } from './lease-payments';
import { measureCalendar } from './measure';

/** The GASB 87 reports as the API answers them: cents inside, dollars with two decimals out. */

export async function fiscalYearStartMonth(db: DbOrTx): Promise<number> {
  return readSetting(await loadSystemSettings(db, ['FISCAL_YEAR_START_MONTH']), 'FISCAL_YEAR_START_MONTH');
}

/** One lease: its latest measurement's schedule and every version. Null when the agreement is not the caller airport's. */
export async function agreementReport(db: DbOrTx, agreementId: string): Promise<TGasb87Agreement | null> {
  const [terms] = await findLeaseTerms(db, [agreementId]);
  if (!terms) return null;
  const versions = await repo.measurementsOf(db, agreementId);
  const latest = versions[0];
  const excluded = latest?.exclusion ?? null;
  const schedule = latest && !excluded ? await repo.scheduleOf(db, latest.id) : [];
  const rate = latest ? Number(latest.ratePercent) : (terms.gasbDiscountRate ?? (await measureCalendar(db)).airportRatePercent);
  return {
    agreementId,
    agreementNum: terms.agreementNum,
    companyName: terms.companyName,
    rate,
    commencement: terms.startDate,
    termEnd: latest?.termEnd ?? leaseTermEnd(terms),
    exclusion: excluded as TGasb87Agreement['exclusion'],
    receivable: fromCents(excluded ? 0 : (latest?.receivableCents ?? 0)),
    deferredInflow: fromCents(excluded ? 0 : (latest?.deferredInflowCents ?? 0)),
    schedule: schedule.map((row) => ({
      date: row.date,
      payment: fromCents(row.paymentCents),
      interest: fromCents(row.interestCents),
      principal: fromCents(row.principalCents),
      balance: fromCents(row.balanceCents),
    })),
    measurements: versions.map((v) => ({
      version: v.version,
      measuredOn: v.validFrom,
      reason: v.reason as 'commencement' | 'modification',
      receivable: fromCents(v.receivableCents),
      deferredInflow: fromCents(v.deferredInflowCents),
    })),
  };
}

/** Agreement numbers in numeric-aware order (L-2 before L-10); one collator, not one per comparison (10,000 leases). */
const agreementNumberOrder = new Intl.Collator('en', { numeric: true });

const dollars = (rf: TGasb87RollForwardCents) =>
  Object.fromEntries(Object.entries(rf).map(([k, v]) => [k, fromCents(v)])) as Record<keyof TGasb87RollForwardCents, number>;

/** The fiscal year's roll-forward, one row per lease with any amount, by agreement number, with totals. */
export async function rollForwardReport(db: DbOrTx, fiscalYear: number): Promise<TGasb87RollForward> {
  const { from, to } = fiscalYearRange(fiscalYear, await fiscalYearStartMonth(db));
  const facts = await repo.periodFacts(db, from, to);
  let totals = EMPTY_ROLL_FORWARD;
  const amounts: Array<{ agreementId: string; rf: TGasb87RollForwardCents }> = [];
  for (const [agreementId, versions] of facts) {
    const rf = rollForwardCents(versions, from, to);
    if (Object.values(rf).every((v) => v === 0)) continue;
    totals = addRollForward(totals, rf);
    amounts.push({ agreementId, rf });
  }
  // Labels of the leases shown only (not of every agreement the airport ever had).
  const labels = await leaseLabels(db, amounts.map((a) => a.agreementId));
  const rows: TGasb87RollForward['rows'] = amounts.map(({ agreementId, rf }) => ({ agreementId, ...(labels.get(agreementId) ?? { agreementNum: '', companyName: '' }), ...dollars(rf) }));
  rows.sort((a, b) => agreementNumberOrder.compare(a.agreementNum, b.agreementNum) || a.agreementId.localeCompare(b.agreementId));
  return { fiscalYear, from, to, rows, totals: dollars(totals) };
}

/** The notes' maturity analysis after `asOf`: five single fiscal years, then five-year buckets. */
export async function maturityReport(db: DbOrTx, asOf: string): Promise<TGasb87Maturity> {
  const startMonth = await fiscalYearStartMonth(db);
  const years = await repo.maturityByFiscalYear(db, asOf, startMonth);
  const last = years.at(-1)?.fiscalYear ?? 0;
  const rows = maturityBuckets(asOf, startMonth, last).map((b) => {
    const inside = years.filter((y) => y.fiscalYear >= b.firstYear && y.fiscalYear <= b.lastYear);
    const principal = inside.reduce((a, y) => a + y.principal, 0);
    const interest = inside.reduce((a, y) => a + y.interest, 0);
    return { label: b.label, from: b.from, to: b.to, principalCents: principal, interestCents: interest };
  });
  const principal = rows.reduce((a, x) => a + x.principalCents, 0);
  const interest = rows.reduce((a, x) => a + x.interestCents, 0);
  return {
    asOf,
    rows: rows.map((x) => ({ label: x.label, from: x.from, to: x.to, principal: fromCents(x.principalCents), interest: fromCents(x.interestCents), total: fromCents(x.principalCents + x.interestCents) })),
    totals: { principal: fromCents(principal), interest: fromCents(interest), total: fromCents(principal + interest) },
  };
}

export interface JournalLine {
  date: string;
  account: string;
  description: string;
  agreementNum: string;
  debitCents: number;
  creditCents: number;
}

/**
 * The period's GASB 87 entries, per lease: at commencement or remeasurement, Lease Receivable
 * against Deferred Inflow (by the change); the period's billed rent (Accounts Receivable) split
 * into the receivable's principal and interest revenue; the deferred inflow recognised as lease
 * revenue. A negative amount swaps debit and credit. Every entry balances.
 */
export async function journalLines(db: DbOrTx, from: string, to: string): Promise<JournalLine[]> {
  const facts = await repo.periodFacts(db, from, to);
  const labels = await leaseLabels(db, [...facts.keys()]);
  const lines: JournalLine[] = [];
  const entry = (date: string, agreementNum: string, description: string, debit: string, credit: string, cents: number) => {
    if (cents === 0) return;
    const [dr, cr] = cents > 0 ? [debit, credit] : [credit, debit];
    lines.push({ date, account: dr, description, agreementNum, debitCents: Math.abs(cents), creditCents: 0 });
    lines.push({ date, account: cr, description, agreementNum, debitCents: 0, creditCents: Math.abs(cents) });
  };
  const sorted = [...facts.entries()].map(([id, versions]) => ({ versions, num: labels.get(id)?.agreementNum ?? '' })).sort((a, b) => agreementNumberOrder.compare(a.num, b.num));
  for (const { versions, num } of sorted) {
    for (const v of versions.filter((x) => x.validFrom >= from && x.validFrom <= to)) {
      entry(v.validFrom, num, v.reason === 'commencement' ? 'Lease commencement' : 'Lease remeasurement', GASB87_ACCOUNTS.receivable, GASB87_ACCOUNTS.deferredInflow, v.changeCents);
    }
    const principal = versions.reduce((a, v) => a + v.principalCents, 0);
    const interest = versions.reduce((a, v) => a + v.interestCents, 0);
    entry(to, num, 'Lease payments billed: principal', GL_ACCOUNTS.receivable, GASB87_ACCOUNTS.receivable, principal);
    entry(to, num, 'Lease payments billed: interest', GL_ACCOUNTS.receivable, GASB87_ACCOUNTS.interestRevenue, interest);
    entry(to, num, 'Deferred inflow recognised', GASB87_ACCOUNTS.deferredInflow, GASB87_ACCOUNTS.leaseRevenue, rollForwardCents(versions, from, to).leaseRevenue);
  }
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export async function journalReport(db: DbOrTx, from: string, to: string): Promise<TGasb87JournalEntries> {
  const lines = await journalLines(db, from, to);
  return { rows: lines.map((l) => ({ date: l.date, account: l.account, description: l.description, agreementNum: l.agreementNum, debit: fromCents(l.debitCents), credit: fromCents(l.creditCents) })) };
}
