import type { ImportIssue } from '@apron/core/imports';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE } from '../../test/fetch-stub';
import type { TImportBatch, TImportPreview } from './api/types';

/* Answers of the import API for the page's tests (the shapes of apps/server/src/modules/imports). */

export const BATCH_ID = '7d1f5c2a-3b4e-4c6d-8e9f-0a1b2c3d4e5f';

export function buildBatch(overrides: Partial<TImportBatch> = {}): TImportBatch {
  return {
    batchId: BATCH_ID,
    kind: 'properties',
    status: 'previewed',
    fileName: 'hangars.csv',
    headers: ['Ref', 'Hangar', 'Kind', 'Zone', 'Notes', 'Street', 'Monthly Rent'],
    mapping: { Ref: 'externalId', Hangar: 'name', Kind: 'propertyType', Zone: 'area', Notes: 'description', Street: 'address', 'Monthly Rent': 'rent' },
    rowCount: 3,
    errorCount: 0,
    progress: 0,
    createdCount: 0,
    updatedCount: 0,
    error: null,
    createdBy: 'pat.staff@apron.test',
    createdAt: '2026-11-27T09:00:00.000Z',
    committedAt: null,
    undoneAt: null,
    ...overrides,
  };
}

export function buildPreview(overrides: Partial<TImportPreview> = {}): TImportPreview {
  return {
    ...buildBatch(),
    errors: [],
    errorsTotal: 0,
    rows: [
      { row: 2, externalId: 'OLD-1', value: { externalId: 'OLD-1', name: 'Hangar A-1', propertyType: 'T-Hangar', area: 'North Apron', description: 'Heated', address: '1 Airport Rd', rent: 450 } },
      { row: 3, externalId: 'OLD-2', value: { externalId: 'OLD-2', name: 'Hangar A-2', propertyType: 'T-Hangar', area: 'North Apron', description: 'Heated', address: '2 Airport Rd', rent: 475.5 } },
    ],
    ...overrides,
  };
}

/** `count` errors on rows 2, 3, ...: a missing rent each. */
export function rentErrors(count: number, firstRow = 2): ImportIssue[] {
  return Array.from({ length: count }, (_, index) => ({ row: firstRow + index, column: 'rent', message: 'Rent is required' }));
}

/** A signed-in Settings admin, an empty history unless given, and the CSRF token. */
export function importRoutes(history: TImportBatch[] = []) {
  return {
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Imports': { body: history, headers: { 'X-Total-Count': String(history.length) } },
  };
}

/** A CSV file the picker accepts. */
export function csvFile(name = 'hangars.csv'): File {
  return new File(['Ref,Hangar\nOLD-1,Hangar A-1\n'], name, { type: 'text/csv' });
}
