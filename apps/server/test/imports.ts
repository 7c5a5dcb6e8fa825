import type { LightMyRequestResponse } from 'fastify';
import type { ImportKindName } from '@apron/core';
import type { Caller, TestApp } from './helpers';
import { multipart } from './multipart';

/**
 * Imports through HTTP (issue 23), for every kind's tests: upload a file (dry run), commit it and
 * wait for the job, undo it.
 */
export interface ImportOptions {
  /** false: commit straight away when the file has no errors (default: a dry run). */
  dryRun?: boolean;
  /** `{ fileHeader: columnKey }`: wins over the guess and the saved mapping, and is saved. */
  mapping?: Record<string, string>;
  /** Default `<kind>.csv` (or `.xlsx` for a Buffer that is a workbook). */
  fileName?: string;
  contentType?: string;
}

export interface ImportBatchBody {
  batchId: string;
  kind: string;
  status: 'previewed' | 'committing' | 'committed' | 'failed' | 'undone';
  fileName: string;
  headers: string[];
  mapping: Record<string, string>;
  rowCount: number;
  errorCount: number;
  progress: number;
  createdCount: number;
  updatedCount: number;
  error: string | null;
  errors: Array<{ row: number; column: string; message: string }>;
  errorsTotal: number;
}

export interface ImportPreviewBody extends ImportBatchBody {
  rows: Array<{ row: number; externalId: string; value: Record<string, unknown> }>;
}

/** A multipart/form-data body: text fields, then the file (`multipart`, with the file's name and type). */
export function multipartBody(fields: Record<string, string>, file: { name: string; content: string | Buffer; contentType?: string }): { payload: Buffer; headers: Record<string, string> } {
  const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
  return multipart(content, fields, file.name, file.contentType ?? 'application/octet-stream');
}

function isWorkbook(content: string | Buffer): boolean {
  return Buffer.isBuffer(content) && content[0] === 0x50 && content[1] === 0x4b;
}

/** `POST /api/Imports`: the preview (`res.json()` is an `ImportPreviewBody` on 200). */
export async function importFile(
  _t: TestApp,
  caller: Caller,
  kind: ImportKindName | string,
  content: string | Buffer,
  options: ImportOptions = {},
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = { kind, dryRun: String(options.dryRun ?? true) };
  if (options.mapping) fields.mapping = JSON.stringify(options.mapping);
  const name = options.fileName ?? `${kind}.${isWorkbook(content) ? 'xlsx' : 'csv'}`;
  const { payload, headers } = multipartBody(fields, { name, content, contentType: options.contentType });
  return caller.request({ method: 'POST', url: '/api/Imports', payload, headers });
}

/** Polls the batch until its commit job is done (the job system is started on first use). */
export async function waitForImport(t: TestApp, caller: Caller, batchId: string, timeoutMs = 60_000): Promise<ImportBatchBody> {
  if (!t.app.jobs.started) await t.app.jobs.start();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await caller.request({ method: 'GET', url: `/api/Imports/${batchId}` });
    const body = res.json() as ImportBatchBody;
    if (res.statusCode !== 200 || body.status !== 'committing') return body;
    if (Date.now() > until) throw new Error(`import ${batchId} still committing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `POST /api/Imports/{batchId}/Commit`, then waits for the job: the batch as it ends (`committed` or `failed`). */
export async function commitImport(t: TestApp, caller: Caller, batchId: string): Promise<ImportBatchBody> {
  const res = await caller.request({ method: 'POST', url: `/api/Imports/${batchId}/Commit` });
  if (res.statusCode !== 202) throw new Error(`commit answered ${res.statusCode}: ${res.body}`);
  return waitForImport(t, caller, batchId);
}

/** A dry run that must be clean, then its commit: the committed batch. */
export async function importAndCommit(t: TestApp, caller: Caller, kind: ImportKindName | string, content: string | Buffer, options: ImportOptions = {}): Promise<ImportBatchBody> {
  const res = await importFile(t, caller, kind, content, options);
  const preview = res.json() as ImportPreviewBody;
  if (res.statusCode !== 200 || preview.errorCount > 0) throw new Error(`dry run answered ${res.statusCode}: ${JSON.stringify({ ...preview, rows: undefined }).slice(0, 3000)}`);
  return commitImport(t, caller, preview.batchId);
}

/** `DELETE /api/Imports/{batchId}`. */
export function undoImport(caller: Caller, batchId: string): Promise<LightMyRequestResponse> {
  return caller.request({ method: 'DELETE', url: `/api/Imports/${batchId}` });
}
