import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZAgreementGridQuery, ZCompanyGridQuery, ZInspectionListQuery, ZInvoiceGridQuery, ZListingsQuery, ZListQuery, ZMailListQuery, ZPropertyGridQuery, ZWaitlistGridQuery } from '@apron/core';
import { ZAssetListQuery } from '@apron/core/assets/index';
import { ZTiedownListQuery } from '@apron/core/tiedowns';
import { ZWorkorderGridQuery } from '@apron/core/workorders/index';
import type { z } from 'zod';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { airportToday, findInvoiceNumbers, listInvoices } from '../../../apps/server/src/modules/invoices/index';
import { agreementsLeaseSource, listAgreements } from '../../../apps/server/src/modules/agreements/agreements.bench-support';
import { createCompany, listCompanies } from '../../../apps/server/src/modules/companies/companies.bench-support';
import { findPropertiesForGrid, findPublicListings, today } from '../../../apps/server/src/modules/properties/properties.bench-support';
import { propertyLeases } from '../../../apps/server/src/modules/properties/index';
import { createFreeRequest, formOf, listTiedowns, quote } from '../../../apps/server/src/modules/tiedowns/tiedowns.bench-support';
import { listApplicantsOfType, propertyTypeExists } from '../../../apps/server/src/modules/waitlist/waitlist.bench-support';
import { countUnreadForApplicants } from '../../../apps/server/src/modules/chat/chat.bench-support';
import { listInspections } from '../../../apps/server/src/modules/inspections/inspections.bench-support';
import { createWorkorder, listWorkorders } from '../../../apps/server/src/modules/workorders/workorders.bench-support';
import { findMaster, listAssets, matchingAssets, planAssetList } from '../../../apps/server/src/modules/assets/assets.bench-support';
import { findAlertsOfAccount } from '../../../apps/server/src/modules/alerts/alerts.bench-support';
import { agingReport } from '../../../apps/server/src/modules/reports/reports.bench-support';
import { listMail } from '../../../apps/server/src/platform/mail/mail.bench-support';
import { countMatching } from '../../../apps/server/src/platform/http/http.bench-support';
import { PluginRegistry } from '../../../apps/server/src/platform/plugins/plugins.bench-support';
import { createPostgresRateLimitStore } from '../../../apps/server/src/platform/rate-limit/rate-limit.bench-support';
import { listPaths, WRITE_PATHS, type EndpointFacts } from './endpoints';

type FindUser = (cookie: string | undefined) => Promise<Record<string, unknown> | null>;

/**
 * The bare routes of the `endpoints` scenario: each calls the repository (or, for a write, the
 * service in its transaction) the app's handler calls, with the same query (parsed once, at boot,
 * from the same path) — and nothing else: no access rule, no validation of the request, no
 * response schema, no presenter, no security headers, no logging. The session is looked up as in
 * the other baselines. Where the route runs a statement beside the page, the baseline runs it too
 * (the same SQL): the invoice numbers of the parking grid, the asset master, the wait list's
 * unread chat counts, and the public form's rate-limit counter (the app's limiter counts every
 * request in the database). The work orders' inspection summaries are left to the app, so they
 * count as its cost, as are the after-response jobs a write's events start (dispatch, mail).
 */
export function registerEndpointsBaseline(app: FastifyInstance, database: Database, scenario: string | undefined, findUser: FindUser): boolean {
  if (scenario !== 'endpoints') return false;
  const facts = JSON.parse(process.env.BENCH_ENDPOINT_FACTS ?? '{}') as EndpointFacts;
  const paths = listPaths(facts);
  const db = database.db;
  const plugins = new PluginRegistry();
  plugins.provide(propertyLeases, 'agreements', agreementsLeaseSource);

  /** The grid's query as its schema outputs it, from the same path the app is sent. */
  const queryOf = <S extends z.ZodType>(name: string, schema: S): z.output<S> =>
    schema.parse(Object.fromEntries(new URL(paths[name]!.path, 'http://bench').searchParams));
  const route = (name: string) => paths[name]!.path.split('?')[0]!;
  const counted = (reply: FastifyReply, total: number) => reply.header('x-total-count', String(total));
  const signedIn = (handler: (user: Record<string, unknown>, reply: FastifyReply, body: unknown) => Promise<unknown>) =>
    async (request: { headers: { cookie?: string }; body?: unknown }, reply: FastifyReply) => {
      const user = await findUser(request.headers.cookie);
      if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      return handler(user, reply, request.body);
    };

  const invoices = queryOf('invoices', ZInvoiceGridQuery);
  app.get(route('invoices'), signedIn(async (_user, reply) => {
    const { rows, total } = await listInvoices(db, invoices, null);
    counted(reply, total);
    return rows;
  }));
  const agreements = queryOf('agreements', ZAgreementGridQuery);
  app.get(route('agreements'), signedIn(async (_user, reply) => {
    const { rows, total } = await listAgreements(db, agreements, { companyId: null });
    counted(reply, total);
    return rows;
  }));
  const companies = queryOf('companies', ZCompanyGridQuery);
  app.get(route('companies'), signedIn(async (_user, reply) => {
    const { rows, total } = await listCompanies(db, companies, null);
    counted(reply, total);
    return rows;
  }));
  const properties = queryOf('properties', ZPropertyGridQuery);
  app.get(route('properties'), signedIn(async (_user, reply) => {
    const { rows, total } = await findPropertiesForGrid({ plugins }, db, properties, today());
    counted(reply, total);
    return rows;
  }));
  const listings = queryOf('listings', ZListingsQuery);
  app.get(route('listings'), async (_request, reply) => {
    const { rows, total } = await findPublicListings(db, listings);
    counted(reply, total);
    return rows;
  });
  const tiedowns = queryOf('parking-requests', ZTiedownListQuery);
  app.get(route('parking-requests'), signedIn(async (_user, reply) => {
    const { rows, total } = await listTiedowns(db, tiedowns, null);
    const numbers = await findInvoiceNumbers(db, rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])));
    counted(reply, total);
    return rows.map((row) => ({ ...row, invoiceNumber: row.invoiceId ? (numbers.get(row.invoiceId) ?? null) : null }));
  }));
  const waitlist = queryOf('waitlist', ZWaitlistGridQuery);
  app.get(route('waitlist'), signedIn(async (_user, reply) => {
    // The app's statements: the page, the type's existence only when the page is empty, and the
    // chat's unread counts for the Chat badge (the app asks them through the chat's provider).
    const { rows, count } = await listApplicantsOfType(db, facts.waitlistTypeId, waitlist);
    if (rows.length === 0 && !(await propertyTypeExists(db, facts.waitlistTypeId))) return reply.status(404).send({ code: 'NOT_FOUND' });
    const unread = rows.length ? await countUnreadForApplicants(db, rows.map((row) => row.id)) : new Map<string, number>();
    counted(reply, count.total);
    return rows.map((row) => ({ ...row, unread: unread.get(row.id) ?? 0 }));
  }));
  const inspections = queryOf('inspections', ZInspectionListQuery);
  app.get(route('inspections'), signedIn(async (_user, reply) => {
    const { rows, total } = await listInspections(db, inspections, { email: null });
    counted(reply, total);
    return rows;
  }));
  const workorders = queryOf('workorders', ZWorkorderGridQuery);
  app.get(route('workorders'), signedIn(async (_user, reply) => {
    const { rows, total } = await listWorkorders(db, workorders, null);
    counted(reply, total);
    return rows;
  }));
  const assets = queryOf('assets', ZAssetListQuery);
  app.get(route('assets'), signedIn(async (_user, reply) => {
    const master = await findMaster(db, facts.assetMasterId);
    const plan = planAssetList(master, assets);
    const [rows, count] = await Promise.all([listAssets(db, plan), countMatching(db, matchingAssets(db, plan), assets)]);
    counted(reply, count.total);
    return rows.map((row) => ({ ...row, masterName: master?.name }));
  }));
  const alerts = queryOf('alerts', ZListQuery);
  app.get(route('alerts'), signedIn(async (user, reply) => {
    const { rows, total } = await findAlertsOfAccount(db, String(user.id), alerts);
    counted(reply, total);
    return rows;
  }));
  const mail = queryOf('notifications-sent', ZMailListQuery);
  app.get(route('notifications-sent'), signedIn(async (_user, reply) => {
    const { rows, total } = await listMail(db, mail);
    counted(reply, total);
    return rows;
  }));
  app.get(route('aging-report'), signedIn(async () => agingReport(db, null, await airportToday(db))));

  registerWriteBaselines(app, database, findUser);
  return true;
}

/** The writes: the service the handler calls, in the same transaction shape, with the body as the schema outputs it. */
function registerWriteBaselines(app: FastifyInstance, database: Database, findUser: FindUser): void {
  const db = database.db;
  let requestId = 0;
  const actorOf = (user: Record<string, unknown> | null) => ({ user: user ? { id: String(user.id), email: String(user.email) } : null, requestId: `bench-${++requestId}` });

  // The public form's limit per address: the app's store, the statement the app's limiter runs
  // for this route (one upsert per request) before the handler.
  const RateLimitStore = createPostgresRateLimitStore(database);
  const formCounter = new RateLimitStore().child({ routeInfo: { method: 'POST', url: WRITE_PATHS['parking-request'] } });
  const countRequest = (address: string) => new Promise<void>((resolve, reject) => formCounter.incr(address, (error) => (error ? reject(error) : resolve()), 60_000));

  app.post(WRITE_PATHS['parking-request'], async (request, reply) => {
    await countRequest(String(request.headers['x-forwarded-for'] ?? request.ip));
    const form = formOf(request.body as Parameters<typeof formOf>[0]);
    const quoted = await quote(db, form);
    const row = await createFreeRequest(db, null, actorOf(null), form, quoted, null);
    return reply.status(201).send(row);
  });
  app.post(WRITE_PATHS['company-create'], async (request, reply) => {
    const user = await findUser(request.headers.cookie);
    if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
    const row = await db.transaction((tx) => createCompany(tx, actorOf(user) as Parameters<typeof createCompany>[1], request.body as Parameters<typeof createCompany>[2]));
    return reply.status(201).send(row);
  });
  app.post(WRITE_PATHS['workorder-create'], async (request, reply) => {
    const user = await findUser(request.headers.cookie);
    if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
    const row = await db.transaction((tx) => createWorkorder(tx, actorOf(user), request.body as Parameters<typeof createWorkorder>[2]));
    return reply.status(201).send(row);
  });
}
