/** Where the portal under test listens (its own port, so a running `npm run demo` is untouched). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
