import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT, E2E_SCALE_PORT, E2E_SMTP_PORT, SCALE_BASE_URL, SCALE_DEMO_INVOICES } from './support/env';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_DATA_DIR lets two people run journeys side by side on one machine (each with its own E2E_PORT).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(here, '.data');

/**
 * Journeys run against the built app (the root `npm run test:e2e` builds the web first) in
 * demo mode on a fresh scratch data dir, in Debian's Chromium (`apt-get install chromium`;
 * never `npx playwright install`: this machine cannot download browsers).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // .ci/run reads the totals from here.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as ['json', { outputFile: string }]] : []),
  ],
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
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
    { name: 'anonymous', testMatch: /anonymous\/.*\.spec\.ts/ },
    { name: 'setup', testMatch: /signed-in\/.*\.setup\.ts/ },
    { name: 'signed-in', testMatch: /signed-in\/.*\.spec\.ts/, dependencies: ['setup'] },
    // At a real size (issue 20 §1), on the second server: signs in on its own.
    { name: 'scale', testMatch: /scale\/.*\.spec\.ts/, use: { baseURL: SCALE_BASE_URL } },
  ],
  webServer: [
    {
      command: `rm -rf "${dataDir}" && npm run start -w apps/server`,
      cwd: path.join(here, '..'),
      env: {
        APRON_DEMO: '1',
        DATA_DIR: dataDir,
        PORT: String(E2E_PORT),
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        // E-mail goes to a journey's own listener (tests/signed-in/chat.spec.ts); while none runs, delivery fails and is retried later.
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      },
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      // A busy machine (2 cores under load) took ~105 s to start the demo server.
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The same demo with generated invoices on a data dir and port of its own, started in
      // parallel with the one above; no journey of the main server sees its data.
      command: `rm -rf "${dataDir}-scale" && npm run start -w apps/server`,
      cwd: path.join(here, '..'),
      env: {
        APRON_DEMO: '1',
        APRON_DEMO_INVOICES: String(SCALE_DEMO_INVOICES),
        DATA_DIR: `${dataDir}-scale`,
        PORT: String(E2E_SCALE_PORT),
        PUBLIC_URL: SCALE_BASE_URL,
        LOG_LEVEL: 'warn',
        // Nobody listens here: this server's mail is never read.
        SMTP_URL: `smtp://127.0.0.1:${E2E_SCALE_PORT + 1000}`,
      },
      url: `${SCALE_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
