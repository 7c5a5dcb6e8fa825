import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expectNoA11yViolations } from '../../support/axe';
import { E2E_SMTP_PORT } from '../../support/env';

/** The portal's outgoing mail, received by a real SMTP server for this journey. */
async function startMailbox(): Promise<{ messages: ParsedMail[]; close(): Promise<void> }> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  expect((server.server.address() as AddressInfo).port).toBe(E2E_SMTP_PORT);
  return { messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('a visitor joins the wait list from the listings, pays by test card and opens the private link of the e-mail', async ({ page }) => {
  const mailbox = await startMailbox();
  try {
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
    await expect.poll(() => mailbox.messages.some((m) => m.to && JSON.stringify(m.to).includes(email)), { timeout: 30_000 }).toBe(true);
    const mail = mailbox.messages.find((m) => JSON.stringify(m.to).includes(email))!;
    const link = /https?:\/\/\S+\/waitList\/status\/[A-Za-z0-9_-]+/.exec(mail.text!)![0];
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Your place on the wait list' })).toBeVisible();
    const place = page.getByRole('region', { name: 'Your place in the queue' });
    await expect(place.getByText('Jamie Wingfield, T-Hangar')).toBeVisible();
    await expect(place.getByText(/^#\d+$/)).toBeVisible();
    await expect(place.getByText(/Status Paid/)).toBeVisible();
    // The one page reached only through an e-mail: the accessibility run's plan names this journey for it.
    await expectNoA11yViolations(page);
  } finally {
    await mailbox.close();
  }
});
