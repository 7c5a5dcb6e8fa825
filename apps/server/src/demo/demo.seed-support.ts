/**
 * The demo's accounts and password, for the clients that sign in as them (e2e/, the bench's first
 * load) and tests: the demo, bench/, e2e/ and tests only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts';
