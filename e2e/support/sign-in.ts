import { expect, type Page } from '@playwright/test';
import type { TRoleAccount } from './roles';

/**
 * Signs in the way a person does: the landing page's Login button, the sign-in page's Email and
 * Password fields and its 'Sign in' button, then back on the portal's home.
 */
export async function signInThroughPage(page: Page, account: TRoleAccount): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).or(page.getByRole('link', { name: 'Login' })).first().click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The callback page ('Validating Token') hands over to the home menu.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/$/);
}
