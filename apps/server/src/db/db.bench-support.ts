/**
 * The database handles the bench opens beside the server (scratch databases, the bare baseline):
 * for bench/ only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { openPglite, openPostgres, type Database, type DbOrTx } from './client';
export { rowsOf } from './rows';
