import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  checkAnswers, FORM_FILE_MIME_TYPES, FORM_LIMITS, FORM_MESSAGES, UNSUPPORTED_FORM_FILE_MESSAGE,
  type TFormAnswers, type TFormCreate, type TFormSchema, type TFormUpdate, type TSessionUser,
} from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import { sniffDocumentType } from '../../platform/files/index';
import * as repo from './forms.repo';
import type { FormFileRow } from './forms.table';

type Actor = AuditActor & { user: TSessionUser };

export async function createForm(tx: Tx, actor: Actor, input: TFormCreate): Promise<repo.FormWithSchema> {
  const created = await repo.insertForm(tx, { name: input.name, schema: input.schema as Record<string, unknown>, createdBy: actor.user.id });
  await recordAudit(tx, actor, { action: 'create', entity: 'form', entityId: created.form.id, after: { name: created.form.name, version: 1 } });
  return created;
}

/** Every save is a new version; answers given on an older one keep theirs. */
export async function updateForm(tx: Tx, actor: Actor, formId: string, input: TFormUpdate): Promise<repo.FormWithSchema> {
  const current = await repo.findFormForUpdate(tx, formId);
  if (!current) throw notFound(FORM_MESSAGES.notFound);
  const saved = await repo.insertFormVersion(tx, current, { name: input.name, schema: input.schema as Record<string, unknown>, createdBy: actor.user.id });
  await recordAudit(tx, actor, {
    action: 'update',
    entity: 'form',
    entityId: formId,
    before: { name: current.name, version: current.latestVersion },
    after: { name: saved.form.name, version: saved.form.latestVersion },
  });
  return saved;
}

/** The schema of a form at a version (latest when not given), or null. For other modules. */
export async function getFormVersion(db: DbOrTx, formId: string, version?: number): Promise<{ formId: string; name: string; version: number; latestVersion: number; schema: TFormSchema } | null> {
  const found = await repo.findFormVersion(db, formId, version);
  if (!found) return null;
  return { formId, name: found.form.name, version: found.version.version, latestVersion: found.form.latestVersion, schema: found.version.schema as unknown as TFormSchema };
}

/**
 * Check answers against the stored schema of `formId` at `version`; a refusal is a 400 naming
 * each field (`{ errors: { lightStatus: 'Light Status is required' } }`). Returns the answers of
 * the schema's fields only. `partial` (a save while In Progress) skips the required check.
 */
export async function validateAnswers(
  db: DbOrTx,
  formId: string,
  version: number,
  answers: TFormAnswers,
  options: { partial?: boolean } = {},
): Promise<TFormAnswers> {
  const form = await getFormVersion(db, formId, version);
  if (!form) throw notFound(FORM_MESSAGES.notFound);
  const checked = checkAnswers(form.schema, answers, options);
  const fields = Object.keys(checked.errors);
  if (fields.length) throw new AppError('VALIDATION', checked.errors[fields[0]!]!, checked.errors);
  return checked.answers;
}

/** Forms/uploadfile: stream to storage, judge by content, keep images and PDFs up to 5 MB. */
export async function uploadFormFile(
  ctx: AppContext,
  actor: Actor,
  file: { stream: Readable; filename: string; truncated(): boolean },
): Promise<FormFileRow> {
  const storageKey = `forms/${randomUUID()}`;
  const { size } = await ctx.files.put(storageKey, file.stream, 'application/octet-stream');
  try {
    if (file.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', FORM_LIMITS.tooLargeMessage);
    const contentType = await sniffDocumentType(await ctx.files.get(storageKey));
    if (!contentType || !(FORM_FILE_MIME_TYPES as readonly string[]).includes(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_FORM_FILE_MESSAGE);
    return await ctx.db.transaction(async (tx) => {
      const row = await repo.insertFormFile(tx, { name: file.filename, contentType, size, storageKey, createdBy: actor.user.id, createdByEmail: actor.user.email });
      await recordAudit(tx, actor, { action: 'create', entity: 'form_file', entityId: row.id, after: { name: row.name, contentType, size } });
      return row;
    });
  } catch (error) {
    await ctx.files.delete(storageKey).catch((e: unknown) => ctx.log.warn({ err: e, storageKey }, 'could not remove a refused form upload'));
    throw error;
  }
}
