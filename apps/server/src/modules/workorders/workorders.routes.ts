import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSetting, ZIdParams, ZMessage, type TSessionUser } from '@apron/core';
import {
  WORKORDER_MESSAGES, ZMasterInspectionOption, ZMasterWorkorder, ZMasterWorkorderInput, ZWorkorder, ZWorkorderAnswers, ZWorkorderCreate,
  ZWorkorderForOption, ZWorkorderFormView, ZWorkorderGridQuery, ZWorkorderRow, ZWorkorderUpdate,
} from '@apron/core/workorders/index';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors/app-error';
import { sendListCount, sendTotalCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { currentAirportLetterhead } from '../../platform/tenancy/index';
import { loadSystemSettings } from '../settings/index';
import { inspectionSummary, masterInspectionOptions, type InspectionSummary } from './linked-modules';
import { renderWorkorderPdf } from './workorder-pdf';
import { workorderScopeOf } from './workorders.policy';
import { presentMaster, presentWorkorder, presentWorkorderRow } from './workorders.presenter';
import * as repo from './workorders.repo';
import * as service from './workorders.service';

const tags = ['workorders'];
const ZUpdated = z.object({ message: z.string(), workorder: ZWorkorder });

/** The linked inspections of some work orders, read once each (a page holds at most a few dozen). */
async function inspectionsOf(db: DbOrTx, rows: ReadonlyArray<{ inspectionId: string | null }>): Promise<Map<string, InspectionSummary | null>> {
  const ids = [...new Set(rows.map((row) => row.inspectionId).filter((id): id is string => !!id))];
  const found = await Promise.all(ids.map(async (id) => [id, await inspectionSummary(db, id)] as const));
  return new Map(found);
}

const user = (request: { user: TSessionUser | null }) => request.user!;

async function viewWorkorder(db: DbOrTx, id: string, caller: TSessionUser) {
  const row = await repo.findWorkorder(db, id, workorderScopeOf(caller));
  if (!row) throw notFound(WORKORDER_MESSAGES.notFound);
  return presentWorkorder(row, await inspectionsOf(db, [row]), caller);
}

async function viewMaster(db: DbOrTx, id: string, caller: TSessionUser) {
  const scope = workorderScopeOf(caller);
  const row = (await repo.listMasters(db, scope)).find((master) => master.id === id);
  if (!row) throw notFound(WORKORDER_MESSAGES.masterNotFound);
  return presentMaster(row, (await repo.listRules(db, [row.id])).get(row.id) ?? [], caller);
}

/** Master work orders (Settings > Master Workorder) and work orders (spec doc 2 §7 Work orders). */
export async function workordersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  masterWorkorderRoutes(r, ctx);
  workorderListRoutes(r, ctx);
  workorderEditRoutes(r, ctx);
  workorderFormRoutes(r, ctx);
}

// ---- Master work orders ---------------------------------------------------------------------
function masterWorkorderRoutes(r: ZodApp, ctx: AppContext): void {
  r.get('/api/MasterWorkorder', { config: { access: 'signedIn' }, schema: { tags, response: { 200: z.array(ZMasterWorkorder) } } }, async (request, reply) => {
    const rows = await repo.listMasters(ctx.db, workorderScopeOf(user(request)));
    const rules = await repo.listRules(ctx.db, rows.map((row) => row.id));
    sendTotalCount(reply, rows.length);
    return rows.map((row) => presentMaster(row, rules.get(row.id) ?? [], request.user));
  });

  // The picker of Settings > Master Workorder: which master inspections' failed checks open work orders here.
  r.get(
    '/api/MasterWorkorder/MasterInspections',
    { config: { access: 'admin:Settings' }, schema: { tags, response: { 200: z.array(ZMasterInspectionOption) } } },
    async () => (await masterInspectionOptions(ctx.db)).map((option) => ({ _id: option.id, name: option.name })),
  );

  r.get('/api/MasterWorkorder/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZMasterWorkorder } } }, async (request) =>
    viewMaster(ctx.db, request.params.id, user(request)),
  );

  r.post(
    '/api/MasterWorkorder',
    { config: { access: 'admin:Settings' }, schema: { tags, body: ZMasterWorkorderInput, response: { 201: ZMasterWorkorder } } },
    async (request, reply) => {
      const row = await ctx.db.transaction((tx) => service.createMaster(tx, actorOf(request), request.body));
      return reply.status(201).send(await viewMaster(ctx.db, row.id, user(request)));
    },
  );

  r.put(
    '/api/MasterWorkorder/:id',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, body: ZMasterWorkorderInput, response: { 200: ZMasterWorkorder } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.updateMaster(tx, actorOf(request), request.params.id, request.body));
      return viewMaster(ctx.db, request.params.id, user(request));
    },
  );

  r.delete('/api/MasterWorkorder/:id', { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    await ctx.db.transaction((tx) => service.deleteMaster(tx, actorOf(request), request.params.id));
    return { message: WORKORDER_MESSAGES.deleted };
  });

}

// ---- Work orders ------------------------------------------------------------------------------
function workorderListRoutes(r: ZodApp, ctx: AppContext): void {
  r.get(
    '/api/Workorder/GetWorkorders',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZWorkorderGridQuery, response: { 200: z.array(ZWorkorderRow) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listWorkorders(ctx.db, request.query, workorderScopeOf(user(request)));
      sendListCount(reply, count);
      const inspections = await inspectionsOf(ctx.db, rows);
      return rows.map((row) => presentWorkorderRow(row, inspections, request.user));
    },
  );

  // A contractor's own work orders of one master: the caller's e-mail, whoever the caller is.
  r.get(
    '/api/Workorder/GetMyWorkorders/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, querystring: ZWorkorderGridQuery.omit({ workorderId: true }), response: { 200: z.array(ZWorkorderRow) } } },
    async (request, reply) => {
      const query = { ...request.query, workorderId: request.params.id };
      const { rows, ...count } = await repo.listWorkorders(ctx.db, query, user(request).email.toLowerCase());
      sendListCount(reply, count);
      const inspections = await inspectionsOf(ctx.db, rows);
      return rows.map((row) => presentWorkorderRow(row, inspections, request.user));
    },
  );

  r.get('/api/Workorder/getWorkordersById/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZWorkorder } } }, async (request) =>
    viewWorkorder(ctx.db, request.params.id, user(request)),
  );

}

function workorderEditRoutes(r: ZodApp, ctx: AppContext): void {
  // 'Workorder For' options of the create dialog: the inspections of the master (none when adhoc).
  r.get(
    '/api/Workorder/WorkorderFor/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, response: { 200: z.array(ZWorkorderForOption) } } },
    async (request) => {
      const master = await repo.findMaster(ctx.db, request.params.id);
      if (!master) throw notFound(WORKORDER_MESSAGES.masterNotFound);
      const options = await service.inspectionOptions(ctx.db, master);
      return options.map((option) => ({ _id: option.id, name: option.name, createdDate: option.createdAt.toISOString() }));
    },
  );

  r.post(
    '/api/Workorder/CreateWorkorders',
    { config: { access: 'internal' }, schema: { tags, body: ZWorkorderCreate, response: { 201: ZWorkorder } } },
    async (request, reply) => {
      const row = await ctx.db.transaction((tx) => service.createWorkorder(tx, actorOf(request), request.body));
      return reply.status(201).send(presentWorkorder(row, await inspectionsOf(ctx.db, [row]), user(request)));
    },
  );

  r.put(
    '/api/Workorder/UpdateWorkorders/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, body: ZWorkorderUpdate, response: { 200: ZUpdated } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.updateWorkorder(tx, actorOf(request), request.params.id, request.body));
      return { message: WORKORDER_MESSAGES.updated, workorder: await viewWorkorder(ctx.db, request.params.id, user(request)) };
    },
  );

}

/** The form viewer, completion and the printout. */
function workorderFormRoutes(r: ZodApp, ctx: AppContext): void {
  // The form and its answers for the form viewer (fill, or read-only once Completed).
  r.get(
    '/api/Workorder/GetSimulateWorkorder/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZWorkorderFormView } } },
    async (request) => {
      const workorder = await viewWorkorder(ctx.db, request.params.id, user(request));
      const form = await service.formOf(ctx.db, workorder);
      return { workorder, schema: form?.schema ?? null };
    },
  );

  r.post(
    '/api/Workorder/UpdateSimulateWorkorder/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, body: ZWorkorderAnswers, response: { 200: ZUpdated } } },
    async (request) => {
      const caller = user(request);
      await ctx.db.transaction((tx) => service.saveAnswers(tx, actorOf(request), request.params.id, workorderScopeOf(caller), request.body));
      return { message: WORKORDER_MESSAGES.saved, workorder: await viewWorkorder(ctx.db, request.params.id, caller) };
    },
  );

  r.post(
    '/api/Workorder/Complete/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZUpdated } } },
    async (request) => {
      const caller = user(request);
      await ctx.db.transaction((tx) => service.completeWorkorder(tx, actorOf(request), request.params.id, workorderScopeOf(caller)));
      return { message: WORKORDER_MESSAGES.completed, workorder: await viewWorkorder(ctx.db, request.params.id, caller) };
    },
  );

  // Print Workorder: a PDF rendered from stored data, with no transaction open (reads first, then pdfkit).
  r.get('/api/Workorder/print/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const workorder = await repo.findWorkorder(ctx.db, request.params.id, workorderScopeOf(user(request)));
    if (!workorder) throw notFound(WORKORDER_MESSAGES.notFound);
    const [settings, letterhead, inspection, form] = await Promise.all([
      loadSystemSettings(ctx.db, ['TIME_ZONE']),
      currentAirportLetterhead(ctx.db, ctx.files),
      workorder.inspectionId ? inspectionSummary(ctx.db, workorder.inspectionId) : Promise.resolve(null),
      service.formOf(ctx.db, workorder),
    ]);
    const pdf = await renderWorkorderPdf({
      letterhead,
      timeZone: readSetting(settings, 'TIME_ZONE'),
      workorder,
      inspection,
      schema: form?.schema ?? null,
    });
    const fileName = `workorder-${workorder.refNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).header('cache-control', 'no-store').send(pdf);
  });

  // The work orders of one inspection (the inspection page shows them: linked both ways).
  r.get(
    '/api/Workorder/ForInspection/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: z.array(ZWorkorderRow) } } },
    async (request) => {
      const rows = await repo.listWorkordersOfInspection(ctx.db, request.params.id, workorderScopeOf(user(request)));
      const inspections = await inspectionsOf(ctx.db, rows);
      return rows.map((row) => presentWorkorderRow(row, inspections, request.user));
    },
  );
}
