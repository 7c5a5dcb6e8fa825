import { expect, test } from '@playwright/test';

test('anonymous visitor sends Contact Us from the landing page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await dialog.getByLabel('Name').fill('Pat Pilot');
  await dialog.getByLabel('Email').fill('pat.pilot@example.com');
  await dialog.getByLabel('Subject').fill('Hangar availability');
  await dialog.getByLabel('Message').fill('Is a T-hangar free from next month?');
  await dialog.getByRole('button', { name: 'Send' }).click();

  // The toast shows the server's message.
  await expect(page.getByText('Message Sent')).toBeVisible();
  await expect(dialog).toBeHidden();
});
