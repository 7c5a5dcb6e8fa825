import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../apps/server/src/demo/demo.seed-support';
import { roleAccount } from '../../support/roles';
import { signInThroughPage } from '../../support/sign-in';

/** The demo's external inspector (seeded by the inspections module's demo data). */
const inspector = { ...roleAccount('tenant'), email: 'inspector@demo.apron.test', password: DEMO_PASSWORD, givenName: 'Indy', familyName: 'Inspector' };

/** Opens a properties-panel group (General, Validation, ...) unless it is open already. */
async function openGroup(builder: Locator, id: string) {
  const header = builder.locator(`[data-group-id="group-${id}"] .bio-properties-panel-group-header`);
  if (!((await header.getAttribute('class')) ?? '').includes('open')) await header.click();
}

async function buildFormWithRequiredField(page: Page, formName: string, fieldLabel: string) {
  const designer = page.getByRole('dialog', { name: 'Create Form' });
  await expect(designer).toBeVisible();
  await designer.getByLabel('Form Name').fill(formName);
  const builder = designer.getByTestId('form-builder');
  // Add a Text field from the form-js palette (a palette entry adds its field on Enter, and selects it).
  await builder.locator('.fjs-palette-field[data-field-type="textfield"]').focus();
  await page.keyboard.press('Enter');
  // Select it on the canvas, then name it and make it required in the properties panel.
  await builder.locator('.fjs-form-field-textfield').first().click();
  await openGroup(builder, 'general');
  const label = builder.locator('[data-entry-id="label"] [contenteditable="true"]');
  await label.fill(fieldLabel);
  // The panel applies its edits after a short debounce: wait until the canvas shows the label.
  await expect(builder.locator('.fjs-form-field-textfield label').first()).toContainText(fieldLabel);
  await openGroup(builder, 'validation');
  await builder.locator('[data-entry-id="required"] input[type="checkbox"]').check();
  await expect(builder.locator('.fjs-form-field-textfield label').first()).toContainText('*');
  // Preview shows the field as a person will fill it.
  await designer.getByRole('tab', { name: 'Preview' }).click();
  await expect(designer.getByTestId('form-viewer').getByLabel(new RegExp(fieldLabel))).toBeVisible();
  await designer.getByRole('tab', { name: 'Build' }).click();
  await designer.getByRole('button', { name: 'Save Form' }).click();
  await expect(designer).toBeHidden();
}

test.describe('inspections with a form built in the browser', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('an admin builds a form with a required field, attaches it to a master inspection and assigns it; the inspector fills and completes it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const masterName = `Taxiway sign check ${stamp}`;
    const fieldLabel = 'Sign condition';

    // Admin: Settings > Master Inspection > Create, with a new form.
    await page.goto('/settings/inspection');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Master Inspection' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(masterName);
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('Every taxiway sign readable and lit');
    await dialog.getByLabel(/^Module/).selectOption('Property');
    await dialog.getByRole('button', { name: 'Create Form' }).click();
    await buildFormWithRequiredField(page, `Taxiway signs ${stamp}`, fieldLabel);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(masterName)).toBeVisible();

    // Admin: /inspection -> the master's list -> Add New Inspection for the demo inspector.
    await page.goto('/inspection');
    await page.getByRole('link', { name: new RegExp(masterName) }).click();
    await page.getByRole('button', { name: 'Add New Inspection' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Inspection' });
    await add.getByLabel('Module').selectOption('Property');
    const subject = add.getByLabel('Inspection For');
    await expect(subject.locator('option')).not.toHaveCount(1);
    await subject.selectOption({ index: 1 });
    await add.getByLabel('Inspector Name').fill('  Indy Inspector ');
    await add.getByLabel('Inspector Email').fill(inspector.email);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    const grid = page.getByRole('grid');
    await expect(grid.getByText(inspector.email)).toBeVisible();
    await expect(grid.getByText('Created', { exact: true })).toBeVisible();

    // Inspector: signs in, sees only their own, fills and completes it.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const inspectorPage = await context.newPage();
    await signInThroughPage(inspectorPage, inspector);
    await inspectorPage.goto('/inspection');
    // A busy machine may take a while to load the page's chunk after the sign-in.
    await expect(inspectorPage.getByRole('heading', { name: 'My Inspections' })).toBeVisible({ timeout: 30_000 });
    const row = inspectorPage.getByRole('row', { name: new RegExp(masterName) });
    await row.getByRole('button', { name: 'Complete Inspection' }).click();
    await expect(inspectorPage).toHaveURL(/\/inspection\/my\//);
    const viewer = inspectorPage.getByTestId('form-viewer');
    await expect(viewer.getByLabel(new RegExp(fieldLabel))).toBeVisible({ timeout: 30_000 });
    await inspectorPage.getByRole('button', { name: 'Complete Inspection' }).click();
    await expect(inspectorPage.getByText('Some fields need your attention.')).toBeVisible();
    await viewer.getByLabel(new RegExp(fieldLabel)).fill('All signs lit');
    await inspectorPage.getByRole('button', { name: 'Complete Inspection' }).click();
    await expect(inspectorPage.getByText('Inspection Completed')).toBeVisible();
    await expect(inspectorPage.getByRole('row', { name: new RegExp(masterName) }).getByText('Completed', { exact: true })).toBeVisible();
    await context.close();

    // Admin: Completed, nothing left to edit or complete; View shows the answer read-only.
    await page.reload();
    const done = page.getByRole('row', { name: new RegExp(inspector.email) });
    // The reloaded grid is the first request after the inspector's; a busy machine (the other lane's axe run) takes a while.
    await expect(done.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(done.getByRole('button', { name: 'Edit Inspection' })).toHaveCount(0);
    await expect(done.getByRole('button', { name: 'Complete Inspection' })).toHaveCount(0);
    const viewHref = await done.getByRole('link', { name: /View Inspection/ }).getAttribute('href');
    await page.goto(viewHref!);
    await expect(page.getByTestId('form-viewer').getByLabel(new RegExp(fieldLabel))).toHaveValue('All signs lit');
  });
});
