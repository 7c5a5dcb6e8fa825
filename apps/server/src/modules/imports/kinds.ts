import type { ImportKindName } from '@apron/core';
import { AppError } from '../../platform/errors/app-error';
import type { ImportKind } from '../../platform/imports/kind';
import { createAgreementsImport, insurancesImportKind } from '../agreements/index';
import { assetsImportKind } from '../assets/index';
import { balancesImport, invoicesImport } from '../balances/index';
import { companiesImportKind } from '../companies/index';
import { findInvoicedAgreementIds } from '../invoices/index';
import { propertiesImport } from '../properties/index';
import { applicantsImport } from '../waitlist/index';

/**
 * The kinds the engine imports: kind name -> the owning module's `ImportKind` (each exported by
 * its module's door). A kind's engineer adds one line here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own row type
const KINDS: Record<ImportKindName, ImportKind<any>> = {
  properties: propertiesImport,
  assets: assetsImportKind,
  balances: balancesImport,
  invoices: invoicesImport,
  companies: companiesImportKind,
  insurances: insurancesImportKind,
  // Undo is refused once invoices name an imported agreement: the invoices module knows (agreements cannot import it: a cycle).
  agreements: createAgreementsImport({ invoicedAgreementIds: findInvoicedAgreementIds }),
  applicants: applicantsImport,
};

export function isImportKind(name: string): name is ImportKindName {
  return Object.hasOwn(KINDS, name);
}

export function importKind(name: string): ImportKind {
  const kind = isImportKind(name) ? KINDS[name] : undefined;
  if (!kind) throw new AppError('VALIDATION', `Unknown import kind "${name}"`, { kind: `Unknown import kind "${name}"` });
  return kind as ImportKind;
}

export function importKindNames(): ImportKindName[] {
  return Object.keys(KINDS) as ImportKindName[];
}
