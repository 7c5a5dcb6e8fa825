import { COMPANY_IMPORT_COLUMNS, ZCompanyImportRow, type ImportIssue, type TCompanyImportRow } from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { refuseIssuesFoundAtCommit } from '../../platform/imports/refuse';
import {
  deleteCompanyUsers, findAccountsByEmails, findUsedCompanyUsers, insertCompanyUsers, linkCompanyUsers, listUsersOfCompanies, unlinkCompanyUsers,
  type CompanyUserLink, type NewCompanyUser,
} from '../accounts/index';
import { auditCompany } from './companies.presenter';
import { findCompaniesByIds } from './companies.repo';
import type { CompanyRow } from './companies.table';
import {
  COMPANY_IMPORT_FIELDS, deleteCompanies, findCompaniesByImportKeys, insertImportedCompanies, listCompaniesPage, updateImportedCompanies, type CompanyImportValues,
} from './companies-import.repo';
import { companyDependentsOf } from './company-dependents';

/**
 * Import kind `companies` (issue 23): owners with their portal users, one row per company.
 *
 * - A company is created as Add Owner creates it, or updated when its external id is known and a
 *   value changed. No "Company Created" event is published: an import brings existing owners over,
 *   and a notification rule on new companies would e-mail for every row (docs/import.md).
 * - Users are external accounts of the company without a password and without an invitation: an
 *   import sends no e-mail. (The product has no "Forgot password" or "resend invitation" yet: until it
 *   does, such a user signs in only through an external identity provider, which links by e-mail.)
 *   A user listed again is left as is; a user missing from the list is not removed. A person who is a
 *   company user at another airport is linked to the company here (one sign-in, as Add User does).
 * - Undo deletes the companies and users the batch created and puts back what it changed; it is
 *   refused while a created company has records since (agreements, invoices ...) or a created user
 *   has set a password or signed in.
 */

const ACCOUNT = 'account';
const COMPANY = 'company';
/** An existing person (a company user at another airport) the batch linked to a company here. */
const COMPANY_USER_LINK = 'companyUserLink';

function valuesOf(row: TCompanyImportRow): CompanyImportValues {
  return {
    name: row.name,
    description: row.description,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    email: row.email,
    phone: row.phone,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    isPaperless: row.isPaperless,
    status: row.status,
  };
}

const isChanged = (current: CompanyRow, next: CompanyImportValues) => COMPANY_IMPORT_FIELDS.some((field) => (current[field] ?? null) !== (next[field] ?? null));

/**
 * Who already holds each e-mail of the batch: nobody (a new user), this row's own company (left as
 * is), a company user of another airport only (linked: one sign-in serves their companies at several
 * airports, as Add User does), or someone else (refused by row).
 */
async function emailConflicts(db: DbOrTx, rows: readonly StagedRow<TCompanyImportRow>[], ownCompanyOf: (row: StagedRow<TCompanyImportRow>) => string | null): Promise<ImportIssue[]> {
  const accounts = await findAccountsByEmails(db, rows.flatMap((r) => r.value.users.map((u) => u.email)));
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const companiesHere = await findCompaniesByIds(db, accounts.flatMap((a) => (a.companyHere ? [a.companyHere] : [])));
  const firstRowOf = new Map<string, number>();
  const issues: ImportIssue[] = [];
  for (const row of rows) {
    const refuse = (message: string) => issues.push({ row: row.row, column: 'userEmails', message });
    for (const { email } of row.value.users) {
      const earlier = firstRowOf.get(email);
      if (earlier !== undefined) {
        refuse(`${email} is also a user on row ${earlier}: a person is a user of one company at an airport`);
        continue;
      }
      firstRowOf.set(email, row.row);
      const account = byEmail.get(email);
      if (!account || (account.companyHere && account.companyHere === ownCompanyOf(row))) continue;
      if (account.isInternal) refuse(`${email} is the e-mail of a staff account`);
      else if (!account.isCompanyUser) refuse(`${email} is the e-mail of an existing account (an inspector or contractor)`);
      else if (account.companyHere) refuse(`${email} is already a user of ${companiesHere.get(account.companyHere)?.name ?? 'another company'}`);
    }
  }
  return issues;
}

async function check(db: DbOrTx, rows: readonly StagedRow<TCompanyImportRow>[]): Promise<ImportIssue[]> {
  const known = await findCompaniesByImportKeys(db, rows.map((r) => r.externalId));
  return emailConflicts(db, rows, (row) => known.get(row.externalId)?.id ?? null);
}

/**
 * The users of the chunk to create (no account has the e-mail) and to link (a company user of another
 * airport); an e-mail held by someone else since the dry run stops the batch.
 */
async function usersOfChunk(tx: Tx, rows: readonly StagedRow<TCompanyImportRow>[], companyOf: Map<string, CompanyRow>): Promise<{ create: NewCompanyUser[]; link: CompanyUserLink[] }> {
  const conflicts = await emailConflicts(tx, rows, (row) => companyOf.get(row.externalId)!.id);
  refuseIssuesFoundAtCommit(conflicts);
  const existing = new Map((await findAccountsByEmails(tx, rows.flatMap((r) => r.value.users.map((u) => u.email)))).map((a) => [a.email.toLowerCase(), a]));
  const create: NewCompanyUser[] = [];
  const link: CompanyUserLink[] = [];
  for (const row of rows) {
    const companyId = companyOf.get(row.externalId)!.id;
    for (const user of row.value.users) {
      const account = existing.get(user.email);
      if (!account) create.push({ ...user, companyId });
      else if (!account.companyHere) link.push({ accountId: account.id, companyId });
    }
  }
  return { create, link };
}

async function commit(tx: Tx, rows: readonly StagedRow<TCompanyImportRow>[], ctx: Parameters<ImportKind['commit']>[2]): Promise<void> {
  const known = await findCompaniesByImportKeys(tx, rows.map((r) => r.externalId), true);
  const fresh = rows.filter((r) => !known.has(r.externalId));
  const changed = rows.filter((r) => known.has(r.externalId) && isChanged(known.get(r.externalId)!, valuesOf(r.value)));

  const created = await insertImportedCompanies(tx, fresh.map((r) => ({ ...valuesOf(r.value), externalId: r.externalId })));
  const updated = await updateImportedCompanies(tx, changed.map((r) => ({ ...valuesOf(r.value), id: known.get(r.externalId)!.id })));
  const companyOf = new Map<string, CompanyRow>(known);
  for (const row of created) companyOf.set(row.externalId!, row);

  const { create, link } = await usersOfChunk(tx, rows, companyOf);
  const users = await insertCompanyUsers(tx, create);
  await linkCompanyUsers(tx, link);
  const updatedById = new Map(updated.map((row) => [row.id, row]));
  const tracked: TrackedRecord[] = [
    ...created.map((row): TrackedRecord => ({ entity: COMPANY, id: row.id, action: 'created', after: auditCompany(row) })),
    ...changed.map((r): TrackedRecord => {
      const before = known.get(r.externalId)!;
      return { entity: COMPANY, id: before.id, action: 'updated', before: auditCompany(before), after: auditCompany(updatedById.get(before.id)!) };
    }),
    ...users.map((u): TrackedRecord => ({
      entity: ACCOUNT, id: u.id, action: 'created', after: { email: u.email, givenName: u.givenName, familyName: u.familyName, companyId: u.companyId, isInternal: false },
    })),
    ...link.map((l): TrackedRecord => ({ entity: COMPANY_USER_LINK, id: l.accountId, action: 'created', after: { accountId: l.accountId, companyId: l.companyId } })),
  ];
  if (tracked.length > 0) await ctx.track(tx, tracked);
}

const idsOf = (records: readonly TrackedRecord[], entity: string, action: TrackedRecord['action']) =>
  records.filter((r) => r.entity === entity && r.action === action).map((r) => r.id);

async function blockedUndo(db: DbOrTx, records: readonly TrackedRecord[]): Promise<string | null> {
  const used = await findUsedCompanyUsers(db, idsOf(records, ACCOUNT, 'created'));
  if (used.length > 0) return `Users created by this import have set a password or signed in since: ${used.slice(0, 5).join(', ')}${used.length > 5 ? ' ...' : ''}`;
  const dependents = await companyDependentsOf(db, idsOf(records, COMPANY, 'created'), idsOf(records, ACCOUNT, 'created'));
  return dependents ? `${dependents.companyName} has ${dependents.what} since the import: undoing would lose them` : null;
}

/** `before` is an audit snapshot (auditCompany): its columns, camelCase. */
function restoredValues(record: TrackedRecord): CompanyImportValues & { id: string; externalId: string | null } {
  const before = record.before as Record<string, unknown>;
  const pick = Object.fromEntries(COMPANY_IMPORT_FIELDS.map((field) => [field, before[field] ?? null])) as unknown as CompanyImportValues;
  return { ...pick, id: record.id, externalId: (before.externalId as string | null | undefined) ?? null };
}

async function undo(tx: Tx, records: readonly TrackedRecord[]): Promise<void> {
  await unlinkCompanyUsers(tx, records.filter((r) => r.entity === COMPANY_USER_LINK).map((r) => r.after as unknown as CompanyUserLink));
  await deleteCompanyUsers(tx, idsOf(records, ACCOUNT, 'created'));
  await deleteCompanies(tx, idsOf(records, COMPANY, 'created'));
  await updateImportedCompanies(tx, records.filter((r) => r.entity === COMPANY && r.action === 'updated' && r.before).map(restoredValues));
}

const EXPORT_PAGE = 500;

/** The airport's companies in the template's columns; a company without an external id exports its id. */
async function* exportRows(db: Db): AsyncIterable<Record<string, string>> {
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const page = await listCompaniesPage(db, after, EXPORT_PAGE);
    if (page.length === 0) return;
    const usersOf = new Map<string | null, Array<{ email: string; givenName: string; familyName: string }>>();
    for (const user of await listUsersOfCompanies(db, page.map((c) => c.id))) {
      const list = usersOf.get(user.companyId) ?? [];
      list.push(user);
      usersOf.set(user.companyId, list);
    }
    for (const company of page) {
      const own = usersOf.get(company.id) ?? [];
      yield {
        externalId: company.externalId ?? company.id,
        name: company.name,
        description: company.description,
        address1: company.address1,
        address2: company.address2,
        city: company.city,
        state: company.state,
        zip: company.zip ?? '',
        email: company.email,
        phone: company.phone,
        contactName: company.contactName,
        contactPhone: company.contactPhone,
        isPaperless: company.isPaperless ? 'yes' : 'no',
        status: company.status,
        userEmails: own.map((u) => u.email).join(';'),
        userNames: own.map((u) => `${u.givenName} ${u.familyName}`.trim()).join(';'),
      };
    }
    const last = page[page.length - 1]!;
    after = { name: last.name, id: last.id };
  }
}

export const companiesImportKind: ImportKind<TCompanyImportRow> = {
  kind: 'companies',
  columns: COMPANY_IMPORT_COLUMNS,
  schema: ZCompanyImportRow,
  check,
  commit,
  blockedUndo,
  undo,
  exportRows,
};
