import { test } from '@playwright/test';
import { expectEveryPageAccessible } from '../../support/axe';
import { roleAccount } from '../../support/roles';

// One test per role, each signed in once (the setup project's session), opening every page of the
// route table the role may open (e2e/support/a11y-routes.ts) with the demo's real records.
test.describe('the administrator', () => {
  test.use({ storageState: roleAccount('admin').storageState });

  test('meets no accessibility violation on any page', async ({ page }) => {
    // ~45 pages: a few seconds each on a quiet 2-core machine, up to ~10 s each beside the other lane
    // (CI, 2026-11-28: 7.2 min in one run, past 8 min in the next).
    test.setTimeout(900_000);
    await expectEveryPageAccessible(page, 'admin');
  });
});

test.describe('a tenant', () => {
  test.use({ storageState: roleAccount('tenant').storageState });

  test('meets no accessibility violation on any page', async ({ page }) => {
    test.setTimeout(480_000);
    await expectEveryPageAccessible(page, 'tenant');
  });
});
