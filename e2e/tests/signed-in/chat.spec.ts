import { expect, test, type APIRequestContext } from '@playwright/test';
import { waitForMail } from '../../support/mailbox';
import { roleAccount } from '../../support/roles';

/** A visitor's write: the anonymous CSRF pair first, as the portal's pages do. */
async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const { csrfToken } = (await (await request.get('/api/CSRF')).json()) as { csrfToken: string };
  return { 'x-csrf-token': csrfToken };
}

test.describe('chat with a wait-list applicant', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test("staff open the chat and the visitor's reply appears without a reload", async ({ page, browser }) => {
    // The join nudges the mail delivery; the every-minute run is the net when a machine is busy.
    test.setTimeout(150_000);
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      // A visitor joins the wait list and pays by test card; the confirmation e-mail carries the private link.
      const email = `chat.visitor.${Date.now()}@example.test`;
      const join = await (await visitor.request.get('/api/WaitList/Join')).json();
      const joined = await visitor.request.post('/api/WaitList/Join', {
        headers: { ...(await csrfHeaders(visitor.request)), 'idempotency-key': `e2e-chat-${Date.now()}` },
        data: { propertyType: join.propertyTypes[0]._id, firstName: 'Robin', lastName: 'Rotor', phone: '7755550142', email, organization: 'Rotor Club', sourceId: 'test:4242424242424242' },
      });
      expect(joined.status(), await joined.text()).toBe(201);
      const confirmation = await waitForMail(email, /\/waitList\/status\//);
      const token = /\/waitList\/status\/([A-Za-z0-9_-]+)/.exec(confirmation.text!)![1]!;
      const status = await (await visitor.request.get(`/api/WaitList/Status/${token}`)).json();
      const applicantId = status.applicantId as string;

      // Staff open the conversation and write first; Enter sends.
      await page.goto(`/chat/${applicantId}`);
      await expect(page.getByRole('heading', { name: 'Robin Rotor' })).toBeVisible();
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('   ');
      await box.press('Enter');
      await expect(page.getByText('No messages yet.')).toBeVisible();
      await box.fill('Hello Robin, a hangar viewing is possible on Friday.');
      await box.press('Enter');
      const log = page.getByRole('log', { name: 'Messages' });
      await expect(log.getByText('Hello Robin, a hangar viewing is possible on Friday.')).toBeVisible();
      await expect(box).toHaveValue('');

      // The visitor opens the private link in the second browser context, reads it and replies there.
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/waitList/status/${token}`);
      const visitorLog = visitorPage.getByRole('log', { name: 'Messages' });
      await expect(visitorLog.getByText('Hello Robin, a hangar viewing is possible on Friday.')).toBeVisible();
      const visitorBox = visitorPage.getByRole('textbox', { name: 'Message' });
      await visitorBox.fill('Friday works for me, thank you!');
      await visitorBox.press('Enter');
      await expect(visitorLog.getByText('Friday works for me, thank you!')).toBeVisible();

      // No reload: the next poll (every 5 s) brings it, with the sender and MM/DD/YYYY HH:mm.
      const incoming = log.getByRole('listitem').filter({ hasText: 'Friday works for me, thank you!' });
      await expect(incoming).toBeVisible({ timeout: 15_000 });
      await expect(incoming).toContainText('Robin Rotor');
      await expect(incoming).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    } finally {
      await visitor.close();
    }
  });
});
