import type { FastifyInstance } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAttachment, ZAttachmentOwnerRef, ZAttachmentUpload, ZIdParams, ZMessage, ZRemark, ZRemarkCreate } from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { fieldErrorsFromIssues } from '../../platform/errors/error-handler';
import type { ZodApp } from '../../platform/http/zod-app';
import { canDelete } from './attachments.owners';
import { cleanFileName, contentDisposition, presentAttachment, presentRemark } from './attachments.presenter';
import * as service from './attachments.service';

const tags = ['documents'];

/** The multipart text fields as plain strings (the first value of each name). */
function fieldValues(fields: MultipartFields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first?.type === 'field') values[name] = first.value;
  }
  return values;
}

export async function attachmentsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentRoutes(app, ctx);
  remarkRoutes(app, ctx);
}

/** Documents: upload, list, read, download, delete. */
function documentRoutes(app: ZodApp, ctx: AppContext): void {
  /** Multipart: `ownerType`, `ownerId`, `typeId` before `file` (the file is streamed to storage). */
  app.post(
    '/api/Attachments',
    { config: { access: 'signedIn' }, schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZAttachment } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw fieldError('file', 'File is required');
      const part = await request.file();
      if (!part) throw fieldError('file', 'File is required');
      const parsed = ZAttachmentUpload.safeParse(fieldValues(part.fields));
      if (!parsed.success) {
        part.file.resume(); // drain the upload so the connection stays usable
        throw new AppError('VALIDATION', 'Invalid fields', fieldErrorsFromIssues(parsed.error.issues));
      }
      try {
        const { row, canDelete: mayDelete } = await service.uploadAttachment(ctx, signedInActorOf(request), parsed.data, {
          stream: part.file,
          filename: cleanFileName(part.filename),
          truncated: () => part.file.truncated,
        });
        return reply.status(201).send(presentAttachment(row, mayDelete));
      } finally {
        part.file.resume();
      }
    },
  );

  app.post(
    '/api/Attachments/List',
    { config: { access: 'signedIn' }, schema: { tags, body: ZAttachmentOwnerRef, response: { 200: z.array(ZAttachment) } } },
    async (request) => {
      const { rows, canDelete: mayDelete } = await service.listAttachments(ctx, request.user!, request.body);
      return rows.map((row) => presentAttachment(row, mayDelete));
    },
  );

  app.get(
    '/api/Attachments/Id/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZAttachment } } },
    async (request) => {
      const { row, owner } = await service.getReadableAttachment(ctx, request.user!, request.params.id);
      return presentAttachment(row, canDelete(request.user!, owner));
    },
  );

  /** The bytes, streamed; never rendered inline, never sniffed by the browser. */
  app.get('/api/Attachments/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const { row } = await service.getReadableAttachment(ctx, request.user!, request.params.id);
    const stream = await ctx.files.get(row.storageKey);
    return reply
      .type(row.contentType)
      .header('content-length', row.size)
      .header('content-disposition', contentDisposition(row.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.delete(
    '/api/Attachments/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => {
      await service.deleteAttachment(ctx, signedInActorOf(request), request.params.id);
      return { message: 'Deleted Successfully' };
    },
  );
}

/** Remarks: list, add, delete. */
function remarkRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/Remarks/List',
    { config: { access: 'signedIn' }, schema: { tags, body: ZAttachmentOwnerRef, response: { 200: z.array(ZRemark) } } },
    async (request) => {
      const { remarks, canDelete: mayDelete } = await service.listRemarks(ctx, request.user!, request.body);
      return remarks.map(({ row, documents }) => presentRemark(row, documents, mayDelete));
    },
  );

  app.post(
    '/api/Remarks',
    { config: { access: 'signedIn' }, schema: { tags, body: ZRemarkCreate, response: { 201: ZRemark } } },
    async (request, reply) => {
      const { remark, canDelete: mayDelete } = await service.createRemark(ctx, signedInActorOf(request), request.body);
      return reply.status(201).send(presentRemark(remark.row, remark.documents, mayDelete));
    },
  );

  app.delete(
    '/api/Remarks/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => {
      await service.deleteRemark(ctx, signedInActorOf(request), request.params.id);
      return { message: 'Deleted Successfully' };
    },
  );
}
