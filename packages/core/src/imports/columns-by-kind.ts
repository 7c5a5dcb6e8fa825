import type { ImportColumn, ImportKindName } from './contract';
import { AGREEMENT_IMPORT_COLUMNS } from './agreements';
import { APPLICANT_IMPORT_COLUMNS } from './applicants';
import { PROPERTY_IMPORT_COLUMNS } from './properties';

/**
 * Each kind's template columns by kind name: what the web's mapping screen is drawn from (Settings ->
 * Import), so a new kind needs no page code, only its line here. A kind not listed yet still imports;
 * the page then names its columns by key.
 */
export const IMPORT_COLUMNS: Partial<Record<ImportKindName, readonly ImportColumn[]>> = {
  properties: PROPERTY_IMPORT_COLUMNS,
  agreements: AGREEMENT_IMPORT_COLUMNS,
  applicants: APPLICANT_IMPORT_COLUMNS,
};
