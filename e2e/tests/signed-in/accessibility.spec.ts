import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { roleAccount } from '../../support/roles';

test.describe('administrator pages', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('home has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('settings has no serious accessibility violations', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'Document Types' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
