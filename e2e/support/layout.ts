import { expect, type Page } from '@playwright/test';

/** Fails when the page is wider than the window, i.e. a person would have to scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page width at ${page.url()}`).toBeLessThanOrEqual(widths.client);
}
