import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AGREEMENT_IMPORT_COLUMNS } from '@apron/core';
import { roleAccount } from '../../support/roles';

/**
 * Issue 23's journey: a clerk imports 200 agreements from an .xlsx, fixes two rows reported by the
 * dry run, commits, and finds them in the grid. Settings -> Import is for Settings admins, so the
 * demo administrator runs it. The 200 leases need 200 free spaces: the setup imports them first,
 * through the same API (the properties kind), as tie-downs nobody leases in the demo.
 */
const COUNT = 200;
const COMPANY = 'Sierra Skies Aviation';

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/CSRF')).json()) as { csrfToken: string }).csrfToken;
}

/** Imports `COUNT` tie-downs through `POST /api/Imports` (committed straight away) and waits for the job. */
async function importSpaces(request: APIRequestContext, names: string[]): Promise<void> {
  const header = 'externalId,name,propertyType,area,description,address,rent,status,attributes';
  const lines = names.map((name, i) => `E2E-SPACE-${name},${name},Tie-Down,South Ramp,Imported tie-down,South Ramp spot ${i + 100},95.00,Active,Surface=Paved`);
  const response = await request.post('/api/Imports', {
    headers: { 'X-CSRF-Token': await csrf(request) },
    multipart: { kind: 'properties', dryRun: 'false', file: { name: 'spaces.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\r\n')) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { batchId, errorCount } = (await response.json()) as { batchId: string; errorCount: number };
  expect(errorCount).toBe(0);
  await expect.poll(async () => ((await (await request.get(`/api/Imports/${batchId}`)).json()) as { status: string }).status, { timeout: 60_000 }).toBe('committed');
}

/** The clerk's workbook: a header row of the template's columns, then one lease per space; real Excel dates. */
async function workbook(numbers: string[], spaces: string[], fix: (row: Record<string, unknown>, i: number) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Leases');
  sheet.addRow(AGREEMENT_IMPORT_COLUMNS.map((c) => c.label));
  numbers.forEach((number, i) => {
    const row: Record<string, unknown> = {
      externalId: number, agreementNum: number, company: COMPANY, properties: spaces[i], startDate: new Date(Date.UTC(2026, 0, 1)),
      endDate: new Date(Date.UTC(2028, 11, 31)), invoiceCycle: 'Monthly', rentAdjustmentType: 'CPI annual adjustment',
      adjustmentDate: new Date(Date.UTC(2027, 0, 1)), adjustmentFreq: 12, rent: 95, deposit: 190,
    };
    fix(row, i);
    sheet.addRow(AGREEMENT_IMPORT_COLUMNS.map((c) => row[c.key] ?? null));
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.describe('finance work in Settings -> Import', () => {
  test.use({ storageState: roleAccount('admin').storageState });
  test.setTimeout(240_000);

  test('a clerk imports 200 agreements from an .xlsx, fixes two rows reported by the dry run, commits, and finds them in the grid', async ({ page }) => {
    const stamp = Date.now();
    const spaces = Array.from({ length: COUNT }, (_, i) => `E2E Tie-Down ${stamp}-${String(i + 1).padStart(3, '0')}`);
    const numbers = spaces.map((_, i) => `E2E-${stamp}-${String(i + 1).padStart(3, '0')}`);
    await importSpaces(page.request, spaces);

    // Two mistakes as they happen: a misspelt company and an invoice cycle that does not exist.
    const withMistakes = await workbook(numbers, spaces, (row, i) => {
      if (i === 9) row.company = 'Sierra Skys Aviation';
      if (i === 149) row.invoiceCycle = 'Montly';
    });

    await page.goto('/settings/import');
    const agreementsKind = page.getByRole('radio', { name: /^Agreements/ });
    // The label's text, as a person clicks it; a busy two-core machine can take a while to answer the first click.
    await page.getByText('Agreements', { exact: true }).click({ timeout: 60_000 });
    await expect(agreementsKind).toBeChecked();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'leases.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: withMistakes });

    // The dry run names both rows (the file's lines: the header is line 1) and writes nothing.
    const errors = page.getByRole('grid', { name: 'Errors' });
    await expect(errors.getByText('No company is named "Sierra Skys Aviation"')).toBeVisible({ timeout: 60_000 });
    await expect(errors.getByText('No invoice cycle is named "Montly" (Settings, Invoice Cycles)')).toBeVisible();
    await expect(errors.getByRole('row')).toHaveCount(3); // the header and two errors
    await expect(errors.getByRole('gridcell', { name: '11', exact: true })).toBeVisible();
    await expect(errors.getByRole('gridcell', { name: '151', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import .* agreements$/ })).toBeDisabled();

    // The clerk fixes the two rows in the workbook and uploads it again.
    const fixed = await workbook(numbers, spaces, () => {});
    await page.getByLabel('Choose a file').setInputFiles({ name: 'leases-fixed.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fixed });
    await expect(page.getByText('No errors: every row can be imported.')).toBeVisible({ timeout: 60_000 });

    await page.getByRole('button', { name: /^Import 200 rows of agreements$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('leases-fixed.xlsx is imported.')).toBeVisible({ timeout: 120_000 });

    // In the Lease Agreements grid: the fixed rows are there with the rest.
    await page.getByRole('link', { name: 'Open the lease agreements' }).click();
    await expect(page).toHaveURL(/\/agreements/);
    for (const number of [numbers[9]!, numbers[149]!]) {
      await page.getByLabel('Search').fill(number);
      await expect(page.getByRole('grid').getByText(number, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Search').fill(`E2E-${stamp}-`);
    await expect(page.getByText(/of 200$/)).toBeVisible();
  });
});
