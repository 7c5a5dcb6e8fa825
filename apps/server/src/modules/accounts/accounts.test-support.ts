/** What tests of other modules need from accounts, kept out of its door (docs/adr/0004, "Doors"). */
export { DEFAULT_ADMIN_EMAIL } from './bootstrap-admin';
export type { NewAccount, NewAccountInput } from '../../platform/auth/accounts.repo';
