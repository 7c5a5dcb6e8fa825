import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { accountsRoutes } from './accounts.routes';

/** The accounts module's public door. */
export async function registerAccounts(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await accountsRoutes(app, ctx);
}

/** The accounts table is platform/auth's (docs/adr/0004): this module administers accounts through its functions. */
export type { AccountRow } from '../../platform/auth/accounts.table';
export { ensureFirstAdmin, DEFAULT_ADMIN_EMAIL } from './bootstrap-admin';
export { findAccountByEmail, findAccountById, insertAccount, type NewAccount } from '../../platform/auth/accounts.repo';
export { createCompanyUser, sendInvitation, DUPLICATE_EMAIL_MESSAGE, type CompanyUserInput } from './accounts.service';
export { presentAccount } from './accounts.presenter';
