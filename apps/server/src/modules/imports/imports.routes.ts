import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_KINDS, IMPORT_MAX_BYTES } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { csvLine, presentBatch, templateCsv } from './imports.presenter';
import { batchErrors, findBatch, listBatches, previewFile, previewRows, startCommit, undoBatch, PREVIEW_ERRORS } from './imports.service';
import { importKind, isImportKind } from './kinds';

const tags = ['imports'];
const access = 'admin:Settings' as const;
const ZBatchParams = z.object({ batchId: z.string().uuid('Import not found') });
const ZKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });
const ZErrorsQuery = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(PREVIEW_ERRORS).default(100) });
const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into several files.`;

interface Upload {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/** The multipart upload: one file (at most IMPORT_MAX_BYTES) and its text fields, in any order. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw fieldError('file', 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') file = { bytes: await part.toBuffer(), fileName: part.filename || 'upload.csv' };
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string; statusCode?: number }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: number }).statusCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    throw error;
  }
  if (!file) throw fieldError('file', 'Choose a file');
  return { ...file, fields };
}

function parseMapping(text: string | undefined): Record<string, string> | null {
  if (!text) return null;
  const parsed = z.record(z.string(), z.string()).safeParse((() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  })());
  if (!parsed.success) throw fieldError('mapping', 'The mapping must be a JSON object { "file header": "column key" }');
  return parsed.data;
}

/** Settings -> Import (issue 23): upload and dry run, commit, status, errors, undo, templates. */
export async function importsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/Imports/Templates/:kind', { config: { access }, schema: { tags, params: ZKindParams } }, async (request, reply) => {
    const kind = importKind(request.params.kind);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind.kind}-template.csv"`)
      .send(templateCsv(kind.columns));
  });

  r.get('/api/Imports', { config: { access }, schema: { tags } }, async () => (await listBatches(ctx.db)).map(presentBatch));

  r.post('/api/Imports', { config: { access }, schema: { tags } }, async (request, reply) => {
    const upload = await readUpload(request);
    const kindName = upload.fields.kind ?? '';
    if (!isImportKind(kindName)) throw fieldError('kind', kindName ? `Unknown import kind "${kindName}"` : 'Choose what the file holds (kind)');
    const mapping = parseMapping(upload.fields.mapping);
    const user = request.user!;
    const batchId = await previewFile(ctx, kindName, { bytes: upload.bytes, fileName: upload.fileName, mapping, createdBy: { id: user.id, email: user.email } });
    let batch = await findBatch(ctx.db, batchId);
    // dryRun=false: commit straight away when the file has no errors.
    if (upload.fields.dryRun === 'false' && batch.errorCount === 0) batch = await startCommit(ctx, batchId);
    const errors = await batchErrors(ctx.db, batchId);
    return reply.status(200).send({ ...presentBatch(batch), rows: await previewRows(ctx.db, batchId), errors, errorsTotal: batch.errorCount });
  });

  r.get('/api/Imports/:batchId', { config: { access }, schema: { tags, params: ZBatchParams, querystring: ZErrorsQuery } }, async (request) => {
    const batch = await findBatch(ctx.db, request.params.batchId);
    const { page, pageSize } = request.query;
    return { ...presentBatch(batch), errors: await batchErrors(ctx.db, batch.id, (page - 1) * pageSize, pageSize), errorsTotal: batch.errorCount };
  });

  r.get('/api/Imports/:batchId/Errors.csv', { config: { access }, schema: { tags, params: ZBatchParams } }, async (request, reply) => {
    const batch = await findBatch(ctx.db, request.params.batchId);
    const errors = await batchErrors(ctx.db, batch.id, 0, Number.MAX_SAFE_INTEGER);
    const body = csvLine(['row', 'column', 'message']) + errors.map((error) => csvLine([String(error.row), error.column, error.message])).join('');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-errors-${batch.id}.csv"`)
      .send(body);
  });

  r.post('/api/Imports/:batchId/Commit', { config: { access }, schema: { tags, params: ZBatchParams } }, async (request, reply) => {
    const batch = await startCommit(ctx, request.params.batchId);
    return reply.status(202).send(presentBatch(batch));
  });

  r.delete('/api/Imports/:batchId', { config: { access }, schema: { tags, params: ZBatchParams } }, async (request) =>
    presentBatch(await undoBatch(ctx, request.params.batchId)),
  );
}
