/** Where the portal under test listens (its own port, so a running `npm run demo` is untouched). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** A journey's own SMTP listener (e.g. the chat's: the applicant's private link arrives by e-mail); the portal sends there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1000);
/**
 * A second demo server with `APRON_DEMO_INVOICES` generated invoices, for the journeys at a real
 * size (tests/scale); it starts beside the main one, so it adds no start-up time of its own.
 */
export const E2E_SCALE_PORT = Number(process.env.E2E_SCALE_PORT ?? E2E_PORT + 2000);
export const SCALE_BASE_URL = `http://localhost:${E2E_SCALE_PORT}`;
export const SCALE_DEMO_INVOICES = 5_000;
