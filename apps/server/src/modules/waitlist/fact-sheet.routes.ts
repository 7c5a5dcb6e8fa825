import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FACT_SHEET_LIMITS, WAITLIST_MESSAGES, ZMessage } from '@apron/core';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { sniffDocumentType } from '../../platform/files/index';
import * as repo from './waitlist.repo';

const tags = ['waitlist'];

/** A file name safe for a header and the record: the last path part, printable, at most 120 characters. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').trim().slice(0, 120);
  return clean || 'fact-sheet.pdf';
}

/**
 * Settings > Property FactSheet (spec doc 2 §7 `POST factsheet`): a PDF of at most 5 MB, judged
 * by its bytes (a renamed image is refused); the newest upload is the one `GET /api/factsheet`
 * serves to everybody (the Join Waitlist dialog's 'Property Fact Sheet').
 */
export async function factSheetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/factsheet',
    { config: { access: 'admin:Settings' }, schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZMessage } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw fieldError('file', 'File is required');
      const part = await request.file({ limits: { fileSize: FACT_SHEET_LIMITS.maxBytes } });
      if (!part) throw fieldError('file', 'File is required');
      const storageKey = `factsheets/${randomUUID()}`;
      try {
        const { size } = await ctx.files.put(storageKey, part.file, 'application/pdf');
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', FACT_SHEET_LIMITS.tooLargeMessage);
        if ((await sniffDocumentType(await ctx.files.get(storageKey))) !== FACT_SHEET_LIMITS.mimeType) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', WAITLIST_MESSAGES.factSheetPdfOnly);
        }
        await ctx.db.transaction(async (tx) => {
          const row = await repo.insertFactSheet(tx, { name: cleanName(part.filename), size, storageKey, createdBy: request.user!.id });
          await recordAudit(tx, actorOf(request), { action: 'create', entity: 'factSheet', entityId: row.id, after: { name: row.name, size } });
        });
      } catch (error) {
        part.file.resume();
        await ctx.files.delete(storageKey).catch(() => undefined);
        throw error;
      }
      return reply.status(201).send({ message: WAITLIST_MESSAGES.factSheetUploaded });
    },
  );

  /** The current fact sheet, for everybody; shown in the browser's PDF viewer. */
  r.get('/api/factsheet', { config: { access: 'public' }, schema: { tags } }, async (_request, reply) => {
    const sheet = await repo.currentFactSheet(ctx.db);
    if (!sheet) throw notFound(WAITLIST_MESSAGES.noFactSheet);
    return reply
      .type('application/pdf')
      .header('content-length', sheet.size)
      .header('content-disposition', `inline; filename="${sheet.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .send(await ctx.files.get(sheet.storageKey));
  });
}
