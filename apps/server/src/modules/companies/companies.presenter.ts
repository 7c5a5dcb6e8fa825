import type { TCompany, TCompanyGridRow, TCompanyStatus, TCompanyUser, TSessionUser } from '@apron/core';
import type { AccountRow } from '../accounts/index';
import { companyAbilities } from './companies.policy';
import type { CompanyRow } from './companies.table';

/** Rows -> the spec's JSON names (`contactname`, `contactphone`, `_id`). */
export function presentCompany(row: CompanyRow, user: TSessionUser | null): TCompany {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    email: row.email,
    phone: row.phone,
    contactname: row.contactName,
    contactphone: row.contactPhone,
    isPaperless: row.isPaperless,
    status: row.status as TCompanyStatus,
    abilities: companyAbilities(user),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCompanyGridRow(row: CompanyRow): TCompanyGridRow {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    email: row.email,
    phone: row.phone,
    contactname: row.contactName,
    contactphone: row.contactPhone,
    status: row.status as TCompanyStatus,
  };
}

/** `actsForOtherCompanies`: the account also acts for another company (accountsWithOtherCompanies). */
export function presentCompanyUser(row: AccountRow, actsForOtherCompanies: boolean): TCompanyUser {
  return {
    _id: row.id,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    enabled: row.enabled,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    actsForOtherCompanies,
  };
}

/** Audit snapshot (no ids, no timestamps). */
export function auditCompany(row: CompanyRow): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = row;
  return fields;
}
