import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../apps/server/src/demo/demo.seed-support';
import { roleAccount } from '../../support/roles';
import { signInThroughPage } from '../../support/sign-in';

/** The demo's external contractor (seeded by the work orders module's demo data). */
const contractor = { ...roleAccount('tenant'), email: 'contractor@demo.apron.test', password: DEMO_PASSWORD, givenName: 'Casey', familyName: 'Contractor' };

test.describe('work orders', () => {
  // Signs in here rather than from the shared storage state, which a journey run on another port may rewrite.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('staff create a work order and print it (the PDF opens); the contractor fills and completes it; Completed is final', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const ref = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await signInThroughPage(page, roleAccount('admin'));

    // Staff: /workorder -> the master's list -> Create Workorder.
    await page.goto('/workorder');
    await page.getByRole('link', { name: /General maintenance/ }).click();
    await expect(page.getByRole('heading', { name: 'General maintenance' })).toBeVisible();
    await page.getByRole('button', { name: 'Add New Workorder' }).click();
    const create = page.getByRole('dialog', { name: 'Create Workorder' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Workorder Reference Number is required')).toBeVisible();
    await create.getByLabel('Workorder Reference Number').fill(` ${ref} `);
    await create.getByLabel('Contractor Name').fill('  Casey Contractor ');
    await create.getByLabel('Contractor Email').fill(contractor.email);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(ref) });
    await expect(row.getByText('Created', { exact: true })).toBeVisible();

    // Print Workorder: a server-rendered PDF in a new tab.
    const print = row.getByRole('link', { name: `Print Workorder ${ref}` });
    const href = await print.getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), print.click()]);
    await expect.poll(() => tab.url()).toContain('/api/Workorder/print/');
    await tab.close();

    // Contractor: signs in, sees their work order, fills the form and completes it.
    const viewHref = await row.getByRole('link', { name: `View Workorder ${ref}` }).getAttribute('href');
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const contractorPage = await context.newPage();
    await signInThroughPage(contractorPage, contractor);
    await contractorPage.goto('/workorder');
    await contractorPage.getByRole('link', { name: /General maintenance/ }).click();
    await expect(contractorPage.getByRole('row', { name: new RegExp(ref) })).toBeVisible();
    await expect(contractorPage.getByRole('button', { name: 'Add New Workorder' })).toHaveCount(0);
    await contractorPage.goto(viewHref!);
    await expect(contractorPage.getByRole('heading', { name: `Workorder ${ref}` })).toBeVisible();
    const viewer = contractorPage.getByTestId('form-viewer');
    await viewer.getByLabel(/Hangar number/).fill('H-21');
    await contractorPage.getByRole('button', { name: 'Complete Workorder' }).click();
    await expect(contractorPage.getByText('Status Updated Successfully')).toBeVisible();
    await context.close();

    // Staff: Completed, and neither edit nor complete is offered any more.
    await page.reload();
    const done = page.getByRole('row', { name: new RegExp(ref) });
    await expect(done.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(done.getByRole('button', { name: `Edit Workorder ${ref}` })).toHaveCount(0);
    await expect(done.getByRole('button', { name: `Complete Workorder ${ref}` })).toHaveCount(0);
  });
});
