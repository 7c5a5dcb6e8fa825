import type { TForm, TFormFile, TFormListRow } from '@apron/core';
import type { FormWithSchema } from './forms.repo';
import type { FormFileRow, FormRow } from './forms.table';

export function presentForm({ form, version }: FormWithSchema): TForm {
  return {
    _id: form.id,
    name: form.name,
    version: version.version,
    latestVersion: form.latestVersion,
    schema: version.schema,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

export function presentFormListRow(form: FormRow): TFormListRow {
  return { _id: form.id, name: form.name, version: form.latestVersion, updatedAt: form.updatedAt.toISOString() };
}

export function presentFormFile(row: FormFileRow): TFormFile {
  return { _id: row.id, name: row.name, contentType: row.contentType, size: row.size };
}

/** `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return cleaned || 'file';
}
