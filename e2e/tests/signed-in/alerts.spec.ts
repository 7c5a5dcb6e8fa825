import { expect, test } from '@playwright/test';
import { roleAccount } from '../../support/roles';

test.describe('administrator reads messages', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('a visitor sends Contact Us and the administrator reads it in Alerts', async ({ page, browser }) => {
    const subject = `Tie-down for a Bonanza ${Date.now()}`;
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/');
    await visitorPage.getByRole('button', { name: 'Contact Us' }).click();
    const form = visitorPage.getByRole('dialog', { name: 'Contact Us' });
    await form.getByLabel('Name').fill('Robin Rotor');
    await form.getByLabel('Email').fill('robin.rotor@example.com');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Arriving Friday <b>evening</b>, staying two nights.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(visitorPage.getByText('Message Sent')).toBeVisible();
    await visitor.close();

    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^View / }).click();
    const dialog = page.getByRole('dialog');
    // The visitor's text is shown as typed: the markup is text, not bold.
    await expect(dialog.getByText('Arriving Friday <b>evening</b>, staying two nights.', { exact: false })).toBeVisible();
    await expect(dialog.locator('b')).toHaveCount(0);
  });
});
