import type { ImportColumn, ImportKindName } from './contract';
import { AGREEMENT_IMPORT_COLUMNS } from './agreements';
import { APPLICANT_IMPORT_COLUMNS } from './applicants';
import { ASSET_IMPORT_COLUMNS } from './assets';
import { BALANCE_IMPORT_COLUMNS } from './balances';
import { COMPANY_IMPORT_COLUMNS } from './companies';
import { INSURANCE_IMPORT_COLUMNS } from './insurances';
import { INVOICE_IMPORT_COLUMNS } from './invoices';
import { PROPERTY_IMPORT_COLUMNS } from './properties';

/**
 * Each kind's template columns by kind name: what the web's mapping screen is drawn from (Settings ->
 * Import), so a new kind needs no page code, only its line here (the type makes the line required).
 */
export const IMPORT_COLUMNS: Record<ImportKindName, readonly ImportColumn[]> = {
  properties: PROPERTY_IMPORT_COLUMNS,
  companies: COMPANY_IMPORT_COLUMNS,
  agreements: AGREEMENT_IMPORT_COLUMNS,
  insurances: INSURANCE_IMPORT_COLUMNS,
  balances: BALANCE_IMPORT_COLUMNS,
  invoices: INVOICE_IMPORT_COLUMNS,
  assets: ASSET_IMPORT_COLUMNS,
  applicants: APPLICANT_IMPORT_COLUMNS,
};
