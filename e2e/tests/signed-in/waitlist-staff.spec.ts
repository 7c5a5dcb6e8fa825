import { expect, test } from '@playwright/test';
import { roleAccount } from '../../support/roles';

test.describe('wait-list staff', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('staff open a hangar queue, save an applicant and move them with a reason', async ({ page }) => {
    await page.goto('/waitList');
    await expect(page.getByRole('heading', { level: 1, name: 'WaitList' })).toBeVisible();
    const card = page.getByRole('link', { name: /T-Hangar/ });
    await expect(card).toContainText(/\d+ waiting · \d+ joined this week/);
    await card.click();

    const grid = page.getByRole('grid', { name: 'WaitList for T-Hangar' });
    await expect(grid.getByRole('columnheader', { name: 'Queue #' })).toBeVisible();
    const first = grid.getByRole('row').nth(1);
    await expect(first.getByRole('gridcell').first()).toHaveText('1');
    await expect(first.getByRole('link', { name: /^Chat with / })).toHaveAttribute('href', /\/chat\//);
    await first.getByRole('link', { name: /^View / }).click();

    await expect(page.getByText(/^Queue #1 · T-Hangar/)).toBeVisible();
    const form = page.getByRole('form', { name: 'Applicant' });
    await form.getByLabel('Status').selectOption('InProgress');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Status Updated Successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Move in Queue' }).click();
    const move = page.getByRole('dialog', { name: /^Move / });
    await move.getByLabel('New Queue #').fill('3');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(move.getByText('Reason is required')).toBeVisible();
    await move.getByLabel('Reason').fill('Asked to wait for a bigger hangar');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved to #3')).toBeVisible();
    await expect(page.getByText(/^Queue #3 · T-Hangar/)).toBeVisible();
  });
});
