import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/axe';
import { waitForMail } from '../../support/mailbox';

test('a visitor joins the wait list from the listings, pays by test card and opens the private link of the e-mail', async ({ page }) => {
  const email = `waitlist.visitor.${Date.now()}@example.test`;
  await page.goto('/listings');
  await page.getByRole('button', { name: 'Join WaitList' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join WaitList' });
  await expect(dialog.getByRole('link', { name: 'Property Fact Sheet' })).toHaveAttribute('href', '/api/factsheet');

  // The public must give phone, e-mail and organization: the form says so before sending.
  await dialog.getByRole('button', { name: 'Pay and Submit' }).click();
  await expect(dialog.getByText('Property Type is required')).toBeVisible();
  await expect(dialog.getByText('Organization is required')).toBeVisible();

  const typeSelect = dialog.getByLabel('Property Type');
  await expect(typeSelect.locator('option').first()).toHaveText('Please Select');
  await typeSelect.selectOption({ label: 'T-Hangar' });
  await dialog.getByLabel('Aircraft Type').fill('Cessna 182');
  await dialog.getByLabel('First Name').fill('Jamie');
  await dialog.getByLabel('Last Name').fill('Wingfield');
  await dialog.getByLabel('Phone').fill('7755550199');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Organization').fill('Wingfield Aero');
  await expect(dialog.getByText('Wait list fee: $10.00')).toBeVisible();
  await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pay and Submit' }).click();

  const done = page.getByRole('dialog', { name: 'Added to WaitList' });
  await expect(done).toBeVisible();
  await expect(done.getByText('We charged $10.00.')).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();

  // The confirmation e-mail carries the private link; it shows the place in the queue.
  const mail = await waitForMail(email, /\/waitList\/status\//, 30_000);
  const link = /https?:\/\/\S+\/waitList\/status\/[A-Za-z0-9_-]+/.exec(mail.text!)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Your place on the wait list' })).toBeVisible();
  const place = page.getByRole('region', { name: 'Your place in the queue' });
  await expect(place.getByText('Jamie Wingfield, T-Hangar')).toBeVisible();
  await expect(place.getByText(/^#\d+$/)).toBeVisible();
  await expect(place.getByText(/Status Paid/)).toBeVisible();
  // The one page reached only through an e-mail: the accessibility run's plan names this journey for it.
  await expectNoA11yViolations(page);
});
