/**
 * Signed-in clients for the bench's load (a session row and its cookie, the CSRF header): for
 * bench/ only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { createSession, hashToken, SESSION_COOKIE } from './sessions';
export { CSRF_HEADER } from './csrf';
