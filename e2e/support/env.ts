/** Where the portal under test listens (its own port, so a running `npm run demo` is untouched). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** A journey's own SMTP listener (e.g. the chat's: the applicant's private link arrives by e-mail); the portal sends there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1000);
