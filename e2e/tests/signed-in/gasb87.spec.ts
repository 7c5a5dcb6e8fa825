import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { roleAccount } from '../../support/roles';

/**
 * Issue 24's journey: the controller (the finance demo user) opens the GASB 87 fiscal-year
 * roll-forward on the Reports page, opens a lease's schedule from its row, and downloads the
 * roll-forward as Excel: the workbook has the report's header, a row per lease on screen and a
 * Total row last.
 */
const HEADER = [
  'Agreement',
  'Company',
  'Beginning receivable',
  'Additions',
  'Reductions',
  'Ending receivable',
  'Interest revenue',
  'Lease revenue',
  'Beginning deferred inflow',
  'Ending deferred inflow',
];

test.describe('controller GASB 87 reports', () => {
  test.use({ storageState: roleAccount('finance').storageState });

  test('opens the fiscal-year roll-forward, a lease schedule, and downloads the roll-forward as Excel', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('list', { name: 'Home menu' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.getByLabel('Report Type').selectOption('gasb87-roll-forward');

    const fiscalYear = await page.getByLabel('Fiscal Year').inputValue();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^GASB 87 Roll-Forward, FY ${fiscalYear} \\(`) })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'GASB 87 roll-forward' });
    const totals = page.getByRole('group', { name: 'Totals' });
    await expect(totals).toContainText('Ending Receivable:');

    // The demo's leases: the first row opens its schedule (measurement history and payments).
    const firstLease = grid.getByRole('row').nth(1);
    const agreementNum = (await firstLease.getByRole('gridcell').first().textContent())?.trim() ?? '';
    expect(agreementNum).not.toBe('');
    await firstLease.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Lease schedule: ${agreementNum} `) });
    await expect(dialog.getByRole('group', { name: 'Lease accounting figures' })).toContainText('Discount rate:');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`gasb87-roll-forward-fy${fiscalYear}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    const leaseRow = sheet.getColumn(1).values.findIndex((v) => v === agreementNum);
    expect(leaseRow).toBeGreaterThan(1);
    expect(typeof sheet.getRow(leaseRow).getCell(6).value).toBe('number');
    const total = sheet.getRow(sheet.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    expect(typeof total.getCell(6).value).toBe('number');
  });
});
