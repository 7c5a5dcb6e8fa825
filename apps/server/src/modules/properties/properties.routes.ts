import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasModule, ZId, ZIdParams, ZLeaseHistoryRow, ZMessage, ZProperty, ZPropertyAttribute, ZPropertyGridQuery,
  ZPropertyGridRow, ZPropertyImageDelete, ZPropertyInput, ZPropertyStatusChange,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { leaseSourceOf } from './lease-source';
import { attributesOfType, findType } from './master-data.repo';
import { presentAttribute, presentGridRow } from './properties.presenter';
import * as repo from './properties.repo';
import * as service from './properties.service';
import { contentTypeOfFile, IMAGE_FILE_PATTERN, type ImageStorage } from './property-images';

const tags = ['properties'];
const ZFileParams = z.object({ file: z.string().max(80) });
/** Image URLs name files that never change (a new upload gets a new name), so caches may keep them. */
const ONE_YEAR = 365 * 24 * 60 * 60;

/** The single file of a multipart request and its text fields (the files limit is 1). */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw fieldError('file', 'Send the image as multipart/form-data');
  const file = await request.file();
  if (!file) throw fieldError('file', 'Choose an image');
  // toBuffer() throws the 413 'File Size cannot be more than 5MB' past UPLOAD_LIMITS.maxBytes.
  const bytes = await file.toBuffer();
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    const single = Array.isArray(value) ? value[0] : value;
    if (single && single.type === 'field' && typeof single.value === 'string') fields[name] = single.value;
  }
  return { bytes, fields };
}

async function loadOr404(db: DbOrTx, id: string) {
  const row = await repo.findProperty(db, id);
  if (!row) throw notFound('Property not found');
  return row;
}

/** Listings grid, create and edit, status, images, attributes and lease history (staff side). */
export async function propertiesRoutes(app: FastifyInstance, ctx: AppContext, storage: ImageStorage): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  propertyRecordRoutes(r, ctx);
  propertyImageRoutes(r, ctx, storage);
}

/** The grid and full list, one property, create, edit, status, attributes and lease history. */
function propertyRecordRoutes(r: ZodApp, ctx: AppContext): void {
  r.get(
    '/api/Property/Grid',
    { config: { access: 'module:Property' }, schema: { tags, querystring: ZPropertyGridQuery, response: { 200: z.array(ZPropertyGridRow) } } },
    async (request, reply) => {
      const { rows, total } = await repo.findPropertiesForGrid(ctx, ctx.db, request.query, repo.today());
      sendTotalCount(reply, total);
      return rows.map(presentGridRow);
    },
  );

  // The spec's full list (pickers such as an agreement's property select): same filters, by name.
  r.get(
    '/api/Property/List',
    {
      config: { access: 'module:Property' },
      schema: { tags, querystring: ZPropertyGridQuery.extend({ pageSize: ZPropertyGridQuery.shape.pageSize.default(1000) }), response: { 200: z.array(ZPropertyGridRow) } },
    },
    async (request, reply) => {
      const { rows, total } = await repo.findPropertiesForGrid(ctx, ctx.db, request.query, repo.today());
      sendTotalCount(reply, total);
      return rows.map(presentGridRow);
    },
  );

  r.get('/api/Property/List/:id', { config: { access: 'module:Property' }, schema: { tags, params: ZIdParams, response: { 200: ZProperty } } }, async (request) =>
    service.loadPropertyDetail(ctx, ctx.db, request.user, await loadOr404(ctx.db, request.params.id)),
  );

  r.post('/api/Property/List', { config: { access: 'admin:Property' }, schema: { tags, body: ZPropertyInput, response: { 201: ZProperty } } }, async (request, reply) => {
    const row = await ctx.db.transaction((tx) => service.createProperty(tx, actorOf(request), request.body));
    return reply.status(201).send(await service.loadPropertyDetail(ctx, ctx.db, request.user, row));
  });

  r.put(
    '/api/Property/List/:id',
    { config: { access: 'admin:Property' }, schema: { tags, params: ZIdParams, body: ZPropertyInput, response: { 200: ZProperty } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.updateProperty(ctx, tx, actorOf(request), request.params.id, request.body));
      return service.loadPropertyDetail(ctx, ctx.db, request.user, row);
    },
  );

  // The attributes a property of this type carries, in order: the form renders one field each.
  r.get(
    '/api/Property/List/Attributes/:id',
    { config: { access: 'module:Property' }, schema: { tags, params: ZIdParams, response: { 200: z.array(ZPropertyAttribute) } } },
    async (request) => {
      if (!(await findType(ctx.db, request.params.id))) throw notFound('Property type not found');
      return (await attributesOfType(ctx.db, request.params.id)).map(presentAttribute);
    },
  );

  r.post(
    '/api/Property/List/Status/:id',
    { config: { access: 'admin:Property' }, schema: { tags, params: ZIdParams, body: ZPropertyStatusChange, response: { 200: ZProperty } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.setPropertyStatus(ctx, tx, actorOf(request), request.params.id, request.body.status));
      return service.loadPropertyDetail(ctx, ctx.db, request.user, row);
    },
  );

  r.get(
    '/api/Property/LeaseHistory/:id',
    { config: { access: 'module:Property' }, schema: { tags, params: ZIdParams, response: { 200: z.array(ZLeaseHistoryRow) } } },
    async (request, reply) => {
      await loadOr404(ctx.db, request.params.id);
      const rows = await leaseSourceOf(ctx).leaseHistory(ctx.db, request.params.id);
      sendTotalCount(reply, rows.length);
      return rows;
    },
  );
}

function propertyImageRoutes(r: ZodApp, ctx: AppContext, storage: ImageStorage): void {
  // ---- Images ------------------------------------------------------------------------------
  r.post(
    '/api/Property/List/Header/:id',
    { config: { access: 'admin:Property' }, schema: { tags, params: ZIdParams, response: { 200: ZProperty } } },
    async (request) => {
      await loadOr404(ctx.db, request.params.id);
      const { bytes } = await readUpload(request);
      const row = await service.setHeaderImage(ctx.db, storage, actorOf(request), request.params.id, bytes);
      return service.loadPropertyDetail(ctx, ctx.db, request.user, row);
    },
  );

  r.post(
    '/api/Property/List/Images',
    { config: { access: 'admin:Property' }, schema: { tags, querystring: z.object({ propertyId: ZId.optional() }), response: { 201: ZProperty } } },
    async (request, reply) => {
      const { bytes, fields } = await readUpload(request);
      const parsed = ZId.safeParse(fields.propertyId ?? request.query.propertyId);
      if (!parsed.success) throw fieldError('propertyId', 'Invalid Id');
      await service.addGalleryImage(ctx.db, storage, actorOf(request), parsed.data, bytes);
      return reply.status(201).send(await service.loadPropertyDetail(ctx, ctx.db, request.user, await loadOr404(ctx.db, parsed.data)));
    },
  );

  r.delete(
    '/api/Property/List/Images',
    { config: { access: 'admin:Property' }, schema: { tags, body: ZPropertyImageDelete, response: { 200: ZMessage } } },
    async (request) => {
      await service.removeGalleryImage(ctx.db, storage, actorOf(request), request.body.propertyId, request.body.imageId);
      return { message: 'Deleted Successfully' };
    },
  );

  // Public route: images of published listings are for everyone, others for Property users only
  // (anyone else gets the same 404 as for a file that does not exist).
  r.get('/api/Property/List/Images/:file', { config: { access: 'public' }, schema: { tags, params: ZFileParams } }, async (request, reply) => {
    const { file } = request.params;
    if (!IMAGE_FILE_PATTERN.test(file)) throw notFound('Image not found');
    const owner = await repo.findImageOwner(ctx.db, file);
    if (!owner || (!owner.isPublic && !hasModule(request.user, 'Property'))) throw notFound('Image not found');
    const etag = `"${file}"`;
    reply
      .header('cache-control', `${owner.isPublic ? 'public' : 'private'}, max-age=${ONE_YEAR}, immutable`)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const bytes = await storage.read(file);
    if (!bytes) throw notFound('Image not found');
    return reply.type(contentTypeOfFile(file)).send(bytes);
  });
}
