import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isMasterTypeName, ZId, ZListQuery, ZMasterRow, ZMessage, type TMasterTypeName } from '@apron/core';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { MASTER_DEFINITIONS, type MasterDefinition } from './master-data.registry';
import { canReadMasterRoute, canReadSharedMasterData } from './settings.policy';
import { findMasterRow, listAllMasterRows, listMasterRows } from './settings.repo';
import { createMasterRow, deleteMasterRowById, updateMasterRowById } from './settings.service';
import { systemSettingsCache } from './system-settings';

const ZTypeParams = z.object({ type: z.string() });
const ZTypeIdParams = z.object({ type: z.string(), id: ZId });
// The body's schema depends on `type`; the service validates it with that type's core schema.
const ZAnyBody = z.unknown();
const tags = ['settings'];

function definitionOf(type: string): MasterDefinition {
  if (!isMasterTypeName(type)) throw notFound(`Unknown settings type ${type}`);
  return MASTER_DEFINITIONS[type];
}


/** Generic master data: `Crud/{type}` (spec doc 2 §7) and the select-box shorthands. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // After a system setting's write commits, this app's cached readers see it at once (loadSystemSettingsCached).
  const written = (def: MasterDefinition) => {
    if (def.type === 'systemSettings') ctx.plugins.one(systemSettingsCache).changed();
  };

  r.get(
    '/api/Crud/:type',
    { config: { access: canReadMasterRoute }, schema: { tags, params: ZTypeParams, querystring: ZListQuery, response: { 200: z.array(ZMasterRow) } } },
    async (request, reply) => {
      const def = definitionOf(request.params.type);
      const { rows, total } = await listMasterRows(ctx.db, def, request.query);
      sendTotalCount(reply, total);
      return rows.map((row) => def.present(row));
    },
  );

  r.get(
    '/api/Crud/:type/:id',
    { config: { access: canReadMasterRoute }, schema: { tags, params: ZTypeIdParams, response: { 200: ZMasterRow } } },
    async (request) => {
      const def = definitionOf(request.params.type);
      const row = await findMasterRow(ctx.db, def, request.params.id);
      if (!row) throw notFound(`No ${def.noun} found.`);
      return def.present(row);
    },
  );

  r.post(
    '/api/Crud/:type',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZTypeParams, body: ZAnyBody, response: { 201: ZMasterRow } } },
    async (request, reply) => {
      const def = definitionOf(request.params.type);
      const row = await ctx.db.transaction((tx) => createMasterRow(tx, actorOf(request), def, request.body));
      written(def);
      return reply.status(201).send(row);
    },
  );

  r.put(
    '/api/Crud/:type/:id',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZTypeIdParams, body: ZAnyBody, response: { 200: ZMasterRow } } },
    async (request) => {
      const def = definitionOf(request.params.type);
      const row = await ctx.db.transaction((tx) => updateMasterRowById(tx, actorOf(request), def, request.params.id, request.body));
      written(def);
      return row;
    },
  );

  r.delete(
    '/api/Crud/:type/:id',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZTypeIdParams, response: { 200: ZMessage } } },
    async (request) => {
      const def = definitionOf(request.params.type);
      await ctx.db.transaction((tx) => deleteMasterRowById(tx, actorOf(request), def, request.params.id));
      written(def);
      return { message: 'Deleted Successfully' };
    },
  );

  // Shorthands for select boxes in other modules' forms: the full list by name, no paging.
  const shorthand = (url: string, type: TMasterTypeName, access: 'signedIn' | typeof canReadSharedMasterData) => {
    const def = MASTER_DEFINITIONS[type];
    r.get(
      url,
      {
        config: { access: access === 'signedIn' ? access : (user) => access(user) },
        schema: { tags, response: { 200: z.array(ZMasterRow) } },
      },
      async () => (await listAllMasterRows(ctx.db, def)).map((row) => def.present(row)),
    );
  };
  shorthand('/api/InvoiceCycles', 'invoiceCycles', canReadSharedMasterData);
  shorthand('/api/PaymentTypes', 'paymentTypes', canReadSharedMasterData);
  // Tenants upload documents and insurance certificates too (issue 24: the Upload certificate
  // dialog names the coverage), so every signed-in user may read those two lists of names.
  shorthand('/api/AttachmentTypes', 'documentTypes', 'signedIn');
  shorthand('/api/InsuranceTypes', 'insuranceTypes', 'signedIn');
}
