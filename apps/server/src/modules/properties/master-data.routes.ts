import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZIdParams, ZMessage, ZPropertyArea, ZPropertyAreaInput, ZPropertyAttribute, ZPropertyAttributeInput,
  ZPropertyType, ZPropertyTypeInput,
} from '@apron/core';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { sendTotalCount } from '../../platform/http/list-count';
import * as repo from './master-data.repo';
import * as service from './master-data.service';
import { presentArea, presentAttribute, presentPropertyType } from './properties.presenter';
import { canReadPropertyMasterData, canWritePropertyMasterData, requirePolicy } from './properties.policy';

const tags = ['properties'];
const read = { config: { access: 'internal' }, preHandler: requirePolicy(canReadPropertyMasterData) } as const;
const write = { config: { access: 'internal' }, preHandler: requirePolicy(canWritePropertyMasterData) } as const;

/** Property Types, Property Attributes and Property Areas (spec doc 2 §7 Properties). */
export async function masterDataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Property types (the spec's paths: add / update/{id}) --------------------------------
  r.get('/api/PropertyTypes', { ...read, schema: { tags, response: { 200: z.array(ZPropertyType) } } }, async (_request, reply) => {
    const rows = await repo.listTypes(ctx.db);
    sendTotalCount(reply, rows.length);
    return rows.map((t) => presentPropertyType(t.row, t.attributeIds));
  });

  r.post('/api/PropertyTypes/add', { ...write, schema: { tags, body: ZPropertyTypeInput, response: { 201: ZPropertyType } } }, async (request, reply) => {
    const created = await ctx.db.transaction((tx) => service.createType(tx, actorOf(request), request.body));
    return reply.status(201).send(presentPropertyType(created.row, created.attributeIds));
  });

  r.post(
    '/api/PropertyTypes/update/:id',
    { ...write, schema: { tags, params: ZIdParams, body: ZPropertyTypeInput, response: { 200: ZPropertyType } } },
    async (request) => {
      const updated = await ctx.db.transaction((tx) => service.updateType(tx, actorOf(request), request.params.id, request.body));
      return presentPropertyType(updated.row, updated.attributeIds);
    },
  );

  r.delete('/api/PropertyTypes/:id', { ...write, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    await ctx.db.transaction((tx) => service.deleteType(ctx, tx, actorOf(request), request.params.id));
    return { message: 'Deleted Successfully' };
  });

  // ---- Attributes --------------------------------------------------------------------------
  r.get('/api/PropertyAttributes', { ...read, schema: { tags, response: { 200: z.array(ZPropertyAttribute) } } }, async (_request, reply) => {
    const rows = await repo.listAttributes(ctx.db);
    sendTotalCount(reply, rows.length);
    return rows.map(presentAttribute);
  });

  r.post('/api/PropertyAttributes/add', { ...write, schema: { tags, body: ZPropertyAttributeInput, response: { 201: ZPropertyAttribute } } }, async (request, reply) => {
    const row = await ctx.db.transaction((tx) => service.createAttribute(tx, actorOf(request), request.body));
    return reply.status(201).send(presentAttribute(row));
  });

  r.post(
    '/api/PropertyAttributes/update/:id',
    { ...write, schema: { tags, params: ZIdParams, body: ZPropertyAttributeInput, response: { 200: ZPropertyAttribute } } },
    async (request) => presentAttribute(await ctx.db.transaction((tx) => service.updateAttribute(tx, actorOf(request), request.params.id, request.body))),
  );

  r.delete('/api/PropertyAttributes/:id', { ...write, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    await ctx.db.transaction((tx) => service.deleteAttribute(tx, actorOf(request), request.params.id));
    return { message: 'Deleted Successfully' };
  });

  // ---- Areas -------------------------------------------------------------------------------
  r.get('/api/Property/Areas', { ...read, schema: { tags, response: { 200: z.array(ZPropertyArea) } } }, async (_request, reply) => {
    const rows = await repo.listAreas(ctx.db);
    sendTotalCount(reply, rows.length);
    return rows.map(presentArea);
  });

  r.post('/api/Property/Areas', { ...write, schema: { tags, body: ZPropertyAreaInput, response: { 201: ZPropertyArea } } }, async (request, reply) => {
    const row = await ctx.db.transaction((tx) => service.createArea(tx, actorOf(request), request.body));
    return reply.status(201).send(presentArea(row));
  });

  r.put(
    '/api/Property/Areas/:id',
    { ...write, schema: { tags, params: ZIdParams, body: ZPropertyAreaInput, response: { 200: ZPropertyArea } } },
    async (request) => presentArea(await ctx.db.transaction((tx) => service.updateArea(tx, actorOf(request), request.params.id, request.body))),
  );

  r.delete('/api/Property/Areas/:id', { ...write, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    await ctx.db.transaction((tx) => service.deleteArea(tx, actorOf(request), request.params.id));
    return { message: 'Deleted Successfully' };
  });
}
