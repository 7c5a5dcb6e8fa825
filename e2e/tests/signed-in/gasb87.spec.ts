import { expect, request as playwrightRequest, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fiscalYearOf, SYSTEM_SETTINGS, type TAgreement } from '@apron/core';
import { BASE_URL } from '../../support/env';
import { roleAccount } from '../../support/roles';

/**
 * Issue 24's journey: the controller (the finance demo user) opens the GASB 87 fiscal-year
 * roll-forward on the Reports page, opens a lease's schedule from its row, and downloads the
 * roll-forward as Excel: the workbook has the report's header, the lease's row and a Total row last.
 *
 * First the airport's administrator sets a discount rate on a demo lease that has rent and an end
 * date (through the API): the change remeasures it at once, so the journey knows a lease that the
 * current fiscal year's roll-forward lists (the demo measures all of its leases when it seeds).
 */
async function measureADemoLease(): Promise<{ agreementNum: string; today: string }> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: roleAccount('admin').storageState });
  try {
    const { csrfToken } = (await (await api.get('/api/CSRF')).json()) as { csrfToken: string };
    const { today } = (await (await api.get('/api/Reports/Periods')).json()) as { today: string };
    const rows = (await (await api.get('/api/Agreements?pageSize=100')).json()) as { _id: string }[];
    for (const row of rows) {
      const a = (await (await api.get(`/api/Agreements/${row._id}`)).json()) as TAgreement;
      if (a.status === 'Archived' || !a.renewable || !a.endDate || a.endDate <= today || a.startDate > today) continue;
      const rents = (await (await api.get(`/api/Agreements/Properties/${a._id}`)).json()) as { rent: number }[];
      if (!rents.some((p) => p.rent > 0)) continue;
      const body = {
        title: a.title, agreementNum: a.agreementNum, description: a.description, status: a.status, startDate: a.startDate, endDate: a.endDate,
        renewable: a.renewable, leaseTerms: a.leaseTerms, tenantId: a.tenantId, invoiceCycleId: a.invoiceCycleId, rentAdjustmentType: a.rentAdjustmentType,
        adjustmentDate: a.adjustmentDate ?? '', adjustmentFreq: a.adjustmentFreq ?? '', gasbDiscountRate: 4.5, gasbRegulated: false,
      };
      const saved = await api.put(`/api/Agreements/${a._id}`, { headers: { 'X-CSRF-Token': csrfToken }, data: body });
      expect(saved.status(), await saved.text()).toBe(200);
      return { agreementNum: a.agreementNum, today };
    }
    throw new Error('no demo lease with rent and an end date');
  } finally {
    await api.dispose();
  }
}
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
    // The set-up reads the demo's agreements one by one: slow on a busy 2-core machine.
    test.setTimeout(180_000);
    const { agreementNum, today } = await measureADemoLease();
    const fiscalYear = String(fiscalYearOf(today, Number(SYSTEM_SETTINGS.FISCAL_YEAR_START_MONTH.defaultValue)));
    await page.goto('/');
    await page.getByRole('list', { name: 'Home menu' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.getByLabel('Report Type').selectOption('gasb87-roll-forward');
    await page.getByLabel('Fiscal Year').selectOption(fiscalYear);

    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^GASB 87 Roll-Forward, FY ${fiscalYear} \\(`) })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'GASB 87 roll-forward' });
    const totals = page.getByRole('group', { name: 'Totals' });
    await expect(totals).toContainText('Ending Receivable:');

    // The lease's row opens its schedule (measurement history and payments).
    const lease = grid.getByRole('row').filter({ hasText: agreementNum });
    await expect(lease).toBeVisible();
    await lease.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Lease schedule: ${agreementNum} `) });
    await expect(dialog.getByRole('group', { name: 'Lease accounting figures' })).toContainText('Discount rate:4.50%');
    await expect(dialog.getByRole('grid', { name: 'Lease schedule' }).getByRole('row').nth(1)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The workbook is built before its first byte; with the scale journey in the other lane the
    // action timeout (15 s) was once too short for it on 2 vCPUs. The test's own 60 s still bound it.
    const downloading = page.waitForEvent('download', { timeout: 45_000 });
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
