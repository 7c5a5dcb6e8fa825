import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_MESSAGES, ZAgreementInvoiceCreate, ZIdParams, ZInvoice, ZInvoiceComments, ZInvoiceCreated, ZInvoiceCreate, ZInvoiceEmail,
  ZInvoiceGridQuery, ZInvoiceGridRow, ZLineItemInput, ZLineItemUpdate, ZLineParams, ZMessage, type TSessionUser,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { currentAirportLetterhead } from '../../platform/tenancy/index';
import { sendListCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { findCompany } from '../companies/index';
import { companyInvoicesScopeOf, invoiceScopeOf, type InvoiceScope } from './invoices.policy';
import { presentInvoice, presentInvoiceGridRow } from './invoices.presenter';
import { renderInvoicePdf } from './invoice-pdf';
import { queueInvoiceCopy, requestInvoicePdf } from './invoice-mail';
import * as repo from './invoices.repo';
import { createAgreementInvoice } from './agreement-invoices';
import * as service from './invoices.service';

const tags = ['invoices'];

/** The detail as the caller sees it, or 'No Invoice Found.' (missing or another company's). */
export async function loadInvoiceView(db: DbOrTx, id: string, scope: InvoiceScope, user: TSessionUser | null) {
  const row = await repo.findInvoice(db, id, scope);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return presentInvoice(row, await repo.listLines(db, id), user);
}

/** An invoice as staff see it, after a change (staff are never scoped). */
const view = (db: DbOrTx, id: string, user: TSessionUser | null) => loadInvoiceView(db, id, null, user);

/** Invoices: grid, company grid, detail, create, line items, cancel, comments, e-mail copy, PDF. */
export async function invoicesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  invoiceRecordRoutes(r, ctx);
  invoiceLineRoutes(r, ctx);
  invoiceCopyRoutes(r, ctx);
}

/** The grids, one invoice, create (by hand or from an agreement). */
function invoiceRecordRoutes(r: ZodApp, ctx: AppContext): void {
  r.get(
    '/api/Invoices',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZInvoiceGridQuery, response: { 200: z.array(ZInvoiceGridRow) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listInvoices(ctx.db, request.query, invoiceScopeOf(request.user));
      sendListCount(reply, count);
      return rows.map(presentInvoiceGridRow);
    },
  );

  r.get(
    '/api/Company/Invoices/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, querystring: ZInvoiceGridQuery, response: { 200: z.array(ZInvoiceGridRow) } } },
    async (request, reply) => {
      const scope = companyInvoicesScopeOf(request.user);
      const company = await findCompany(ctx.db, request.params.id, scope);
      if (!company) throw notFound('Company not found');
      const { rows, ...count } = await repo.listInvoices(ctx.db, { ...request.query, tenantId: company.id }, company.id);
      sendListCount(reply, count);
      return rows.map(presentInvoiceGridRow);
    },
  );

  r.get('/api/Invoices/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZInvoice } } }, async (request) =>
    loadInvoiceView(ctx.db, request.params.id, invoiceScopeOf(request.user), request.user),
  );

  r.post(
    '/api/Invoices',
    { config: { access: 'module:Invoices' }, schema: { tags, body: ZInvoiceCreate, response: { 201: ZInvoiceCreated } } },
    async (request, reply) => {
      const row = await ctx.db.transaction((tx) => service.createInvoice(tx, actorOf(request), request.body));
      return reply.status(201).send({ message: INVOICE_MESSAGES.created, _id: row.id, invoice: await view(ctx.db, row.id, request.user) });
    },
  );

  // Create Invoice from an agreement (Lease admins): rent lines for the period, prorated by day.
  r.post(
    '/api/Agreements/Invoices/:id',
    { config: { access: 'admin:Lease' }, schema: { tags, params: ZIdParams, body: ZAgreementInvoiceCreate, response: { 201: z.object({ message: z.string(), _id: z.string() }) } } },
    async (request, reply) => {
      const id = await ctx.db.transaction((tx) => createAgreementInvoice(tx, actorOf(request), request.params.id, request.body));
      return reply.status(201).send({ message: INVOICE_MESSAGES.createdFromAgreement, _id: id });
    },
  );
}

/** Line items, cancel and comments. */
function invoiceLineRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Line items (Invoices admins; paid lines cannot be edited or removed) ------------------
  r.post(
    '/api/Invoices/LineItems/Add/:id',
    { config: { access: 'admin:Invoices' }, schema: { tags, params: ZIdParams, body: ZLineItemInput, response: { 201: ZInvoice } } },
    async (request, reply) => {
      await ctx.db.transaction((tx) => service.addLine(tx, actorOf(request), request.params.id, request.body));
      return reply.status(201).send(await view(ctx.db, request.params.id, request.user));
    },
  );

  r.put(
    '/api/Invoices/LineItems/:id',
    { config: { access: 'admin:Invoices' }, schema: { tags, params: ZIdParams, body: ZLineItemUpdate, response: { 200: ZInvoice } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.updateLine(tx, actorOf(request), request.params.id, request.body));
      return view(ctx.db, request.params.id, request.user);
    },
  );

  r.delete(
    '/api/Invoices/LineItems/:id/:uid',
    { config: { access: 'admin:Invoices' }, schema: { tags, params: ZLineParams, response: { 200: ZInvoice } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.removeLine(tx, actorOf(request), request.params.id, request.params.uid));
      return view(ctx.db, request.params.id, request.user);
    },
  );

  r.put('/api/Invoices/Cancel/:id', { config: { access: 'admin:Invoices' }, schema: { tags, params: ZIdParams, response: { 200: ZInvoice } } }, async (request) => {
    await ctx.db.transaction((tx) => service.cancelInvoice(tx, actorOf(request), request.params.id));
    return view(ctx.db, request.params.id, request.user);
  });

  r.post(
    '/api/Invoices/Comments/:id',
    { config: { access: 'module:Invoices' }, schema: { tags, params: ZIdParams, body: ZInvoiceComments, response: { 200: ZInvoice } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.setComments(tx, actorOf(request), request.params.id, request.body.comments));
      return view(ctx.db, request.params.id, request.user);
    },
  );
}

function invoiceCopyRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- E-mail copy and PDF (rendered on the server from stored data, PRODUCT-RULES 18) --------
  r.post(
    '/api/Invoices/Email/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, body: ZInvoiceEmail, response: { 200: ZMessage } } },
    async (request) => {
      const job = await ctx.db.transaction((tx) => queueInvoiceCopy(tx, actorOf(request), request.params.id, invoiceScopeOf(request.user), request.body));
      // The PDF is rendered by a job after commit, not in the transaction nor on the request path.
      await requestInvoicePdf(ctx, job);
      return { message: INVOICE_MESSAGES.emailSent };
    },
  );

  r.get('/api/Invoices/Pdf/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const invoice = await repo.findInvoice(ctx.db, request.params.id, invoiceScopeOf(request.user));
    if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
    const pdf = await renderInvoicePdf(invoice, await repo.listLines(ctx.db, invoice.id), await currentAirportLetterhead(ctx.db, ctx.files));
    return reply.type('application/pdf').header('content-disposition', `inline; filename="invoice-${invoice.invoiceNumber}.pdf"`).send(pdf);
  });
}
