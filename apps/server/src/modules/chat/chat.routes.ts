import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChatAccessQuery, ZChatDocument, ZChatMessage, ZChatMessageCreate, ZChatMessagesQuery, ZChatThread, ZIdParams, ZId } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { cleanFileName, contentDisposition } from '../attachments/index';
import { createChatApplicantLookup } from '../waitlist/index';
import { isStaff, resolveChatCaller } from './chat.policy';
import { presentChatDocument, presentChatMessage } from './chat.presenter';
import * as repo from './chat.repo';
import * as service from './chat.service';

const tags = ['chat'];
/**
 * The chat's rule is the conversation's, not the route's: staff with the Waitlist module, or the
 * applicant by private-link token or by their signed-in e-mail (chat.policy.ts resolveChatCaller,
 * run in every handler before anything is read). The routes are therefore open at the door.
 */
const CONVERSATION = 'public' as const;
/** Writes from private-link visitors are public calls: limited per address (PRODUCT-RULES 19). */
const SEND_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const UPLOAD_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** 'Read' is sent when a conversation shows new messages: far fewer than one a second per address. */
const READ_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const ZDocumentParams = z.object({ id: ZId, docId: ZId });

export async function chatRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Prepared once for this app: every open chat polls these every few seconds.
  const findApplicant = createChatApplicantLookup(ctx.db);
  const readMessages = repo.createMessageReader(ctx.db);

  /** The conversation; `since` (the newest `createdAt` the client holds) returns only what is new. */
  app.get(
    '/api/Messages/:id',
    { config: { access: CONVERSATION }, schema: { tags, params: ZIdParams, querystring: ZChatMessagesQuery, response: { 200: ZChatThread } } },
    async (request, reply) => {
      const caller = await resolveChatCaller(findApplicant, request, request.params.id, request.query.token);
      const messages = await service.listMessages(readMessages, caller, request.query.since);
      reply.header('cache-control', 'private, no-store');
      return {
        applicantId: caller.applicant.id,
        applicantName: `${caller.applicant.firstName} ${caller.applicant.lastName}`.trim(),
        asStaff: isStaff(caller),
        messages: messages.map(presentChatMessage),
      };
    },
  );

  app.post(
    '/api/Messages/:id',
    {
      config: { access: CONVERSATION, rateLimit: SEND_RATE_LIMIT },
      schema: { tags, params: ZIdParams, querystring: ZChatAccessQuery, body: ZChatMessageCreate, response: { 201: ZChatMessage } },
    },
    async (request, reply) => {
      const caller = await resolveChatCaller(findApplicant, request, request.params.id, request.query.token);
      const message = await service.postMessage(ctx, caller, request.body);
      return reply.status(201).send(presentChatMessage(message));
    },
  );

  /** The caller has seen the other side's messages (clears the staff's unread badge). */
  app.post(
    '/api/Messages/:id/Read',
    { config: { access: CONVERSATION, rateLimit: READ_RATE_LIMIT }, schema: { tags, params: ZIdParams, querystring: ZChatAccessQuery, response: { 200: z.object({ marked: z.number().int() }) } } },
    async (request) => {
      const caller = await resolveChatCaller(findApplicant, request, request.params.id, request.query.token);
      return { marked: await service.markRead(ctx, caller) };
    },
  );

  /** Multipart `file`: a document for the next message (images, PDF, DOC, DOCX, at most 5 MB). */
  app.post(
    '/api/Messages/:id/Documents',
    {
      config: { access: CONVERSATION, rateLimit: UPLOAD_RATE_LIMIT },
      schema: { tags, params: ZIdParams, querystring: ZChatAccessQuery, consumes: ['multipart/form-data'], response: { 201: ZChatDocument } },
    },
    async (request, reply) => {
      const caller = await resolveChatCaller(findApplicant, request, request.params.id, request.query.token);
      if (!request.isMultipart()) throw fieldError('file', 'File is required');
      const part = await request.file();
      if (!part) throw fieldError('file', 'File is required');
      try {
        const row = await service.uploadDocument(ctx, caller, { stream: part.file, filename: cleanFileName(part.filename), truncated: () => part.file.truncated });
        return reply.status(201).send(presentChatDocument(row));
      } finally {
        part.file.resume();
      }
    },
  );

  /** A sent document, as the same file (name and bytes); never rendered inline. */
  app.get('/api/Messages/:id/Documents/:docId', { config: { access: CONVERSATION }, schema: { tags, params: ZDocumentParams, querystring: ZChatAccessQuery } }, async (request, reply) => {
    const caller = await resolveChatCaller(findApplicant, request, request.params.id, request.query.token);
    const row = await repo.findSentDocument(ctx.db, caller.applicant.id, request.params.docId);
    if (!row) throw notFound('Document not found');
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
