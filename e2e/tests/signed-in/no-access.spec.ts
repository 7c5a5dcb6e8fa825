import { expect, test } from '@playwright/test';
import { roleAccount } from '../../support/roles';

test.describe('staff member without modules', () => {
  test.use({ storageState: roleAccount('staff').storageState });

  test('typing /settings shows the No Access view', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'No Access' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Settings' })).toHaveCount(0);
  });
});
