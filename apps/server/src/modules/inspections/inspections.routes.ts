import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSPECTION_MESSAGES, ZIdParams, ZInspection, ZInspectionAnswers, ZInspectionCreate, ZInspectionDetail, ZInspectionListQuery,
  ZInspectionSubjectOption, ZInspectionSubjectQuery, ZInspectionUpdate, ZMasterInspection, ZMasterInspectionInput, ZMessage, ZMyInspectionsQuery,
  type TSessionUser,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors/app-error';
import { sendListCount, sendTotalCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { getFormVersion } from '../forms/index';
import { listSubjects } from './inspection-subjects';
import { inspectionScope, isInspectionStaff } from './inspections.policy';
import { presentInspection, presentInspectionDetail, presentMaster } from './inspections.presenter';
import * as repo from './inspections.repo';
import * as service from './inspections.service';

const tags = ['inspections'];
const ZMessageWith = <T extends z.ZodTypeAny>(item: T) => ZMessage.extend({ inspection: item });

const staff = (user: TSessionUser | null) => isInspectionStaff(user);

async function formNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const form = await getFormVersion(db, id);
    if (form) names.set(id, form.name);
  }
  return names;
}

/** One inspection with its form: staff any, an inspector their own. */
async function detail(db: DbOrTx, id: string, user: TSessionUser) {
  const row = await repo.findInspection(db, id, inspectionScope(user));
  if (!row) throw notFound(INSPECTION_MESSAGES.notFound);
  const form = await getFormVersion(db, row.formId, row.formVersion);
  if (!form) throw new AppError('UNPROCESSABLE', 'The form of this inspection is missing');
  return presentInspectionDetail(row, form.schema as unknown as Record<string, unknown>, user);
}

/** Spec doc 2 §7 Inspections, plus Settings' master inspections (not named by the spec). */
export async function inspectionsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  masterInspectionRoutes(app, ctx);
  staffInspectionRoutes(app, ctx);
  inspectorRoutes(app, ctx);
  fillingRoutes(app, ctx);
}

function masterInspectionRoutes(app: ZodApp, ctx: AppContext): void {
  // ---- Master inspections (Settings > Master Inspection; the /inspection cards) --------------
  app.get('/api/MasterInspection', { config: { access: 'internal' }, schema: { tags, response: { 200: z.array(ZMasterInspection) } } }, async (request, reply) => {
    const rows = await repo.listMasters(ctx.db);
    const names = await formNames(ctx.db, rows.map((r) => r.formId));
    sendTotalCount(reply, rows.length);
    return rows.map((row) => presentMaster(row, names.get(row.formId) ?? null, request.user));
  });

  app.get('/api/MasterInspection/:id', { config: { access: 'internal' }, schema: { tags, params: ZIdParams, response: { 200: ZMasterInspection } } }, async (request) => {
    const row = await repo.findMaster(ctx.db, request.params.id);
    if (!row) throw notFound(INSPECTION_MESSAGES.masterNotFound);
    return presentMaster(row, (await formNames(ctx.db, [row.formId])).get(row.formId) ?? null, request.user);
  });

  app.post(
    '/api/MasterInspection',
    { config: { access: 'admin:Settings' }, schema: { tags, body: ZMasterInspectionInput, response: { 201: ZMasterInspection } } },
    async (request, reply) => {
      const row = await ctx.db.transaction((tx) => service.createMaster(tx, signedInActorOf(request), request.body));
      return reply.status(201).send(presentMaster(row, (await formNames(ctx.db, [row.formId])).get(row.formId) ?? null, request.user));
    },
  );

  app.put(
    '/api/MasterInspection/:id',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, body: ZMasterInspectionInput, response: { 200: ZMasterInspection } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.updateMaster(tx, signedInActorOf(request), request.params.id, request.body));
      return presentMaster(row, (await formNames(ctx.db, [row.formId])).get(row.formId) ?? null, request.user);
    },
  );

  app.delete('/api/MasterInspection/:id', { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    await ctx.db.transaction((tx) => service.deleteMaster(tx, signedInActorOf(request), request.params.id));
    return { message: INSPECTION_MESSAGES.deleted };
  });
}

function staffInspectionRoutes(app: ZodApp, ctx: AppContext): void {
  // ---- Staff: a master's inspections ------------------------------------------------------
  app.get(
    '/api/Inspection/GetInspections',
    { config: { access: 'internal' }, schema: { tags, querystring: ZInspectionListQuery, response: { 200: z.array(ZInspection) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listInspections(ctx.db, request.query, { email: null });
      sendListCount(reply, count);
      return rows.map((row) => presentInspection(row, request.user));
    },
  );

  // 'Inspection For' options of the Add dialog.
  app.get(
    '/api/Inspection/Subjects',
    { config: { access: 'internal' }, schema: { tags, querystring: ZInspectionSubjectQuery, response: { 200: z.array(ZInspectionSubjectOption) } } },
    async (request) => (await listSubjects(ctx.db, request.query.module)).map((s) => ({ _id: s.id, name: s.name })),
  );

  app.post(
    '/api/Inspection/CreateInspections',
    { config: { access: 'internal' }, schema: { tags, body: ZInspectionCreate, response: { 201: ZMessageWith(ZInspection) } } },
    async (request, reply) => {
      const row = await ctx.db.transaction((tx) => service.createInspection(tx, signedInActorOf(request), ctx.config.publicUrl, request.body));
      const found = (await repo.findInspection(ctx.db, row.id))!;
      return reply.status(201).send({ message: INSPECTION_MESSAGES.created, inspection: presentInspection(found, request.user) });
    },
  );

  app.put(
    '/api/Inspection/UpdateInspections/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, body: ZInspectionUpdate, response: { 200: ZMessageWith(ZInspection) } } },
    async (request) => {
      await ctx.db.transaction((tx) => service.updateInspection(tx, signedInActorOf(request), ctx.config.publicUrl, request.params.id, request.body));
      const found = (await repo.findInspection(ctx.db, request.params.id))!;
      return { message: INSPECTION_MESSAGES.updated, inspection: presentInspection(found, request.user) };
    },
  );
}

/** One inspection with its form, and an inspector's own inspections. */
function inspectorRoutes(app: ZodApp, ctx: AppContext): void {
  // ---- One inspection with its form: staff any, an inspector their own ---------------------
  app.get(
    '/api/Inspection/getInspectionsById/:id',
    { config: { access: staff }, schema: { tags, params: ZIdParams, response: { 200: ZInspectionDetail } } },
    async (request) => detail(ctx.db, request.params.id, request.user!),
  );
  // The spec's name for the form of one inspection (view and fill).
  app.get(
    '/api/Inspection/GetSimulateInspection/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZInspectionDetail } } },
    async (request) => detail(ctx.db, request.params.id, request.user!),
  );

  // ---- Inspectors: their own ------------------------------------------------------------
  app.get(
    '/api/Inspection/GetAllMyInspections',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZMyInspectionsQuery, response: { 200: z.array(ZInspection) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listInspections(ctx.db, request.query, { email: request.user!.email.toLowerCase() });
      sendListCount(reply, count);
      return rows.map((row) => presentInspection(row, request.user));
    },
  );

  app.get(
    '/api/Inspection/GetMyInspections/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZInspectionDetail } } },
    async (request) => {
      const user = request.user!;
      const row = await repo.findInspection(ctx.db, request.params.id, { email: user.email.toLowerCase() });
      if (!row) throw notFound(INSPECTION_MESSAGES.notFound);
      return detail(ctx.db, row.id, user);
    },
  );
}

function fillingRoutes(app: ZodApp, ctx: AppContext): void {
  // ---- Filling: save part-way (In Progress) and Complete Inspection (final) ----------------
  app.post(
    '/api/Inspection/UpdateSimulateInspection/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, body: ZInspectionAnswers, response: { 200: ZMessageWith(ZInspectionDetail) } } },
    async (request) => {
      const user = request.user!;
      await ctx.db.transaction((tx) => service.saveAnswers(tx, signedInActorOf(request), request.params.id, inspectionScope(user), request.body.data));
      return { message: INSPECTION_MESSAGES.updated, inspection: await detail(ctx.db, request.params.id, user) };
    },
  );

  app.post(
    '/api/Inspection/CompleteInspection/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, body: ZInspectionAnswers, response: { 200: ZMessageWith(ZInspectionDetail) } } },
    async (request) => {
      const user = request.user!;
      await ctx.db.transaction((tx) => service.completeInspection(ctx, tx, signedInActorOf(request), request.params.id, inspectionScope(user), request.body.data));
      return { message: INSPECTION_MESSAGES.completed, inspection: await detail(ctx.db, request.params.id, user) };
    },
  );
}
