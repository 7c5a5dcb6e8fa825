/**
 * The rate limit's counter store, for the bench's bare routes: the public form's baseline counts
 * each request as the app's limiter does, one upsert per request (lint: apron/boundaries;
 * docs/adr/0004, "Doors").
 */
export { createPostgresRateLimitStore } from './postgres-store';
