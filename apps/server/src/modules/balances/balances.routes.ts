import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBalanceQuery, ZBalanceRecord, ZBalanceRecordCreate, ZBalances, ZPayFromBalance, ZPayFromBalanceResult, ZUnpaidBalance,
  fromCents, hasModule, type TSessionUser,
} from '@apron/core';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { idempotencyKeyOf } from '../../platform/idempotency/index';
import { findCompany, isCompanyUser } from '../companies/index';
import { listLinesOfInvoices, listUnpaidInvoices, presentLine } from '../invoices/index';
import { presentRecord } from './balances.presenter';
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
      sendTotalCount(reply, total);
      return { balance: fromCents(await companyBalanceCents(ctx.db, company.id)), records: rows.map(presentRecord) };
    },
  );

  r.post(
    '/api/Company/Balances',
    { config: { access: 'admin:Company' }, schema: { tags, body: ZBalanceRecordCreate, response: { 201: ZBalanceRecord.extend({ message: z.string() }) } } },
    async (request, reply) => {
      const answer = await createBalanceRecord(ctx.db, actorOf(request), request.body, idempotencyKeyOf(request, true));
      return reply.status(answer.status as 201).send(answer.body);
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
    async (request, reply) => {
      const scope = balanceScopeOf(request.user);
      const { paymentIds, answer } = await payFromBalance(ctx, ctx.database, actorOf(request), request.body, scope, idempotencyKeyOf(request, true));
      // Receipt PDFs are rendered by a job after commit, not while the company's ledger is locked.
      requestReceiptPdfs(ctx, paymentIds);
      return reply.status(answer.status as 200).send(answer.body);
    },
  );
}
