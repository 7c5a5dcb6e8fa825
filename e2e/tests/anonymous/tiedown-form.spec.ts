import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/axe';

test.describe('the public parking form', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('on a phone: the six types, field messages from the spec, and no accessibility violations', async ({ page }) => {
    await page.goto('/tiedown/create');
    await expect(page.getByRole('heading', { name: 'Transient Parking' })).toBeVisible();
    const types = page.getByLabel('Aircraft Type');
    await expect(types.locator('option')).toHaveText(['Please Select', 'Single and Multi-Engine Piston', 'Multi-Engine Turboprop', 'Small Jet', 'Medium Jet 1', 'Medium Jet 2', 'Large Jet']);
    await page.getByLabel('Phone').fill('555-0100');
    // Arrival starts at today; a same-day stay is named as soon as the dates are chosen.
    await expect(page.getByLabel('Arrival Date')).not.toHaveValue('');
    await page.getByLabel('Arrival Date').fill('2027-04-02');
    await page.getByLabel('Departure Date (estimated)').fill('2027-04-02');
    await expect(page.getByText('Departure must be after arrival')).toBeVisible();
    await page.getByRole('button', { name: /Submit|Continue to Payment/ }).click();
    await expect(page.getByText('Phone number is not valid')).toBeVisible();
    await expect(page.getByText('Departure must be after arrival')).toBeVisible();
    // the first field in error has the focus
    await expect(page.getByLabel('First Name')).toBeFocused();
    await expectNoA11yViolations(page);
  });
});
