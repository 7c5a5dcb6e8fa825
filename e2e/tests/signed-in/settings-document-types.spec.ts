import { expect, test } from '@playwright/test';
import { roleAccount } from '../../support/roles';

test.describe('administrator in Settings', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('adds a Document Type and finds it in the grid', async ({ page }) => {
    const name = `Hangar inspection photo ${Date.now()}`;
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Document Types' }).click();
    await expect(page).toHaveURL(/\/settings\/documents$/);

    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Photos taken during the yearly hangar inspection');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search').fill(name);
    await expect(page.getByRole('grid').getByText(name, { exact: true })).toBeVisible();
  });
});
