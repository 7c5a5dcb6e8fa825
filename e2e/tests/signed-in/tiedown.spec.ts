import { expect, request as playwrightRequest, test } from '@playwright/test';
import { TEST_CARDS } from '@apron/core';
import { BASE_URL } from '../../support/env';
import { roleAccount } from '../../support/roles';

/**
 * Issue 11's parking journey: with TIEDOWN_PAYMENT on, a pilot (no account) asks for a tie-down
 * on the public form, sees the server's total and how it is made, pays by test card and gets the
 * summary with Main Menu; the admin then finds the request on /tiedown, opens it, sees the invoice
 * line and the receipt, and assigns a space.
 */
async function setTiedownPayment(value: 'yes' | 'no') {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: roleAccount('admin').storageState });
  try {
    const { csrfToken } = (await (await api.get('/api/CSRF')).json()) as { csrfToken: string };
    const rows = (await (await api.get('/api/Crud/systemSettings?q=TIEDOWN_PAYMENT')).json()) as Array<{ _id: string; name: string }>;
    const row = rows.find((r) => r.name === 'TIEDOWN_PAYMENT')!;
    const res = await api.put(`/api/Crud/systemSettings/${row._id}`, { headers: { 'x-csrf-token': csrfToken }, data: { name: 'TIEDOWN_PAYMENT', value } });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test.describe('transient parking', () => {
  test.use({ storageState: roleAccount('admin').storageState });
  test.beforeAll(() => setTiedownPayment('yes'));
  test.afterAll(() => setTiedownPayment('no'));

  test('a pilot parks and pays by test card; staff find the request and assign a space', async ({ browser, page }) => {
    const tail = `N${Date.now().toString().slice(-5)}E`;
    const pilot = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const form = await pilot.newPage();
    await form.goto('/');
    await form.getByRole('link', { name: 'Submit' }).click();
    await expect(form).toHaveURL(/\/tiedown\/create$/);
    await form.getByLabel('First Name').fill('Amelia');
    await form.getByLabel('Last Name').fill('Earhart');
    await form.getByLabel('Phone').fill('5551234567');
    await form.getByLabel('Email').fill('amelia.e2e@example.com');
    await form.getByLabel('Arrival Date').fill('2027-03-10');
    await form.getByLabel('Departure Date (estimated)').fill('2027-03-13');
    await form.getByLabel('Aircraft Type').selectOption('Medium Jet 2');
    await form.getByLabel('Aircraft Number').fill(tail);
    // the server's quote: $50.00 a night x 3 nights
    await expect(form.getByText('Total: $150.00')).toBeVisible();
    await expect(form.getByText(/Medium Jet 2: \$50\.00 per night × 3 nights = \$150\.00/)).toBeVisible();
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(form.getByText('Test mode: no money moves.')).toBeVisible();
    await form.getByLabel('Card Number').fill(TEST_CARDS.approve);
    await form.getByRole('button', { name: 'Pay $150.00' }).click();
    const card = form.getByRole('status', { name: 'Request received' });
    await expect(card.getByRole('heading', { name: 'Transient Parking Requested' })).toBeVisible();
    await expect(card.getByText('$150.00')).toBeVisible();
    await expect(card.getByText(/^#\d+ \(invoice #\d+\)$/)).toBeVisible();
    await card.getByRole('link', { name: 'Main Menu' }).click();
    await expect(form).toHaveURL(`${BASE_URL}/`);
    await pilot.close();

    await page.goto('/tiedown');
    // the grid page's first load (DataGrid) can take a while on a busy machine
    await expect(page.getByRole('heading', { name: 'Transient Parking', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Search name, e-mail, phone, aircraft').fill(tail);
    const grid = page.getByRole('grid', { name: 'Transient parking requests' });
    await expect(grid.getByText(tail)).toBeVisible();
    await expect(grid.getByText('$150.00')).toBeVisible();
    await grid.getByText(tail).click();
    await expect(page.getByRole('heading', { name: `Transient Parking: ${tail}` })).toBeVisible();
    await expect(page.getByText('Medium Jet 2 parking, 3 nights')).toBeVisible();
    await page.getByLabel('Space').fill('T-12');
    await page.getByRole('button', { name: 'Save Space' }).click();
    await expect(page.getByText('Updated Successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByText('T-12', { exact: true })).toBeVisible();
  });
});
