import { addCalendarDays, addCalendarMonths, maskAccountNumber, monthOf } from '@apron/core';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { listDemoBillableAgreements } from '../agreements/agreements.seed-support';
import { listFirstCompanyIds } from '../companies/index';
import { airportToday, findInvoiceNumbers } from '../invoices/index';
import { hasAnyInvoice, insertAgreementInvoice, insertDemoOneLineInvoice, listLines, markDemoInvoiceCancelled, runOverdueInvoices } from '../invoices/invoices.seed-support';
import { recordDemoPayment } from '../payments/payments.seed-support';
import { invoiceCycleDueDays } from '../settings/settings.seed-support';
import { balanceRecords } from './balances.table';

/**
 * Demo billing (issue 5 item 13): a year of monthly rent invoices for up to eight Active demo
 * agreements - paid (by card, check and balance), partly paid, overdue with a late fee, one
 * cancelled - balances with credits, and a few one-line tie-down invoices. Idempotent: does
 * nothing when any invoice exists. Call after the demo companies and agreements are seeded.
 * Other modules' records are read and written through their doors (docs/adr/0004).
 */
function firstOfMonth(day: string, monthsBack: number): string {
  return addCalendarMonths(monthOf(day).first, -monthsBack);
}

async function payLines(tx: Tx, invoiceId: string, companyId: string, method: 'card' | 'check' | 'balance', onlyFirst: boolean, day: string): Promise<number> {
  const lines = await listLines(tx, invoiceId);
  const chosen = onlyFirst ? lines.slice(0, 1) : lines;
  const amountCents = chosen.reduce((s, l) => s + l.chargesCents * l.amount, 0);
  if (amountCents === 0) return 0;
  await recordDemoPayment(tx, { invoiceId, companyId, method, lineIds: chosen.map((l) => l.id), amountCents, day });
  return amountCents;
}

export async function seedDemoBilling(db: Db, config: Pick<Config, 'demo'>): Promise<{ invoices: number }> {
  if (!config.demo) return { invoices: 0 };
  if (await hasAnyInvoice(db)) return { invoices: 0 };
  const today = await airportToday(db);
  const actor = { user: null };
  const billable = await listDemoBillableAgreements(db, firstOfMonth(today, 12), 8);
  const dueDays = await invoiceCycleDueDays(db, [...new Set(billable.map((a) => a.invoiceCycleId))]);
  const live = billable.map(({ invoiceCycleId, ...agreement }) => ({ ...agreement, dueDays: dueDays.get(invoiceCycleId)! }));
  let created = 0;
  for (const [index, agreement] of live.entries()) {
    await db.transaction(async (tx) => {
      let debits = 0;
      const paidFromBalance: string[] = [];
      for (let back = 11; back >= 0; back--) {
        const start = firstOfMonth(today, back);
        const end = addCalendarDays(firstOfMonth(today, back - 1), -1);
        const id = await insertAgreementInvoice(tx, actor, agreement, { start, end, key: start }, agreement.dueDays, start);
        if (!id) continue;
        created += 1;
        const payDay = addCalendarDays(start, 10);
        if (back >= 3) {
          const method = (['card', 'check', 'balance'] as const)[(back + index) % 3]!;
          const paid = await payLines(tx, id, agreement.companyId, method, false, payDay);
          if (method === 'balance' && paid > 0) {
            debits += paid;
            paidFromBalance.push(id);
          }
        } else if (back === 2 && index % 2 === 0) {
          await payLines(tx, id, agreement.companyId, 'card', true, payDay); // partly paid, then overdue
        } else if (back === 1 && index === 1) {
          await markDemoInvoiceCancelled(tx, id, 'Billed in error; replaced');
        }
      }
      // Credits that covered the balance payments, plus some left over.
      const credit = debits + 50_000 + index * 12_500;
      await tx.insert(balanceRecords).values({ companyId: agreement.companyId, accountNumMasked: maskAccountNumber('7700012345'), routingNum: '121000358', amountCents: credit, type: 'Credit', dateApplied: firstOfMonth(today, 12) });
      if (debits > 0) {
        // Referenced as pay from balance references its Debit ('Invoice #1001, #1002'): the ledger and the export tell it from a hand Debit by that.
        const numbers = await findInvoiceNumbers(tx, paidFromBalance);
        const reference = `Invoice ${paidFromBalance.map((invoiceId) => `#${numbers.get(invoiceId)}`).join(', ')}`;
        await tx.insert(balanceRecords).values({ companyId: agreement.companyId, accountNumMasked: '****', routingNum: '', amountCents: debits, type: 'Debit', dateApplied: today, reference });
      }
    });
  }
  // Tie-down style one-line invoices for a few companies.
  const someCompanies = await listFirstCompanyIds(db, 3);
  for (const [i, companyId] of someCompanies.entries()) {
    await db.transaction(async (tx) => {
      const invoiceId = await insertDemoOneLineInvoice(
        tx,
        { companyId, name: `Transient parking N${420 + i}CV`, description: 'Tie-down', invoiceDate: addCalendarDays(today, -5 - i), dueDate: addCalendarDays(today, 25 - i) },
        { name: 'Tie-down (Single-Engine)', description: `${2 + i} nights`, chargesCents: 1500, amount: 2 + i },
        today,
      );
      if (i === 0) await payLines(tx, invoiceId, companyId, 'card', false, today);
      created += 1;
    });
  }
  await runOverdueInvoices(db, today);
  return { invoices: created };
}
