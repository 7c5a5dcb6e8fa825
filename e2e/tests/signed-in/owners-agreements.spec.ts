import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { roleAccount } from '../../support/roles';

// The demo seed links the demo tenant to this owner (apps/server/src/modules/agreements/demo-agreements.ts).
const TENANT_COMPANY = 'Sierra Skies Aviation';

interface TPropertyDetail {
  area: string;
  propertyType: string;
  attributes: Record<string, string>;
}

/**
 * Two fresh properties, so the new agreement overlaps no demo lease. They copy a demo property's
 * area, type and attribute values (the type's attributes are required).
 */
async function createProperties(request: APIRequestContext, names: string[]): Promise<void> {
  const csrf = (await (await request.get('/api/CSRF')).json()) as { csrfToken: string };
  const grid = (await (await request.get('/api/Property/Grid?pageSize=1')).json()) as { _id: string }[];
  expect(grid.length).toBeGreaterThan(0);
  const template = (await (await request.get(`/api/Property/List/${grid[0]!._id}`)).json()) as TPropertyDetail;
  for (const [i, name] of names.entries()) {
    const response = await request.post('/api/Property/List', {
      headers: { 'X-CSRF-Token': csrf.csrfToken },
      data: {
        name, description: 'E2E lease journey', address: `${10 + i} Taxiway E`, rent: 1200 + i * 100,
        area: template.area, propertyType: template.propertyType, attributes: template.attributes, visibletoExternal: false,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function openProperty(page: Page, name: string) {
  await page.getByRole('button', { name: `Open ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Security Deposit' })).toBeVisible();
  return dialog;
}

test.describe.serial('owners and lease agreements', () => {
  const stamp = Date.now();
  const title = `E2E Lease ${stamp}`;
  const number = `E2E-${stamp}`;
  const hangarA = `E2E Lease Hangar A ${stamp}`;
  const hangarB = `E2E Lease Hangar B ${stamp}`;

  test.describe('lease admin', () => {
    test.use({ storageState: roleAccount('admin').storageState });

    test('creates an agreement for a company, adds two properties, records a deposit and an insurance', async ({ page }) => {
      await createProperties(page.request, [hangarA, hangarB]);

      // Owners -> the tenant's company -> its Lease Agreements -> Add Agreement (owner prefilled).
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: 'Owners', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Owners' })).toBeVisible();
      await page.getByLabel('Search').fill('Sierra Skies');
      await page.getByRole('gridcell', { name: TENANT_COMPANY, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: TENANT_COMPANY })).toBeVisible();
      await page.getByRole('link', { name: 'Lease Agreements' }).click();
      await expect(page).toHaveURL(/\/companies\/[^/]+\/agreements$/);
      await page.getByRole('link', { name: 'Add Agreement' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add Agreement' })).toBeVisible();
      await expect(page.getByLabel(/^Owner/)).toHaveValue(/[0-9a-f-]{36}/);

      await page.getByLabel(/^Agreement Title/).fill(title);
      await page.getByLabel(/^Agreement Number/).fill(number);
      await page.getByLabel(/^Description/).fill('Two hangars on Taxiway E');
      await page.getByLabel(/^Start Date/).fill('2025-01-01');
      // End Date appears with Renewable only
      await expect(page.getByLabel(/^End Date/)).toHaveCount(0);
      await page.getByLabel(/^Invoice Cycle/).selectOption({ index: 1 });
      await page.getByLabel(/^Rent Adjustment Type/).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Created Successfully')).toBeVisible();

      // Two properties.
      for (const name of [hangarA, hangarB]) {
        await page.getByLabel('Property', { exact: true }).selectOption({ label: `${name} (Active)` });
        await page.getByRole('button', { name: 'Add Property' }).click();
        await expect(page.getByRole('table', { name: 'Properties of the agreement' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
      }
      await expect(page.getByRole('table', { name: 'Properties of the agreement' }).getByRole('row', { name: new RegExp(hangarA) })).toContainText('$1,200.00');

      // A deposit and an insurance on the first.
      const dialog = await openProperty(page, hangarA);
      await dialog.getByLabel(/^Amount/).fill('2500');
      await dialog.getByLabel(/^Payment Method/).selectOption('Check');
      await dialog.getByLabel('Received').check();
      await dialog.getByLabel(/^Payment Date/).fill('2025-01-02');
      await dialog.getByRole('button', { name: 'Save Deposit' }).click();
      await expect(page.getByText('Updated Successfully')).toBeVisible();

      await dialog.getByRole('tab', { name: 'Insurances' }).click();
      await dialog.getByRole('button', { name: 'Add Insurance' }).click();
      const insurance = page.getByRole('dialog', { name: 'Add Insurance' });
      await insurance.getByLabel(/^Insurance Type/).selectOption({ index: 1 });
      await insurance.getByLabel(/^Max Coverage Amount/).fill('1000000');
      // start today and end one year later by default
      await expect(insurance.getByLabel(/^Start Date/)).not.toHaveValue('');
      await expect(insurance.getByLabel(/^End Date/)).not.toHaveValue('');
      await insurance.getByRole('button', { name: 'Save' }).click();
      await expect(insurance).toBeHidden();
      await expect(page.getByRole('table', { name: 'Insurances' })).toContainText('$1,000,000.00');
      // Approval is one step of its own, in the agreement's Insurance compliance section
      // (insurance-compliance.spec.ts): a record entered here waits for it.
      await expect(page.getByRole('table', { name: 'Insurances' }).getByRole('cell', { name: 'Pending approval', exact: true })).toBeVisible();
    });
  });

  test.describe('tenant', () => {
    test.use({ storageState: roleAccount('tenant').storageState });

    test('the tenant of that company sees the agreement read-only', async ({ page }) => {
      // Owners opens their own company directly.
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: 'Owners', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: TENANT_COMPANY })).toBeVisible();
      await expect(page.getByLabel(/^Name/)).toBeDisabled();
      await expect(page.getByLabel(/^Status/)).toHaveCount(0);

      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: 'Lease Agreements', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Add Agreement' }).or(page.getByRole('link', { name: 'Add Agreement' }))).toHaveCount(0);
      await page.getByLabel('Search').fill(number);
      await page.getByRole('gridcell', { name: title, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // Read-only: no Save, fields disabled, no Add Property or Remove.
      await expect(page.getByLabel(/^Agreement Title/)).toBeDisabled();
      await expect(page.getByLabel(/^Owner/)).toContainText(TENANT_COMPANY);
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add Property' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Remove ${hangarA}` })).toHaveCount(0);
      const table = page.getByRole('table', { name: 'Properties of the agreement' });
      await expect(table.getByRole('row', { name: new RegExp(hangarB) })).toBeVisible();

      const dialog = await openProperty(page, hangarA);
      await expect(dialog.getByLabel(/^Amount/)).toHaveValue('2500');
      await expect(dialog.getByLabel(/^Amount/)).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Save Deposit' })).toHaveCount(0);
      await dialog.getByRole('tab', { name: 'Insurances' }).click();
      await expect(dialog.getByRole('table', { name: 'Insurances' })).toContainText('$1,000,000.00');
      await expect(dialog.getByRole('button', { name: 'Add Insurance' })).toHaveCount(0);
    });
  });
});
