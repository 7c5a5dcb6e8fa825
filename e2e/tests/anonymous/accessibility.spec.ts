import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';

test.describe('anonymous pages', () => {
  test('landing page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Powered By', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('sign-in page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).or(page.getByRole('link', { name: 'Login' })).first().click();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
