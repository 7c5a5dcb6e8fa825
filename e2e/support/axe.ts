import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { a11yAddressesFor, type TA11yVisitor } from './a11y-routes';
import { demoRecords } from './demo-records';

/** One line per violation: impact, rule, help and the elements it was found on. */
async function violationsOn(page: Page): Promise<string[]> {
  // Only violations are read: axe then skips building the node lists of passes and the rest.
  // Legacy mode runs axe.run in the page itself (same-origin frames included). The default opens
  // a new blank page per call to merge per-frame results, which only cross-origin frames need and
  // the portal has none: on the same pages it found the same results in 40 % of the time.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails with a readable list when the page has any WCAG 2.1 AA violation, whatever its impact. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await violationsOn(page), `axe on ${page.url()}`).toEqual([]);
}

/**
 * Waits until a page shows its content: its level-1 heading, no loader or grid still fetching (a
 * progress bar or a 'Loading' status) and no transition still running, so axe reads what a person
 * reads.
 */
export async function waitForPageContent(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading|Redirecting/ })).toHaveCount(0);
  // A control that just became enabled fades to its colours (MUI's 250 ms background transition):
  // axe must read the colours a person sees once the page is still, not a frame of the fade.
  // Endless ones (a spinner, a skeleton's pulse) never finish and are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Opens every page of the route table the visitor may open (e2e/support/a11y-routes.ts) and runs
 * axe on each; a page's violations fail the test softly, so one run lists every page's.
 */
export async function expectEveryPageAccessible(page: Page, visitor: TA11yVisitor): Promise<void> {
  for (const address of await a11yAddressesFor(visitor, demoRecords(page.request))) {
    await page.goto(address);
    expect.soft(await settledViolationsOn(page), `axe as ${visitor} on ${address}`).toEqual([]);
  }
}

/**
 * The violations of the page once it is still. A page can look ready and then change: at `/` a
 * signed-in visitor gets the server-rendered landing page (its heading passes the wait), which
 * turns into the home menu once the session answers, with a moment of loader and no heading in
 * between (CI, 2026-11-28: axe read that moment). A violation that is still there after a second
 * look, and a third, is the page's own.
 */
async function settledViolationsOn(page: Page): Promise<string[]> {
  let violations: string[] = [];
  for (let look = 1; look <= 3; look++) {
    await waitForPageContent(page);
    violations = await violationsOn(page);
    if (violations.length === 0) break;
    await page.waitForTimeout(1_000);
  }
  return violations;
}
