import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { accountsRoutes } from './accounts.routes';

/** The accounts module's public door. */
export async function registerAccounts(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await accountsRoutes(app, ctx);
}

/** The accounts table is platform/auth's (docs/adr/0004): this module administers accounts through its functions. */
export type { AccountRow } from '../../platform/auth/accounts.table';
export { ensureFirstAdmin } from './bootstrap-admin';
export { findAccountByEmail, insertAccount } from '../../platform/auth/accounts.repo';
export { createCompanyUser, removeCompanyUser, sendInvitation, type CompanyUserAdded } from './accounts.service';
/** Company users by the set, without invitations: the import of companies with their users (issue 23). */
export {
  deleteCompanyUsers, findAccountsByEmails, findUsedCompanyUsers, insertCompanyUsers, linkCompanyUsers, listUsersOfCompanies, unlinkCompanyUsers,
  type CompanyUserLink, type NewCompanyUser,
} from '../../platform/auth/company-accounts-bulk.repo';
