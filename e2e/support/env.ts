import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The servers' scratch data dirs (E2E_DATA_DIR lets two people run journeys side by side, each with its own E2E_PORT). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.data');
/** Where the run's one SMTP listener keeps what the portal sent (support/mailbox.ts). */
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}-mail`;
/** Where the portal under test listens (its own port, so a running `npm run demo` is untouched). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** The run's SMTP listener (support/mailbox.ts: e.g. the applicant's private link arrives by e-mail); the portal sends there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1000);
/**
 * A second demo server with `APRON_DEMO_INVOICES` generated invoices, for the journeys at a real
 * size (tests/scale); it starts beside the main one, so it adds no start-up time of its own.
 */
export const E2E_SCALE_PORT = Number(process.env.E2E_SCALE_PORT ?? E2E_PORT + 2000);
export const SCALE_BASE_URL = `http://localhost:${E2E_SCALE_PORT}`;
export const SCALE_DEMO_INVOICES = 5_000;
