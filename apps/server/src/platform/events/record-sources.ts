import type { TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { manySlot, type PluginScope } from '../plugins/registry';

/**
 * How a module lends its records to notices (`POST SendNotices`): `read` returns the record's
 * company and template fields from stored data when `user` may read it, and null otherwise (a
 * missing record and another company's record look the same: 404). Modules provide one source
 * per notice module name (`Invoices`, `Waitlist`, `Company`).
 */
export interface RecordSource {
  /** Whether `user` may read records of this kind at all (otherwise 403 before any record is looked up). */
  mayRead(user: TSessionUser): boolean;
  read(db: DbOrTx, user: TSessionUser, id: string): Promise<SourceRecord | null>;
}

export interface SourceRecord {
  /** How the record is named to a person: the Send Notice dialog, and its contacts' name. */
  label: string;
  /** The record's company: its users are among the allowed recipients. */
  companyId: string | null;
  /** Other e-mails that belong to the record itself (the company's contact e-mail, an applicant's e-mail). */
  contacts: string[];
  fields: Record<string, string | number | boolean | null>;
}

/** The source of each notice module name: `ctx.plugins.provide(recordSources, 'Invoices', {...})`. */
export const recordSources = manySlot<RecordSource>('events.record-sources');

export function findRecordSource(scope: PluginScope, module: string): RecordSource | null {
  return scope.plugins.byKey(recordSources, module) ?? null;
}
