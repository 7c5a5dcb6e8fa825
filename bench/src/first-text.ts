import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_DIR, SERVER_MAIN, startServer } from './server-process';
import type { ScratchDb } from './scratch-db';

/**
 * Issue 25 §1: how soon a pilot on a slow phone sees the public pages' text. Chromium with the
 * issue's slow-phone profile (CPU 4x slower, 1.6 Mbps down, 750 kbps up, 150 ms round trip, no
 * cache), each page in a fresh context, measured twice: as the server sends it now (rendered
 * HTML, then hydration) and as the app shell alone (the document swapped for the built
 * index.html in the browser: what every visitor got before), so both runs share one server.
 */
export const FIRST_TEXT_TARGET_MS = 1000;
export const CLS_TARGET = 0.05;

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SLOW_PHONE = { cpuSlowdown: 4, latencyMs: 150, downloadBitsPerS: 1_600_000, uploadBitsPerS: 750_000 };
const PAGES = ['/', '/listings', '/tiedown/create'];
/** How many loads of each page and mode; the median is reported. */
const RUNS = 3;

export interface FirstTextSample {
  page: string;
  mode: 'server-rendered' | 'app shell (before)';
  /** First contentful paint, ms after navigation start (median). */
  fcpMs: number;
  /** The page's h1 with its text in the DOM, ms after navigation start (median). */
  h1Ms: number;
  /** Cumulative layout shift until the network is idle (largest of the runs). */
  cls: number;
  /** JavaScript received, body bytes as sent (compressed). */
  jsWireBytes: number;
}

export interface FirstTextResult {
  profile: typeof SLOW_PHONE;
  samples: FirstTextSample[];
}

/** Runs in the page before anything else: when the h1 has text, and the layout shifts. */
const OBSERVERS = `
  window.__firstText = { h1: null, cls: 0 };
  const seen = () => {
    const h1 = document.querySelector('h1');
    if (window.__firstText.h1 === null && h1 && h1.textContent.trim() !== '') window.__firstText.h1 = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__firstText.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function loadOnce(browser: Browser, url: string, shell: string | null): Promise<{ fcp: number; h1: number; cls: number; js: number }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const page: Page = await context.newPage();
  try {
    await page.addInitScript(OBSERVERS);
    // The "before" run: the document is the app shell, everything else comes from the server.
    if (shell !== null) await page.route((target) => target.pathname === new URL(url).pathname, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: shell }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBitsPerS / 8,
      uploadThroughput: SLOW_PHONE.uploadBitsPerS / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    let js = 0;
    const scripts = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, event.response.encodedDataLength);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const headers = scripts.get(event.requestId);
      if (headers !== undefined) js += event.encodedDataLength - headers;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForFunction(() => (globalThis as unknown as { __firstText: { h1: number | null } }).__firstText.h1 !== null, undefined, { timeout: 30_000 });
    const measured = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const state = (globalThis as unknown as { __firstText: { h1: number; cls: number } }).__firstText;
      return { fcp: paint ? paint.startTime : Number.NaN, h1: state.h1, cls: state.cls };
    });
    await cdp.detach();
    return { ...measured, js };
  } finally {
    await context.close();
  }
}

/** `baseUrl`: a running server to measure (else the built app is started in demo mode on `db`). */
export async function measureFirstText(db: ScratchDb | null, baseUrl?: string): Promise<FirstTextResult> {
  const shell = fs.readFileSync(path.join(REPO_DIR, 'apps/web/dist/index.html'), 'utf8');
  const server = baseUrl || !db ? null : await startServer(SERVER_MAIN, { ...db.env, APRON_DEMO: '1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_SECRET: 'bench-'.padEnd(40, 'x') }, { timeoutMs: 180_000 });
  const url = baseUrl ?? server!.url;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const samples: FirstTextSample[] = [];
    for (const pagePath of PAGES) {
      for (const [mode, document] of [['server-rendered', null], ['app shell (before)', shell]] as const) {
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await loadOnce(browser, `${url}${pagePath}`, document));
        samples.push({
          page: pagePath,
          mode,
          fcpMs: median(runs.map((r) => r.fcp)),
          h1Ms: median(runs.map((r) => r.h1)),
          cls: Math.max(...runs.map((r) => r.cls)),
          jsWireBytes: median(runs.map((r) => r.js)),
        });
      }
    }
    return { profile: SLOW_PHONE, samples };
  } finally {
    await browser?.close();
    await server?.stop();
  }
}
