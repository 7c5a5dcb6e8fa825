import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { TEST_CARDS } from '@apron/core';
import { BASE_URL } from '../../support/env';
import { roleAccount } from '../../support/roles';

/**
 * Issue 5's journey: a tenant pays two lines of an invoice by test card, a finance clerk records
 * a check for a third and e-mails the invoice copy notice (issue 13's Send Notice), the tenant
 * pays a fourth from the company balance on the balances page and the last one from the balance
 * on the invoice page itself, with a double click (issue 20: one payment, the success message
 * stays), and the invoice reads Paid. The invoice (five lines) and a credit covering the last two
 * lines are created through the API by the admin first, so the journey does not depend on the
 * shape of the demo billing data.
 */
interface TSetup {
  invoiceId: string;
  invoiceNumber: number;
  companyId: string;
}

const LINES = [
  { name: 'E2E Hangar rent', description: 'March', charges: 100, amount: 1 },
  { name: 'E2E Tie-down', description: 'Two nights', charges: 50.25, amount: 2 },
  { name: 'E2E Fuel', description: 'Jet A', charges: 75, amount: 1 },
  { name: 'E2E Cleaning', description: 'Apron sweep', charges: 40, amount: 1 },
  { name: 'E2E De-icing', description: 'One treatment', charges: 35, amount: 1 },
] as const;

async function withRole<T>(role: 'admin' | 'tenant', run: (api: APIRequestContext, csrf: string) => Promise<T>): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: roleAccount(role).storageState });
  try {
    const { csrfToken } = (await (await api.get('/api/CSRF')).json()) as { csrfToken: string };
    return await run(api, csrfToken);
  } finally {
    await api.dispose();
  }
}

async function createInvoiceForTenant(): Promise<TSetup> {
  const companyId = await withRole('tenant', async (api) => {
    const access = (await (await api.get('/api/Access')).json()) as { user: { companyId: string | null } };
    expect(access.user.companyId, 'the demo tenant belongs to a company').toBeTruthy();
    return access.user.companyId!;
  });
  return withRole('admin', async (api, csrf) => {
    const headers = { 'X-CSRF-Token': csrf };
    const created = await api.post('/api/Invoices', {
      headers,
      data: { name: `E2E Billing ${Date.now()}`, description: 'Billing journey', dueDate: '2099-12-31', tenantId: companyId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: invoiceId, invoice } = (await created.json()) as { _id: string; invoice: { invoiceNumber: number } };
    for (const line of LINES) {
      const added = await api.post(`/api/Invoices/LineItems/Add/${invoiceId}`, { headers, data: line });
      expect(added.status(), await added.text()).toBe(201);
    }
    // a credit that covers the last two lines whatever the demo balance is
    const credit = await api.post('/api/Company/Balances', {
      headers: { ...headers, 'Idempotency-Key': `e2e-credit-${Date.now()}` },
      data: { tenantId: companyId, accountNum: '4400123456', routingNum: '021000021', amount: 75, type: 'Credit', dateApplied: new Date().toISOString().slice(0, 10) },
    });
    expect(credit.status(), await credit.text()).toBe(201);
    return { invoiceId, invoiceNumber: invoice.invoiceNumber, companyId };
  });
}

test.describe.serial('billing: card, check and balance', () => {
  let setup: TSetup;

  test.beforeAll(async () => {
    setup = await createInvoiceForTenant();
  });

  test.describe('tenant by card', () => {
    test.use({ storageState: roleAccount('tenant').storageState });

    test('pays two lines with the approving test card', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: 'Invoices', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
      await page.goto(`/invoices/${setup.invoiceId}`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Invoice #${setup.invoiceNumber}`) })).toBeVisible();
      await expect(page.getByText('Test mode', { exact: true })).toBeVisible();

      const pay = page.getByRole('button', { name: /Pay With Card/ });
      await page.getByLabel('Card Number').fill(TEST_CARDS.approve);
      await expect(pay).toBeDisabled();
      await page.getByRole('checkbox', { name: 'Select E2E Hangar rent' }).check();
      await page.getByRole('checkbox', { name: 'Select E2E Tie-down' }).check();
      await expect(page.getByRole('button', { name: 'Pay With Card $200.50' })).toBeEnabled();
      await page.getByRole('button', { name: 'Pay With Card $200.50' }).click();
      await expect(page.getByText('Payment Successful')).toBeVisible();

      const lines = page.getByRole('table', { name: 'Line items' });
      await expect(lines.getByRole('row', { name: /E2E Hangar rent/ }).getByRole('link', { name: 'Receipt' })).toBeVisible();
      await expect(lines.getByRole('checkbox', { name: 'Select E2E Hangar rent' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Invoice details' }).getByText('$200.50')).toBeVisible();
    });
  });

  test.describe('finance clerk by check', () => {
    test.use({ storageState: roleAccount('finance').storageState });

    test('records a check for a third line', async ({ page }) => {
      await page.goto(`/invoices/${setup.invoiceId}`);
      await page.getByRole('checkbox', { name: 'Select E2E Fuel' }).check();
      await page.getByRole('button', { name: 'Manual Payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Payment' });
      await expect(dialog.getByLabel(/^Paid By/)).toBeVisible();
      await dialog.getByRole('switch', { name: 'Cash' }).uncheck();
      await dialog.getByLabel(/^Account Name/).fill('Sierra Skies AP');
      await dialog.getByLabel(/^Account Number/).fill('000123456789');
      await dialog.getByLabel(/^Routing Number/).fill('021000021');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('dialog', { name: 'Record Payment' }).getByRole('button', { name: 'Record Payment' }).click();
      await expect(page.getByText('Payment Successful')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Line items' }).getByRole('row', { name: /E2E Fuel/ }).getByRole('link', { name: 'Receipt' })).toBeVisible();
    });

    test('e-mails the invoice copy notice to the company with Send Notice', async ({ page }) => {
      await page.goto(`/invoices/${setup.invoiceId}`);
      await page.getByRole('button', { name: 'Send Notice' }).click();
      const dialog = page.getByRole('dialog', { name: `Send Notice: Invoice #${setup.invoiceNumber}` });
      await dialog.getByLabel(/^Notice/).selectOption({ label: 'Invoice copy' });
      // the server's rendering of this invoice, before anything is sent
      await expect(dialog.getByLabel('Preview')).toContainText(String(setup.invoiceNumber));
      await expect(dialog.getByRole('combobox', { name: /Email/ })).not.toHaveValue('');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('Email Sent')).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  });

  test.describe('tenant from balance', () => {
    test.use({ storageState: roleAccount('tenant').storageState });

    test('pays a line from the balance on the balances page', async ({ page }) => {
      await page.goto(`/companies/${setup.companyId}/balances`);
      await expect(page.getByRole('heading', { level: 1, name: 'Account Balance' })).toBeVisible();
      await page.getByRole('button', { name: 'Pay Invoices' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay Invoices' });
      await dialog.getByRole('checkbox', { name: `Select #${setup.invoiceNumber} E2E Cleaning` }).check();
      await dialog.getByRole('button', { name: 'Pay $40.00' }).click();
      await expect(page.getByText('Payment Successful')).toBeVisible();
      await expect(dialog.getByRole('table', { name: 'Paid lines' }).getByText('PAID BY BALANCE')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    test('pays the last line from the balance on the invoice page with a double click: one payment, and the invoice reads Paid', async ({ page }) => {
      await page.goto(`/invoices/${setup.invoiceId}`);
      const fromBalance = page.getByRole('region', { name: 'Pay From Balance' });
      await expect(fromBalance.getByRole('button', { name: 'Pay $0.00 From Balance' })).toBeDisabled();
      await page.getByRole('checkbox', { name: 'Select E2E De-icing' }).check();
      await fromBalance.getByRole('button', { name: 'Pay $35.00 From Balance' }).dblclick();
      await expect(page.getByText('Payment Successful')).toBeVisible();
      const lines = page.getByRole('table', { name: 'Line items' });
      await expect(lines.getByRole('row', { name: /E2E De-icing/ }).getByText('PAID BY BALANCE')).toBeVisible();
      // no second request's refusal replaced the success message
      await expect(page.getByText('Payment Successful')).toBeVisible();
      await expect(page.getByText('A selected line is already paid or not on this invoice.')).toHaveCount(0);

      const details = page.getByRole('region', { name: 'Invoice details' });
      await expect(details.getByText('Paid', { exact: true })).toBeVisible();
      await expect(lines.getByRole('row', { name: /E2E Cleaning/ }).getByText('PAID BY BALANCE')).toBeVisible();
      await expect(page.getByRole('button', { name: /Pay With Card/ })).toHaveCount(0);
      // one Debit per payment: the balances page's and the invoice page's
      const debits = await withRole('tenant', async (api) => {
        const ledger = (await (await api.get(`/api/Company/Balances/${setup.companyId}?pageSize=100`)).json()) as { records: Array<{ type: string; reference: string | null }> };
        return ledger.records.filter((r) => r.type === 'Debit' && r.reference === `Invoice #${setup.invoiceNumber}`);
      });
      expect(debits).toHaveLength(2);
    });
  });
});
