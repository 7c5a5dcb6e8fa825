import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/demo.seed-support';
import { SERVER_MAIN, startServer } from './server-process';
import type { ScratchDb } from './scratch-db';

/** Issue 10 item 2: JavaScript on the wire on a first visit, in bytes. */
export const PUBLIC_BUDGET_BYTES = 150 * 1024;
export const SIGNED_IN_BUDGET_BYTES = 350 * 1024;

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const ADMIN_EMAIL = 'admin@demo.apron.test';

export interface PageWeight {
  page: string;
  /** JavaScript responses: encoded body bytes received (as sent, compressed), headers excluded. */
  jsWireBytes: number;
  /** The response headers of those files (CSP and other security headers on each: ~1.1 KB a file). */
  jsHeaderBytes: number;
  /** The same responses decoded (what the browser parses). */
  jsDecodedBytes: number;
  jsFiles: number;
  /** Each script: path and encoded bytes, largest first. */
  scripts: Array<{ path: string; wireBytes: number }>;
  budgetBytes: number;
  /** Body plus headers within the budget (the 722 KB for `/` counted both). */
  withinBudget: boolean;
}

export interface FirstLoadResult {
  pages: PageWeight[];
}

interface Tally {
  wire: number;
  headers: number;
  decoded: number;
  files: number;
  scripts: Array<{ path: string; wireBytes: number }>;
}

/**
 * Counts the JavaScript a navigation downloads, from Chromium's own network events (CDP):
 * `Network.loadingFinished.encodedDataLength` per Script response, less its headers. The cache is disabled, so
 * every page is measured as a first visit.
 */
async function tallyScripts(page: Page, navigate: () => Promise<void>, settle: () => Promise<void> = () => page.waitForLoadState('networkidle')): Promise<Tally> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { path: string; decoded: number; headers: number }>();
  const tally: Tally = { wire: 0, headers: 0, decoded: 0, files: 0, scripts: [] };
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { path: new URL(event.response.url).pathname, decoded: 0, headers: event.response.encodedDataLength });
  });
  cdp.on('Network.dataReceived', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (!script) return;
    // At responseReceived, encodedDataLength is what arrived so far: the headers.
    tally.wire += event.encodedDataLength - script.headers;
    tally.headers += script.headers;
    tally.decoded += script.decoded;
    tally.files += 1;
    tally.scripts.push({ path: script.path, wireBytes: event.encodedDataLength - script.headers });
  });
  await navigate();
  await settle();
  await cdp.detach();
  tally.scripts.sort((a, b) => b.wireBytes - a.wireBytes);
  return tally;
}

function weigh(name: string, tally: Tally, budgetBytes: number): PageWeight {
  return { page: name, jsWireBytes: tally.wire, jsHeaderBytes: tally.headers, jsDecodedBytes: tally.decoded, jsFiles: tally.files, scripts: tally.scripts, budgetBytes, withinBudget: tally.wire + tally.headers <= budgetBytes };
}

/** The demo administrator signs in through the real login page; the return is measured. */
async function signInReturn(context: BrowserContext, baseUrl: string): Promise<Tally> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Login' }).or(page.getByRole('link', { name: 'Login' })).first().click();
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  const tally = await tallyScripts(page, async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Open menu' }).waitFor({ timeout: 30_000 });
  });
  await page.close();
  return tally;
}

async function visit(context: BrowserContext, url: string): Promise<Tally> {
  const page = await context.newPage();
  const tally = await tallyScripts(page, async () => {
    await page.goto(url);
  });
  await page.close();
  return tally;
}

/**
 * `/listings` counted only until its first listing is on screen: the map (and Leaflet) is
 * mounted after the list, so this is what the list itself waits for; `visit` counts the map too.
 */
async function visitUntilListShown(context: BrowserContext, url: string): Promise<Tally> {
  const page = await context.newPage();
  const tally = await tallyScripts(
    page,
    async () => {
      await page.goto(url);
    },
    () => page.getByRole('list', { name: 'Listings' }).getByRole('listitem').first().waitFor({ timeout: 30_000 }),
  );
  await page.close();
  return tally;
}

/**
 * Starts the built app (`npm run build -w apps/web` first) in demo mode on a scratch database
 * and opens each page in Debian's Chromium, a fresh browser context per public page.
 */
export async function measureFirstLoad(db: ScratchDb | null, baseUrl?: string): Promise<FirstLoadResult> {
  // `baseUrl`: a running demo server of the built app (BENCH_WEB_URL) instead of one started here.
  const started = baseUrl || !db ? null : await startServer(SERVER_MAIN, { ...db.env, APRON_DEMO: '1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_SECRET: 'bench-'.padEnd(40, 'x') }, { timeoutMs: 180_000 });
  const server = { url: baseUrl ?? started!.url };
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const pages: PageWeight[] = [];
    for (const path of ['/', '/listings', '/tiedown/create']) {
      const context = await browser.newContext();
      pages.push(weigh(path, await visit(context, `${server.url}${path}`), PUBLIC_BUDGET_BYTES));
      await context.close();
    }
    const listContext = await browser.newContext();
    pages.push(weigh('/listings until the list shows', await visitUntilListShown(listContext, `${server.url}/listings`), PUBLIC_BUDGET_BYTES));
    await listContext.close();
    const context = await browser.newContext();
    pages.push(weigh('sign-in return (callback to home)', await signInReturn(context, server.url), PUBLIC_BUDGET_BYTES));
    pages.push(weigh('/invoices (admin)', await visit(context, `${server.url}/invoices`), SIGNED_IN_BUDGET_BYTES));
    await context.close();
    return { pages };
  } finally {
    await browser?.close();
    await started?.stop();
  }
}
