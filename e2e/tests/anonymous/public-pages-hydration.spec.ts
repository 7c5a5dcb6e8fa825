import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 25 §1: the public pages arrive as HTML with their text (docs/adr/0008), then hydrate. A
 * hydration mismatch is a console error in React 19 ("Hydration failed", "didn't match"): any
 * console error or page error fails the journey.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The map's tiles come from the internet, which the test machine may not reach: not the page's fault.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: net::')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('server-rendered public pages', () => {
  test('a visitor\'s listings page arrives with its listings, hydrates without errors, and its filters work', async ({ page, request }) => {
    // The document itself carries the text: no script has run for it.
    const html = await (await request.get('/listings')).text();
    expect(html).toContain('Property Listings');
    expect(html).toMatch(/\d+ listings/);

    const errors = collectErrors(page);
    await page.goto('/listings');
    await expect(page.getByRole('heading', { name: 'Property Listings' })).toBeVisible();
    // Hydrated and settled: the session call and any refresh of the page's data are done.
    await page.waitForLoadState('networkidle');
    const status = page.getByRole('status').filter({ hasText: /listings$/ });
    const before = await status.textContent();

    const type = page.getByLabel('Property Type');
    const firstType = await type.locator('option').nth(1).getAttribute('value');
    await type.selectOption(firstType!);
    await expect(page).toHaveURL(new RegExp(`[?&]type=${firstType}`));
    await page.getByLabel('Sort by').selectOption('name');
    await expect(page).toHaveURL(/sort=name%3Aasc|sort=name:asc/);
    await expect(status).not.toHaveText('Loading listings');
    expect(before).toMatch(/\d+ listings/);
    expect(errors).toEqual([]);
  });

  test('the landing page and the parking form hydrate without errors', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
    await page.waitForLoadState('networkidle');
    await page.goto('/tiedown/create');
    await expect(page.getByRole('heading', { name: 'Transient Parking' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Phone').fill('555-0100');
    await page.getByRole('button', { name: /Submit|Continue to Payment/ }).click();
    await expect(page.getByText('Phone number is not valid')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
