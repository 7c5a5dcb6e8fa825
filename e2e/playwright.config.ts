import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_DATA_DIR as dataDir, E2E_PORT, E2E_SCALE_PORT, E2E_SMTP_PORT, SCALE_BASE_URL, SCALE_DEMO_INVOICES } from './support/env';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Journeys run against the built app (the root `npm run test:e2e` builds the web first) in
 * demo mode on a fresh scratch data dir, in Debian's Chromium (`apt-get install chromium`;
 * never `npx playwright install`: this machine cannot download browsers).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Two lanes on two cores: the journeys one after another (they share the demo data, and some
  // count what they find), and beside them what reads without counting: the accessibility runs,
  // the anonymous journeys and the scale journey on its own server. Each project takes one worker
  // at a time; while axe or a page keeps Chromium busy in one lane, the other lane's server works.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Waits sized for a 2-core machine under both lanes, where a journey step took 2-3x its quiet
  // time (CI, 2026-11-28: a save's toast and a page's first heading each once past 10 s, a journey
  // 58 s of 60). A passing check returns as soon as it holds, so a longer wait costs nothing then.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // The run's one SMTP listener (support/mailbox.ts): journeys in both lanes read their own mail.
  globalSetup: './support/global-setup.ts',
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // .ci/run reads the totals from here.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as ['json', { outputFile: string }]] : []),
  ],
  use: {
    baseURL: BASE_URL,
    headless: true,
    // No trace unless asked for (E2E_TRACE=retain-on-failure): recording one for every journey
    // (a screencast and DOM snapshots at each step) keeps Chromium busy the whole run: a quiet run
    // with traces took 11.7 min on a 2-core machine (2026-11-27), one without 8.6 (2026-11-28).
    // A failure still leaves its screenshot and its page snapshot (test-results/*/error-context.md).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine's network is closed: without these Chromium keeps dialling Google's hosts.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Anonymous journeys do not wait for sign-in: they still run when signing in is broken.
    { name: 'anonymous', testMatch: /anonymous\/.*\.spec\.ts/, workers: 1 },
    { name: 'setup', testMatch: /signed-in\/.*\.setup\.ts/, workers: 1 },
    // Every page as the admin and as a tenant: reads only (one pay link made), beside the journeys.
    { name: 'accessibility', testMatch: /signed-in\/accessibility\.spec\.ts/, dependencies: ['setup'], workers: 1 },
    { name: 'signed-in', testMatch: /signed-in\/.*\.spec\.ts/, testIgnore: /signed-in\/accessibility\.spec\.ts/, dependencies: ['setup'], workers: 1 },
    // At a real size (issue 20 §1), on the second server: signs in on its own, but after the setup
    // all the same. Playwright runs projects in phases (a project waits for every project of the
    // phase before); without a dependency this 2-3 minute journey held the signed-in lanes back.
    { name: 'scale', testMatch: /scale\/.*\.spec\.ts/, use: { baseURL: SCALE_BASE_URL }, dependencies: ['setup'], workers: 1 },
  ],
  webServer: [
    {
      // The same demo with generated invoices on a data dir and port of its own; no journey of
      // the main server sees its data. Playwright starts web servers one after the other and
      // waits for each one's url: this one has none, so it seeds beside the main one instead of
      // after it, and its journey waits for its health (tests/scale).
      command: `rm -rf "${dataDir}-scale" && npm run start -w apps/server`,
      cwd: path.join(here, '..'),
      env: {
        APRON_DEMO: '1',
        APRON_DEMO_INVOICES: String(SCALE_DEMO_INVOICES),
        DATA_DIR: `${dataDir}-scale`,
        PORT: String(E2E_SCALE_PORT),
        PUBLIC_URL: SCALE_BASE_URL,
        LOG_LEVEL: 'warn',
        // No mail: its e-mails (thousands of invoices') stay queued instead of failing every minute.
        SMTP_URL: '',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `rm -rf "${dataDir}" && npm run start -w apps/server`,
      cwd: path.join(here, '..'),
      env: {
        APRON_DEMO: '1',
        DATA_DIR: dataDir,
        PORT: String(E2E_PORT),
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        // E-mail goes to the run's listener (support/mailbox.ts, started by the global setup).
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      },
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      // A busy machine (2 cores under load) took ~105 s to start the demo server.
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
