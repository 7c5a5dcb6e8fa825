import { expect, test } from '@playwright/test';
import { expectEveryPageAccessible, expectNoA11yViolations } from '../../support/axe';

test.describe('anonymous pages', () => {
  test('a visitor meets no accessibility violation on any public page', async ({ page }) => {
    test.setTimeout(120_000);
    await expectEveryPageAccessible(page, 'anonymous');
  });

  test('the sign-in form has no accessibility violation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).or(page.getByRole('link', { name: 'Login' })).first().click();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('an address that is no page shows an accessible not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
