import { expect, test as setup } from '@playwright/test';
import { ROLES, roleAccount } from '../../support/roles';
import { signInThroughPage } from '../../support/sign-in';

// Once per demo role: sign in through the real sign-in page and keep the browser state, so the
// journeys start signed in without repeating the sign-in.
for (const role of ROLES) {
  setup(`${role} signs in through the sign-in page`, async ({ page }) => {
    const account = roleAccount(role);
    await signInThroughPage(page, account);
    const access = await page.request.get('/api/Access');
    expect(access.status()).toBe(200);
    await page.context().storageState({ path: account.storageState });
  });
}
