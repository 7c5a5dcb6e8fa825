import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BALANCE_MESSAGES, TOTAL_COUNT_HEADER, ZBalanceQuery, ZBalanceRecord, ZBalanceRecordCreate, ZBalances, ZPayFromBalance, ZPayFromBalanceResult,
  ZUnpaidBalance, fromCents, hasModule, type TBalanceRecord, type TBalanceType, type TSessionUser,
} from '@apron/core';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { findCompany, isCompanyUser } from '../companies/index';
import { actorOf, listLinesOfInvoices, listUnpaidInvoices, presentLine } from '../invoices/index';
import type { BalanceRecordRow } from './balances.table';
import { listBalanceRecords } from './balances.repo';
import { companyBalanceCents, createBalanceRecord, payFromBalance } from './balances.service';
import { requestReceiptPdfs } from '../payments/index';

const tags = ['balances'];

/** Company or Invoices staff see every company's balance; a company user only their own. */
function balanceScopeOf(user: TSessionUser | null): string | null {
  if (hasModule(user, 'Company') || hasModule(user, 'Invoices')) return null;
  if (isCompanyUser(user)) return user.companyId;
  throw forbidden();
}

function presentRecord(row: BalanceRecordRow & { runningCents: number }): TBalanceRecord {
  return {
    _id: row.id,
    tenantId: row.companyId,
    accountNum: row.accountNumMasked,
    routingNum: row.routingNum,
    amount: fromCents(row.amountCents),
    type: row.type as TBalanceType,
    dateApplied: row.dateApplied,
    reference: row.reference,
    runningBalance: fromCents(row.runningCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Balances: the ledger, Add Record, unpaid lines and pay from balance. */
export async function balancesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const companyInScope = async (id: string, user: TSessionUser | null) => {
    const company = await findCompany(ctx.db, id, balanceScopeOf(user));
    if (!company) throw notFound('Company not found');
    return company;
  };

  r.get(
    '/api/Company/Balances/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: z.object({ id: z.string().uuid('Invalid Id') }), querystring: ZBalanceQuery, response: { 200: ZBalances } } },
    async (request, reply) => {
      const company = await companyInScope(request.params.id, request.user);
      const { rows, total } = await listBalanceRecords(ctx.db, company.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { balance: fromCents(await companyBalanceCents(ctx.db, company.id)), records: rows.map(presentRecord) };
    },
  );

  r.post(
    '/api/Company/Balances',
    { config: { access: 'admin:Company' }, schema: { tags, body: ZBalanceRecordCreate, response: { 201: ZBalanceRecord.extend({ message: z.string() }) } } },
    async (request, reply) => {
      const row = await ctx.db.transaction((tx) => createBalanceRecord(tx, actorOf(request), request.body));
      const balance = await companyBalanceCents(ctx.db, row.companyId);
      return reply.status(201).send({ ...presentRecord({ ...row, runningCents: balance }), message: BALANCE_MESSAGES.added });
    },
  );

  r.get(
    '/api/Company/UnpaidBalance/:companyId',
    { config: { access: 'signedIn' }, schema: { tags, params: z.object({ companyId: z.string().uuid('Invalid Id') }), response: { 200: ZUnpaidBalance } } },
    async (request) => {
      const company = await companyInScope(request.params.companyId, request.user);
      const invoiceRows = await listUnpaidInvoices(ctx.db, company.id);
      const lines = await listLinesOfInvoices(ctx.db, invoiceRows.map((i) => i.id), true);
      return {
        balance: fromCents(await companyBalanceCents(ctx.db, company.id)),
        invoices: invoiceRows.map((i) => ({
          _id: i.id,
          name: i.name,
          invoiceNumber: i.invoiceNumber,
          dueDate: i.dueDate,
          status: i.status,
          amountDue: fromCents(i.totalCents - i.paidCents),
          lineItems: lines.filter((l) => l.invoiceId === i.id).map(presentLine),
        })),
      };
    },
  );

  // Tenants pay their own company's lines; staff with Company or Invoices pay any company's.
  r.post(
    '/api/Company/UpdateInvoiceItems',
    { config: { access: 'signedIn' }, schema: { tags, body: ZPayFromBalance, response: { 200: ZPayFromBalanceResult } } },
    async (request) => {
      const scope = balanceScopeOf(request.user);
      const { paymentIds, ...answer } = await payFromBalance(ctx.db, actorOf(request), request.body, scope);
      // Receipt PDFs are rendered by a job after commit, not while the company's ledger is locked.
      requestReceiptPdfs(ctx, paymentIds);
      return answer;
    },
  );
}
