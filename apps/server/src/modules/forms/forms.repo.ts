import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../platform/http/list-search';
import { formFiles, formVersions, forms, type FormFileRow, type FormRow, type FormVersionRow } from './forms.table';

export interface FormWithSchema {
  form: FormRow;
  version: FormVersionRow;
}

/** A form with one of its versions (the latest when `version` is not given), or null. */
export async function findFormVersion(db: DbOrTx, formId: string, version?: number): Promise<FormWithSchema | null> {
  const [row] = await db
    .select({ form: forms, version: formVersions })
    .from(forms)
    .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, version ?? forms.latestVersion)))
    .where(eq(forms.id, formId))
    .limit(1);
  return row ?? null;
}

export async function findFormForUpdate(db: DbOrTx, formId: string): Promise<FormRow | null> {
  const [row] = await db.select().from(forms).where(eq(forms.id, formId)).limit(1).for('update');
  return row ?? null;
}

export async function listForms(db: DbOrTx, query: { page: number; pageSize: number; q?: string }): Promise<{ rows: FormRow[]; total: number }> {
  const where = query.q ? sql`lower(${forms.name}) like ${containsPattern(query.q)}` : undefined;
  const rows = await db
    .select()
    .from(forms)
    .where(where)
    .orderBy(sql`lower(${forms.name})`, asc(forms.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ n: count() }).from(forms).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function insertForm(db: DbOrTx, values: { name: string; schema: Record<string, unknown>; createdBy: string | null }): Promise<FormWithSchema> {
  const [form] = await db.insert(forms).values({ name: values.name, latestVersion: 1, createdBy: values.createdBy }).returning();
  const [version] = await db.insert(formVersions).values({ formId: form!.id, version: 1, schema: values.schema, createdBy: values.createdBy }).returning();
  return { form: form!, version: version! };
}

/** A new version after the locked `current` one. */
export async function insertFormVersion(
  db: DbOrTx,
  current: FormRow,
  values: { name?: string; schema: Record<string, unknown>; createdBy: string | null },
): Promise<FormWithSchema> {
  const next = current.latestVersion + 1;
  const [version] = await db.insert(formVersions).values({ formId: current.id, version: next, schema: values.schema, createdBy: values.createdBy }).returning();
  const [form] = await db
    .update(forms)
    .set({ latestVersion: next, name: values.name ?? current.name, updatedAt: new Date() })
    .where(eq(forms.id, current.id))
    .returning();
  return { form: form!, version: version! };
}

export async function findFormByName(db: DbOrTx, name: string): Promise<FormRow | null> {
  const [row] = await db.select().from(forms).where(eq(forms.name, name)).limit(1);
  return row ?? null;
}

export async function insertFormFile(db: DbOrTx, values: typeof formFiles.$inferInsert): Promise<FormFileRow> {
  const [row] = await db.insert(formFiles).values(values).returning();
  return row!;
}

export async function findFormFile(db: DbOrTx, id: string): Promise<FormFileRow | null> {
  const [row] = await db.select().from(formFiles).where(eq(formFiles.id, id)).limit(1);
  return row ?? null;
}
