import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { attachmentOwners } from '../attachments/index';
import { companiesRoutes } from './companies.routes';
import { canListCompanies, isCompanyUser } from './companies.policy';
import { findCompany } from './companies.repo';
import { hasModule } from '@apron/core';

/** Owners (companies and their users): the module's public door. */
export async function registerCompanies(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await companiesRoutes(app, ctx);
  // A company's documents and remarks: Company staff, and the company's own users.
  const canSee = async (user: Parameters<typeof canListCompanies>[0], id: string, db: Parameters<typeof findCompany>[0]) => {
    if (hasModule(user, 'Company')) return !!(await findCompany(db, id));
    return isCompanyUser(user) && user.companyId === id && !!(await findCompany(db, id));
  };
  ctx.plugins.provide(attachmentOwners, 'company', { module: 'Company', canRead: canSee, canWrite: canSee });
}

export { findCompany, findCompaniesByIds, insertCompany, listFirstCompanyIds } from './companies.repo';
export { isCompanyUser } from './companies.policy';
export { lockCompany, lockCompanyCte } from './company-lock';
export { companyDirectory } from './company-directory';
export { companyKeyOf, findCompaniesByReference, lockCompanies } from './company-refs';
/** Import and export of companies with their users (issue 23), and companies by an import's reference. */
export { companiesImportKind } from './companies.import';
