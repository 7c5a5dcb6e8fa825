import { expect, test } from '@playwright/test';
import { roleAccount } from '../../support/roles';

test.describe('the asset register', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('staff add an asset by clicking an empty spot of the asset map', async ({ page }) => {
    await page.goto('/asset');
    const doors = page.getByRole('link', { name: /Hangar Doors/ });
    await expect(doors).toContainText('100 assets');

    await page.getByRole('button', { name: 'Show Map' }).click();
    const map = page.getByRole('region', { name: 'Asset map' });
    await expect(map).toBeVisible();
    // The demo's 300 assets are around the map's centre: wait for their markers (pins or clusters).
    await expect(page.getByText(/\d+ assets in view/)).toBeVisible();
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();

    // An empty spot near the left edge, below the zoom buttons.
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: 24, y: box.height - 70 } });
    const panel = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: /^Add New/ }) });
    await expect(panel.getByRole('heading', { name: /^Add New/ })).toBeVisible();
    // The clicked point, not the default location, is the new asset's location.
    const location = panel.getByLabel('Location');
    await expect(location).not.toHaveValue('39.193000, -119.734000');

    // The type's own fields and messages come from its configuration.
    await panel.getByLabel(/^Asset Type/).selectOption({ label: 'Hangar Doors' });
    await expect(panel.getByRole('heading', { name: 'Add New Hangar Doors' })).toBeVisible();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Hangar is required')).toBeVisible();
    await panel.getByLabel(/^Hangar/).fill('Hangar E-2');
    await panel.getByLabel(/^Door Type/).selectOption('Bi-fold');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Created Successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Show Table' }).click();
    await expect(page.getByRole('link', { name: /Hangar Doors/ })).toContainText('101 assets');
    await page.getByRole('link', { name: /Hangar Doors/ }).click();
    await expect(page.getByRole('heading', { name: 'Hangar Doors' })).toBeVisible();
    await expect(page.getByRole('grid')).toContainText('Hangar E-2');
  });
});
