import { expect, test, type Browser, type Page } from '@playwright/test';
import { roleAccount, type TRole } from '../../support/roles';
import { signInThroughPage } from '../../support/sign-in';

/**
 * Issue 13's journeys: an administrator sends a notification to the internal group and the finance
 * clerk sees it bold until opened; an XSS payload in an alert stays inert in the view, the e-mail
 * share and the printed export.
 */
const XSS_BODY =
  '<p>Before</p><script>window.__xss = 1</script><img src=x onerror="window.__xss = 1">' +
  '<a href="javascript:window.__xss = 1">click me</a><svg onload="window.__xss = 1"><circle r="4"/></svg><p onclick="window.__xss = 1">After</p>';

async function rowFontWeight(page: Page, subject: string): Promise<string> {
  const row = page.locator('.MuiDataGrid-row').filter({ hasText: subject });
  await expect(row).toBeVisible();
  return row.evaluate((el) => getComputedStyle(el).fontWeight);
}

/**
 * A fresh context signed in through the real sign-in page (not the shared saved state: journeys of
 * other people on this machine sign in as the same roles against their own servers, and cookies do
 * not tell ports apart).
 */
async function signedInPage(browser: Browser, role: TRole): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInThroughPage(page, roleAccount(role));
  return page;
}

test.describe('staff alerts', () => {
  // Each journey signs in twice through the real page: give it room on a busy machine.
  test.setTimeout(180_000);
  test('an administrator sends an alert to the internal group; the finance clerk sees it bold, opens it, and it is no longer bold', async ({ browser }) => {
    const subject = `Apron sweep ${Date.now()}`;
    const page = await signedInPage(browser, 'admin');
    await page.goto('/alerts');
    await expect(page.getByRole('grid', { name: 'Alerts' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Notification' });
    await dialog.getByLabel('User Group').click();
    await page.getByRole('option', { name: 'Internal users' }).click();
    await expect(dialog.getByText(/\d+ recipients/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Frankie Finance/ })).toBeVisible();
    await dialog.getByLabel('Subject').fill(subject);
    const editor = dialog.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially('Closed');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially(' from noon to 2 PM.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Notification Sent')).toBeVisible();

    const financePage = await signedInPage(browser, 'finance');
    await financePage.goto('/');
    await expect(financePage.getByRole('link', { name: /Alerts, \d+ unread/ }).first()).toBeVisible();
    await financePage.goto('/alerts');
    expect(Number(await rowFontWeight(financePage, subject))).toBeGreaterThanOrEqual(700);
    await financePage.locator('.MuiDataGrid-row').filter({ hasText: subject }).getByRole('button', { name: `View ${subject}` }).click();
    const view = financePage.getByRole('dialog', { name: subject });
    await expect(view.locator('strong', { hasText: 'Closed' })).toBeVisible();
    await view.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => Number(await rowFontWeight(financePage, subject))).toBeLessThan(700);
    await financePage.context().close();
    await page.context().close();
  });

  test('an XSS payload in an alert stays inert in the view, the e-mail and the printed export', async ({ browser }) => {
    const subject = `XSS check ${Date.now()}`;
    const adminPage = await signedInPage(browser, 'admin');
    const api = adminPage.request;
    const { csrfToken } = (await (await api.get('/api/CSRF')).json()) as { csrfToken: string };
    const internal = (await (await api.get('/api/Alerts/Users/INTERNAL')).json()) as Array<{ _id: string; email: string }>;
    const financeId = internal.find((u) => u.email === roleAccount('finance').email)!._id;
    const created = await api.post('/api/Alerts', { headers: { 'x-csrf-token': csrfToken }, data: { userIds: [financeId], subject, body: XSS_BODY } });
    expect(created.status()).toBe(201);
    await adminPage.context().close();

    const page = await signedInPage(browser, 'finance');
    // Printing opens no dialog in the journey: keep what would have been printed instead.
    await page.addInitScript(() => {
      window.print = () => {
        const w = window as unknown as { __printed?: string[] };
        w.__printed = [...(w.__printed ?? []), document.getElementById('alerts-print')?.outerHTML ?? ''];
      };
    });
    await page.goto('/alerts');
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: subject });
    await row.getByRole('button', { name: `View ${subject}` }).click();
    const view = page.getByRole('dialog', { name: subject });
    await expect(view.getByText('Before')).toBeVisible();
    await expect(view.getByText('After')).toBeVisible();
    await expect(view.locator('script, img, svg, [onclick], [onerror]')).toHaveCount(0);
    await expect(view.locator('a[href^="javascript"]')).toHaveCount(0);
    // Share it by e-mail: the server mails the stored, sanitised alert.
    await view.getByLabel('Email').fill('auditor@example.com');
    await view.getByRole('button', { name: 'Email', exact: true }).click();
    await expect(page.getByText('Email Sent')).toBeVisible();
    await view.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('checkbox', { name: `Select ${subject}` }).check();
    await page.getByRole('button', { name: /Export Selected \(1\)/ }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: string[] }).__printed?.length ?? 0)).toBe(1);
    // What went to the printer: exactly the ticked message, with nothing active in it.
    const printed = await page.evaluate(() => {
      const html = (window as unknown as { __printed: string[] }).__printed[0]!;
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return {
        articles: doc.querySelectorAll('article').length,
        text: doc.body.textContent ?? '',
        active: doc.querySelectorAll('script, img, svg, [onclick], [onerror], [onload], a[href^="javascript"]').length,
      };
    });
    expect(printed.articles).toBe(1);
    expect(printed.text).toContain(subject);
    expect(printed.text).toContain('Before');
    expect(printed.active).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.context().close();
  });
});
