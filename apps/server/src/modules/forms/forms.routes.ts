import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORM_MESSAGES, ZForm, ZFormCreate, ZFormFile, ZFormListRow, ZFormUpdate, ZFormVersionQuery, ZIdParams, ZListQuery,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { cleanFileName, contentDisposition, presentForm, presentFormFile, presentFormListRow } from './forms.presenter';
import * as repo from './forms.repo';
import * as service from './forms.service';

const tags = ['forms'];

/** The form builder's calls (spec doc 2 §7): getForm/{id}, updateForm/{id}, Forms/createForm, Forms/uploadfile. */
export async function formsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // The form picker of the masters (name and latest version).
  app.get(
    '/api/Forms',
    { config: { access: 'internal' }, schema: { tags, querystring: ZListQuery, response: { 200: z.array(ZFormListRow) } } },
    async (request, reply) => {
      const { rows, total } = await repo.listForms(ctx.db, request.query);
      sendTotalCount(reply, total);
      return rows.map(presentFormListRow);
    },
  );

  app.get(
    '/api/getForm/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, querystring: ZFormVersionQuery, response: { 200: ZForm } } },
    async (request) => {
      const found = await repo.findFormVersion(ctx.db, request.params.id, request.query.version);
      if (!found) throw notFound(FORM_MESSAGES.notFound);
      return presentForm(found);
    },
  );

  app.post(
    '/api/Forms/createForm',
    { config: { access: 'module:Settings' }, schema: { tags, body: ZFormCreate, response: { 201: ZForm } } },
    async (request, reply) => {
      const created = await ctx.db.transaction((tx) => service.createForm(tx, signedInActorOf(request), request.body));
      return reply.status(201).send(presentForm(created));
    },
  );

  app.put(
    '/api/updateForm/:id',
    { config: { access: 'module:Settings' }, schema: { tags, params: ZIdParams, body: ZFormUpdate, response: { 200: ZForm } } },
    async (request) => presentForm(await ctx.db.transaction((tx) => service.updateForm(tx, signedInActorOf(request), request.params.id, request.body))),
  );

  /** A file answer (multipart `file`): anyone signed in who fills a form; images and PDFs, 5 MB. */
  app.post(
    '/api/Forms/uploadfile',
    { config: { access: 'signedIn' }, schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZFormFile } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw fieldError('file', 'File is required');
      const part = await request.file();
      if (!part) throw fieldError('file', 'File is required');
      try {
        const row = await service.uploadFormFile(ctx, signedInActorOf(request), {
          stream: part.file,
          filename: cleanFileName(part.filename),
          truncated: () => part.file.truncated,
        });
        return reply.status(201).send(presentFormFile(row));
      } finally {
        part.file.resume();
      }
    },
  );

  /** The bytes of a file answer: internal staff, or the person who uploaded it. */
  app.get('/api/Forms/file/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const user = request.user!;
    const row = await repo.findFormFile(ctx.db, request.params.id);
    if (!row || (!user.isInternal && row.createdBy !== user.id)) throw notFound('File not found');
    const stream = await ctx.files.get(row.storageKey);
    return reply
      .type(row.contentType)
      .header('content-length', row.size)
      .header('content-disposition', contentDisposition(row.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
