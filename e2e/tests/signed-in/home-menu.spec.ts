import { expect, test } from '@playwright/test';
import { HOME_MENU, menuFor, type TSessionUser } from '@apron/core';
import { ROLES, roleAccount, sessionUserOf } from '../../support/roles';

interface TAccessBody {
  access: 'Internal' | 'External';
  modules: string[];
  user: TSessionUser;
}

// The menu each role sees is the one the shared rules (`menuFor`) give that role's account.
for (const role of ROLES) {
  test.describe(`${role} at home`, () => {
    const account = roleAccount(role);
    test.use({ storageState: account.storageState });

    test(`${role} sees the home menu and drawer the rules give their role`, async ({ page }) => {
      const response = await page.request.get('/api/Access');
      expect(response.status()).toBe(200);
      const body = (await response.json()) as TAccessBody;
      // The server knows the account the demo seed describes.
      expect(body.access).toBe(account.isInternal ? 'Internal' : 'External');
      const user = sessionUserOf(account, body.user.id, body.user.companyId);
      expect([...body.modules].sort()).toEqual([...user.modules].sort());

      const expected = menuFor(user);
      await page.goto('/');
      const main = page.getByRole('main');
      // The Alerts tile says its unread count in its name ('Alerts, 3 unread').
      const tileName = (key: string, label: string) => (key === 'alerts' ? /^Alerts(, \d+ unread)?$/ : label);
      for (const item of expected.filter((i) => i.key !== 'dashboard')) {
        await expect(main.getByRole('link', { name: tileName(item.key, item.label), exact: true })).toBeVisible();
      }
      const expectedLabels = new Set(expected.map((i) => i.label));
      for (const item of HOME_MENU) {
        if (!expectedLabels.has(item.label)) await expect(main.getByRole('link', { name: tileName(item.key, item.label), exact: true })).toHaveCount(0);
      }

      // The drawer lists the same items, in the same order, then Log Out.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await expect(nav.getByRole('link')).toHaveText(expected.map((i) => i.label));
      await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    });
  });
}
