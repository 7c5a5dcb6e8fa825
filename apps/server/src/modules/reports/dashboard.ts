import { currentPeriods, fromCents, hasModule, type TDashboard, type TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { PluginScope } from '../../platform/plugins/registry';
import { isCompanyUser } from '../companies/index';
import { airportToday, nextDueInvoice, receivablesTotals } from '../invoices/index';
import { collectedBetween } from '../payments/index';
import { complianceCounts, expiringCounts } from '../agreements/index';
import { occupancyByPropertyType } from '../properties/index';
import { companyBalanceCents } from '../balances/index';
import { waitlistLength } from '../waitlist/index';
import { openWorkorderCount } from '../workorders/index';
import { openInspectionCount } from '../inspections/index';

/**
 * The dashboard's figures for this caller (issue 14 item 6). Each figure is one aggregate query
 * of its owner module (their exported facts), run side by side; a staff member gets the sections
 * of the modules they hold, a company user their own company's. Open inspections and work orders
 * are shown to every staff member (they belong to no module of the access list).
 */
export async function loadDashboard(scope: PluginScope, db: DbOrTx, user: TSessionUser, now = new Date()): Promise<TDashboard> {
  const today = await airportToday(db, now);
  if (isCompanyUser(user)) {
    const companyId = user.companyId;
    const [receivables, next, balance, expiring] = await Promise.all([
      receivablesTotals(db, today, companyId),
      nextDueInvoice(db, companyId),
      companyBalanceCents(db, companyId),
      expiringCounts(db, today, companyId),
    ]);
    return {
      today,
      tenant: {
        companyId,
        amountDue: fromCents(receivables.outstandingCents),
        overdue: fromCents(receivables.overdueCents),
        balance: fromCents(balance),
        nextDue: next ? { _id: next.id, invoiceNumber: next.invoiceNumber, dueDate: next.dueDate, amountDue: fromCents(next.dueCents) } : null,
        agreementsExpiring: expiring.agreements,
      },
    };
  }
  if (!user.isInternal) return { today };
  const money = hasModule(user, 'Invoices') || hasModule(user, 'Reports');
  const periods = currentPeriods(today);
  const [receivables, thisMonth, lastMonth, occupancy, expiring, waitlist, workorders, inspections, insuranceCompliance] = await Promise.all([
    money ? receivablesTotals(db, today, null) : null,
    money ? collectedBetween(db, periods.currentMonth.begin, today, null) : null,
    money ? collectedBetween(db, periods.previousMonth.begin, periods.previousMonth.end, null) : null,
    hasModule(user, 'Property') ? occupancyByPropertyType(scope, db, today) : null,
    hasModule(user, 'Lease') ? expiringCounts(db, today, null) : null,
    hasModule(user, 'Waitlist') ? waitlistLength(db) : null,
    openWorkorderCount(db),
    openInspectionCount(db),
    hasModule(user, 'Lease') ? complianceCounts(db, now) : null,
  ]);
  return {
    today,
    ...(receivables && { receivables: { outstanding: fromCents(receivables.outstandingCents), overdue: fromCents(receivables.overdueCents), openInvoices: receivables.openInvoices } }),
    ...(thisMonth !== null && lastMonth !== null && { collected: { thisMonth: fromCents(thisMonth), lastMonth: fromCents(lastMonth), thisMonthLabel: periods.currentMonth.label, lastMonthLabel: periods.previousMonth.label } }),
    ...(occupancy && { occupancy }),
    ...(expiring && { expiring }),
    ...(insuranceCompliance && { insuranceCompliance }),
    ...(waitlist !== null && { waitlistLength: waitlist }),
    openWorkorders: workorders,
    openInspections: inspections,
  };
}
