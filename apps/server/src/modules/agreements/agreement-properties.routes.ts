import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  AGREEMENT_MESSAGES, fromCents, hasModule, ZAgreementProperty, ZAgreementPropertyDetail, ZAgreementPropertyItemParams,
  ZAgreementPropertyOption, ZAgreementPropertyParams, ZIdParams, ZMessage, ZSecurityDeposit, ZSecurityDepositInput, type TSessionUser,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { isDocumentOf, isRemarkOf } from '../attachments/index';
import * as links from './agreement-properties.repo';
import { isLeaseAdmin, isPropertyAdmin } from './agreements.policy';
import { presentAgreementProperty, presentAircraft, presentDeposit, presentInsurance } from './agreements.presenter';
import { loadAgreement } from './agreements.routes';
import * as service from './agreements.service';
import { insurances } from './agreements.table';
import { leaseCalendar } from './lease-calendar';
import { saveDeposit } from './property-items.service';

const tags = ['agreements'];

function requireRole(user: TSessionUser | null, allowed: boolean): asserts user is TSessionUser {
  if (!user || !allowed) throw forbidden();
}

/** A property of an agreement the caller may read, as it stands today; 404 when it is not part of it. */
async function loadLink(ctx: AppContext, user: TSessionUser | null, agreementId: string, propertyId: string) {
  const agreement = await loadAgreement(ctx.db, user, agreementId);
  const { today } = await leaseCalendar(ctx.db);
  const link = await links.findAgreementProperty(ctx, ctx.db, agreement.id, propertyId, today);
  if (!link) throw notFound('Property is not part of this agreement');
  return link;
}

/** The properties of an agreement, per-property detail, the security deposit and the link calls. */
export async function agreementPropertiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  agreementPropertyRoutes(r, ctx);
  depositRoutes(r, ctx);
  propertyLinkRoutes(r, ctx);
}

/** The add-property select, the properties of an agreement, one of them, add and remove. */
function agreementPropertyRoutes(r: ZodApp, ctx: AppContext): void {
  // The add-property select: every property with its status today (Lease staff).
  r.get(
    '/api/Agreements/PropertyList/All',
    { config: { access: (user) => hasModule(user, 'Lease') }, schema: { tags, response: { 200: z.array(ZAgreementPropertyOption) } } },
    async (_request, reply) => {
      const { today } = await leaseCalendar(ctx.db);
      const rows = await links.listPropertyOptions(ctx, ctx.db, today);
      sendTotalCount(reply, rows.length);
      return rows.map((p) => ({ _id: p.id, name: p.name, rent: fromCents(p.rentCents), status: p.status }));
    },
  );

  r.get(
    '/api/Agreements/Properties/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: z.array(ZAgreementProperty) } } },
    async (request, reply) => {
      const agreement = await loadAgreement(ctx.db, request.user, request.params.id);
      const { today } = await leaseCalendar(ctx.db);
      const rows = await links.listAgreementProperties(ctx, ctx.db, agreement.id, today);
      sendTotalCount(reply, rows.length);
      return rows.map(presentAgreementProperty);
    },
  );

  // The spec's GET .../{id}/{name} added a property; here GET reads one and POST adds (docs/architecture.md, "API surface").
  r.get(
    '/api/Agreements/Properties/:agreementId/:propertyId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZAgreementPropertyParams, response: { 200: ZAgreementPropertyDetail } } },
    async (request) => {
      const link = await loadLink(ctx, request.user, request.params.agreementId, request.params.propertyId);
      const [deposit, insuranceRows, aircraftRows] = [
        await links.findDeposit(ctx.db, link.id),
        await links.listInsurances(ctx.db, link.id),
        await links.listAircraft(ctx.db, link.id),
      ];
      return {
        ...presentAgreementProperty(link),
        securityDeposit: deposit ? presentDeposit(deposit) : null,
        insurances: insuranceRows.map(presentInsurance),
        aircraft: aircraftRows.map(presentAircraft),
      };
    },
  );

  r.post(
    '/api/Agreements/Properties/:agreementId/:propertyId',
    { config: { access: 'admin:Lease' }, schema: { tags, params: ZAgreementPropertyParams, response: { 201: ZAgreementProperty } } },
    async (request, reply) => {
      const user = request.user!;
      const { agreementId, propertyId } = request.params;
      const { today } = await leaseCalendar(ctx.db);
      await ctx.db.transaction((tx) => service.addAgreementProperty(tx, signedInActorOf(request), agreementId, propertyId, today, ctx));
      return reply.status(201).send(presentAgreementProperty(await loadLink(ctx, user, agreementId, propertyId)));
    },
  );

  r.delete(
    '/api/Agreements/Properties/:agreementId/:propertyId',
    { config: { access: 'admin:Property' }, schema: { tags, params: ZAgreementPropertyParams, response: { 200: ZMessage } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.removeAgreementProperty(tx, signedInActorOf(request), request.params.agreementId, request.params.propertyId, ctx));
      return { message: 'Removed Successfully' };
    },
  );
}

function depositRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Security deposit ----------------------------------------------------------------------
  r.get(
    '/api/Agreements/Security/:agreementId/:propertyId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZAgreementPropertyParams, response: { 200: ZSecurityDeposit.nullable() } } },
    async (request) => {
      const link = await loadLink(ctx, request.user, request.params.agreementId, request.params.propertyId);
      const deposit = await links.findDeposit(ctx.db, link.id);
      return deposit ? presentDeposit(deposit) : null;
    },
  );

  r.post(
    '/api/Agreements/Security/:agreementId/:propertyId',
    { config: { access: 'admin:Property' }, schema: { tags, params: ZAgreementPropertyParams, body: ZSecurityDepositInput, response: { 200: ZSecurityDeposit } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) =>
        saveDeposit(tx, signedInActorOf(request), request.params.agreementId, request.params.propertyId, request.body),
      );
      return presentDeposit(row);
    },
  );
}

function propertyLinkRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Links of documents, remarks and insurances to a property of the agreement -------------
  // Items are tied to their owner when made (ownerType 'agreementProperty', owner id = the link's
  // `_id`; insurances by `Insurance/add`): the link confirms the item belongs here, else 404.
  for (const kind of ['Documents', 'Remarks', 'Insurances'] as const) {
    r.post(
      `/api/Agreements/Properties/${kind}/:agreementId/:propertyId/:itemId`,
      { config: { access: 'internal' }, schema: { tags, params: ZAgreementPropertyItemParams, response: { 200: ZMessage } } },
      async (request) => {
        requireRole(request.user, isLeaseAdmin(request.user) || isPropertyAdmin(request.user));
        const link = await loadLink(ctx, request.user, request.params.agreementId, request.params.propertyId);
        const { itemId } = request.params;
        const owner = { ownerType: 'agreementProperty', ownerId: link.id };
        const found =
          kind === 'Documents'
            ? await isDocumentOf(ctx.db, owner, itemId)
            : kind === 'Remarks'
              ? await isRemarkOf(ctx.db, owner, itemId)
              : (await ctx.db.select({ id: insurances.id }).from(insurances).where(and(eq(insurances.id, itemId), eq(insurances.agreementPropertyId, link.id)))).length > 0;
        if (!found) throw notFound('Not found');
        return { message: AGREEMENT_MESSAGES.added };
      },
    );
  }
}
