import { expect, test } from '@playwright/test';
import { roleAccount } from '../../support/roles';
import { signInThroughPage } from '../../support/sign-in';

// Signs in afresh: logging out ends the server session, which the saved states must keep.
test('finance clerk logs out and leaves no session behind', async ({ page }) => {
  await signInThroughPage(page, roleAccount('finance'));
  expect((await page.request.get('/api/Access')).status()).toBe(200);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();

  await expect(page.getByRole('button', { name: 'Login' }).or(page.getByRole('link', { name: 'Login' })).first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/Access')).status()).toBe(401);
  const storage = await page.evaluate(() => ({ session: window.sessionStorage.length, local: window.localStorage.length }));
  expect(storage).toEqual({ session: 0, local: 0 });
});
