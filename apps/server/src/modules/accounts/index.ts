/** The accounts module's public door. */
export { accounts, type AccountRow } from './accounts.table';
export { ensureFirstAdmin, DEFAULT_ADMIN_EMAIL } from './bootstrap-admin';
export { findAccountByEmail, findAccountById, insertAccount, type NewAccount } from './accounts.repo';
