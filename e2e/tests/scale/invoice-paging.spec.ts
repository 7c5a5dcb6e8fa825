import { expect, test } from '@playwright/test';
import { SCALE_BASE_URL, SCALE_DEMO_INVOICES } from '../../support/env';
import { roleAccount } from '../../support/roles';
import { signInThroughPage } from '../../support/sign-in';

// The server seeds its invoices while the other journeys run (playwright.config.ts): wait for it.
test.beforeAll(async () => {
  test.setTimeout(300_000);
  const health = `${SCALE_BASE_URL}/api/health`;
  await expect
    .poll(async () => (await fetch(health).catch(() => null))?.status, { message: `the scale server answers ${health}`, timeout: 280_000, intervals: [1_000] })
    .toBe(200);
});

/**
 * Issue 20 §1: with 5,000 generated invoices besides the demo's own (more than the grid counts
 * exactly; PGlite's statistics never analyzed), the finance clerk pages the invoices grid from
 * the first row to the last with Next and sees every invoice exactly once, the demo's own (from
 * #1001) too. Until the last page the total reads as an estimate, never as a count.
 */
test('the finance clerk pages the invoices grid to its end and sees every invoice once', async ({ page }) => {
  // ~260 pages beside the other lane's journeys: 4,740 rows took 180 s on a machine at load 20.
  test.setTimeout(300_000);
  await signInThroughPage(page, roleAccount('finance'));
  await page.goto('/invoices');
  const footer = page.locator('.MuiTablePagination-displayedRows');
  // The first page of 6,000 invoices on an embedded database beside the other lane: once over 10 s.
  await expect(footer).toHaveText(/^1–10 of more than [\d,]+$/, { timeout: 30_000 });
  // The largest page size offered (PRODUCT-RULES 23), to keep the clicks few.
  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await page.getByRole('option', { name: '20', exact: true }).click();
  await expect(footer).toHaveText(/^1–20 of more than [\d,]+$/);

  // ~260 pages: each Next is clicked and each page read inside the page (one round trip for the
  // whole walk instead of several per page), waiting for the grid to show the next page's rows.
  const walk = await page.getByRole('grid', { name: 'Invoices' }).evaluate(async (grid) => {
    const next = document.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')!;
    const label = () => document.querySelector('.MuiTablePagination-displayedRows')!.textContent ?? '';
    const numbers = () => Array.from(grid.querySelectorAll('[role="gridcell"][data-field="invoiceNumber"]'), (cell) => Number(cell.textContent));
    const settled = async (before: number) => {
      for (let waited = 0; waited < 15_000; waited += 10) {
        const shown = numbers();
        if (shown.length > 0 && shown[0] !== before && !grid.querySelector('.MuiDataGrid-overlay')) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`the page after the one starting with #${before} never showed (${label()})`);
    };
    const seen: number[] = [];
    const labels: string[] = [];
    for (;;) {
      const shown = numbers();
      seen.push(...shown);
      labels.push(label());
      if (next.disabled) return { seen, labels };
      next.click();
      await settled(shown[0]!);
    }
  });

  const last = walk.labels.at(-1)!;
  expect(last, 'the last page says the count exactly').toMatch(/^[\d,]+–[\d,]+ of [\d,]+$/);
  const total = Number(last.replace(/^.* of /, '').replace(/,/g, ''));
  expect(total).toBeGreaterThan(SCALE_DEMO_INVOICES);
  expect(walk.seen).toHaveLength(total);
  expect(new Set(walk.seen).size).toBe(total);
  expect(Math.min(...walk.seen)).toBe(1001);
  // Every page before the last words its total as an estimate.
  for (const label of walk.labels.slice(0, -1)) expect(label).toMatch(/ of more than [\d,]+$/);
});
