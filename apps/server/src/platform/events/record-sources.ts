import type { TSessionUser } from '@apron/core';
import type { Database, DbOrTx } from '../../db/client';

/**
 * How a module lends its records to notices (`POST SendNotices`): `read` returns the record's
 * company and template fields from stored data when `user` may read it, and null otherwise (a
 * missing record and another company's record look the same: 404). Modules register one source
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

const registries = new WeakMap<Database, Map<string, RecordSource>>();

export function registerRecordSource(scope: { database: Database }, module: string, source: RecordSource): void {
  let registry = registries.get(scope.database);
  if (!registry) {
    registry = new Map();
    registries.set(scope.database, registry);
  }
  registry.set(module, source);
}

export function findRecordSource(scope: { database: Database }, module: string): RecordSource | null {
  return registries.get(scope.database)?.get(module) ?? null;
}
