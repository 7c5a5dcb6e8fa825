import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_MESSAGES, PAYMENT_MESSAGES, TEST_CARDS, ZIdParams, ZInvoice, ZManualPayment, ZPayLink, ZPayOnline, ZPaymentResult,
  ZReceipt,
} from '@apron/core';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { idempotencyKeyOf } from '../../platform/idempotency/index';
import { findInvoice, invoiceScopeOf, loadInvoiceView, type InvoiceScope } from '../invoices/index';
import { createPayLinkToken, verifyPayLinkToken } from './pay-links';
import { currentAirportLetterhead } from '../../platform/tenancy/index';
import { loadReceipt, renderReceiptPdf, requestReceiptPdfs } from './receipts';
import { payManually } from './payments.service';
import type { CardEngine } from './card-payable';
import type { InvoiceOrder } from './invoice-payable';
import { airportPublicUrl } from '../../platform/tenancy/index';

const tags = ['payments'];
const ZToken = z.object({ token: z.string().min(10).max(200) });
/** The provider's public settings: the Square Web Payments SDK needs the application and location ids. */
const ZProviderConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test') }),
  z.object({ provider: z.literal('square'), applicationId: z.string(), locationId: z.string(), environment: z.enum(['sandbox', 'production']) }),
]);

/** Pay Online, Manual Payment, receipts, pay links. */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext, cardPayments: CardEngine): Promise<void> {
  const { provider } = cardPayments;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const cardPayment = async (request: FastifyRequest, invoiceId: string, scope: InvoiceScope, body: z.infer<typeof ZPayOnline>) => {
    const key = idempotencyKeyOf(request, true);
    const actor = actorOf(request);
    const order: InvoiceOrder = { invoiceId, scope, lineIds: body.lineIds };
    // An invoice's card payment buys the payment itself (= its receipt).
    const { resultId: paymentId } = await cardPayments.pay(actor, { purpose: 'invoice', order, sourceToken: body.sourceToken, idempotencyKey: key, createdBy: actor.user?.id ?? null });
    requestReceiptPdfs(ctx, [paymentId]);
    return { message: PAYMENT_MESSAGES.successful, receipt: (await loadReceipt(ctx.db, paymentId, null))! };
  };

  /** What the page needs for its card form (provider, test mode and the test cards). */
  r.get(
    '/api/Payment/Config',
    { config: { access: 'public' }, schema: { tags, response: { 200: z.object({ testMode: z.boolean(), provider: ZProviderConfig, testCards: z.record(z.string(), z.string()).nullable() }) } } },
    // parsed, so only the listed public fields can ever leave (never the access token)
    async () => ({ testMode: provider.testMode, provider: ZProviderConfig.parse(provider.publicConfig), testCards: provider.name === 'test' ? { ...TEST_CARDS } : null }),
  );

  r.post(
    '/api/Invoices/Pay/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, body: ZPayOnline, response: { 200: ZPaymentResult } } },
    async (request) => cardPayment(request, request.params.id, invoiceScopeOf(request.user), request.body),
  );

  r.post(
    '/api/Invoices/ManualPayment/:id',
    { config: { access: 'admin:Invoices' }, schema: { tags, params: ZIdParams, body: ZManualPayment, response: { 201: ZPaymentResult } } },
    async (request, reply) => {
      const paymentId = await ctx.db.transaction((tx) => payManually(tx, actorOf(request), request.params.id, request.body));
      requestReceiptPdfs(ctx, [paymentId]);
      return reply.status(201).send({ message: PAYMENT_MESSAGES.successful, receipt: (await loadReceipt(ctx.db, paymentId, null))! });
    },
  );

  // ---- Receipts ---------------------------------------------------------------------------------
  r.get('/api/Receipts/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZReceipt } } }, async (request) => {
    const receipt = await loadReceipt(ctx.db, request.params.id, invoiceScopeOf(request.user));
    if (!receipt) throw notFound(PAYMENT_MESSAGES.receiptNotFound);
    return receipt;
  });

  r.get('/api/Receipts/Pdf/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const receipt = await loadReceipt(ctx.db, request.params.id, invoiceScopeOf(request.user));
    if (!receipt) throw notFound(PAYMENT_MESSAGES.receiptNotFound);
    const pdf = await renderReceiptPdf(receipt, await currentAirportLetterhead(ctx.db, ctx.files));
    return reply.type('application/pdf').header('content-disposition', `inline; filename="receipt-${receipt.receiptNumber}.pdf"`).send(pdf);
  });

  // ---- Signed pay links (public) -----------------------------------------------------------------
  r.post('/api/Invoices/PayLink/:id', { config: { access: 'module:Invoices' }, schema: { tags, params: ZIdParams, response: { 200: ZPayLink } } }, async (request) => {
    const invoice = await findInvoice(ctx.db, request.params.id, null);
    if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
    const { token, expiresAt } = createPayLinkToken(ctx.config.sessionSecret, invoice.id);
    // The invoice's airport's public pages: the link is opened by someone not signed in.
    const base = await airportPublicUrl(ctx.db, ctx.config.publicUrl);
    return { token, url: `${base}/payment/${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
  });

  const invoiceOfToken = (token: string) => {
    const invoiceId = verifyPayLinkToken(ctx.config.sessionSecret, token);
    if (!invoiceId) throw notFound(PAYMENT_MESSAGES.linkInvalid);
    return invoiceId;
  };

  // The non-editor view: the invoice with every editing ability off; 'Payment Success.' when paid.
  r.get(
    '/api/Payment/:token',
    { config: { access: 'public' }, schema: { tags, params: ZToken, response: { 200: z.object({ invoice: ZInvoice, paid: z.boolean(), message: z.string().nullable() }) } } },
    async (request) => {
      const invoice = await loadInvoiceView(ctx.db, invoiceOfToken(request.params.token), null, null);
      const paid = invoice.status === 'Paid';
      const payable = invoice.status !== 'Cancelled' && invoice.amountDue > 0;
      const abilities = { ...invoice.abilities, payOnline: payable, payFromBalance: false, comment: false, email: false, payLink: false };
      return { invoice: { ...invoice, abilities }, paid, message: paid ? PAYMENT_MESSAGES.success : null };
    },
  );

  r.post(
    '/api/Payment/:token',
    { config: { access: 'public' }, schema: { tags, params: ZToken, body: ZPayOnline, response: { 200: ZPaymentResult } } },
    async (request) => cardPayment(request, invoiceOfToken(request.params.token), null, request.body),
  );
}
