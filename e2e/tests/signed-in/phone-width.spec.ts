import { expect, test, type Page } from '@playwright/test';
import { demoRecords } from '../../support/demo-records';
import { expectNoSidewaysScroll } from '../../support/layout';
import { roleAccount } from '../../support/roles';

// A phone's width (390 px, an iPhone 12-15): the pages a tenant reads on the go fit the screen, and
// what a desktop shows in columns is still there, under the row's name or amount.
test.use({ storageState: roleAccount('tenant').storageState, viewport: { width: 390, height: 844 } });

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
}

test('a tenant reads the account balance ledger on a phone: each payment says Debit and what it paid', async ({ page }) => {
  const company = await demoRecords(page.request).firstId('/api/Company?pageSize=1');
  await page.goto(`/companies/${company}/balances`);
  const ledger = page.getByRole('grid', { name: 'Balance records' });
  await expect(ledger.getByText('Balance Type: Debit').first()).toBeVisible();
  await expect(ledger.getByText(/^Account Details: \S/).first()).toBeVisible();
  await expect(ledger.getByText('Balance Type: Credit').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'ledger-390.png');
});

test('a tenant reads an invoice on a phone: every line shows its total and whether it is paid', async ({ page }) => {
  const invoiceId = await demoRecords(page.request).firstId('/api/Invoices?pageSize=1');
  await page.goto(`/invoices/${invoiceId}`);
  const lines = page.getByRole('table', { name: 'Line items' });
  await expect(lines.getByRole('columnheader', { name: 'Total' })).toBeVisible();
  await expect(lines.getByText(/^Paid: /).first()).toBeVisible();
  await expect(lines.getByText(/^Quantity: \d+$/).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'invoice-390.png');
});
