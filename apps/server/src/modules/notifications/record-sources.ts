import { hasModule, type TSessionUser } from '@apron/core';
import { companyTemplateFields, invoiceTemplateFields } from '@apron/core/communications';
import type { AppContext } from '../../platform/context';
import { recordSources } from '../../platform/events/index';
import { findCompany, isCompanyUser } from '../companies/index';
import { canReadInvoices, findInvoice, invoiceScopeOf } from '../invoices/index';
import { applicantTemplateFields } from '../waitlist/index';

const mayReadCompanies = (user: TSessionUser) => hasModule(user, 'Company') || isCompanyUser(user);
const mayReadApplicants = (user: TSessionUser) => hasModule(user, 'Waitlist');

/**
 * The notice sources of the landed modules (Company, Invoices), read with the caller's scope so a
 * company user reaches only their own records; wait-list applicants are staff business (Waitlist
 * module holders only), and the applicant's own e-mail is the record's contact.
 */
export function registerLandedRecordSources(ctx: AppContext): void {
  ctx.plugins.provide(recordSources, 'Company', {
    mayRead: mayReadCompanies,
    async read(db, user, id) {
      // null reads every company: only for Company staff; a company user is held to their own
      const scope = hasModule(user, 'Company') ? null : isCompanyUser(user) ? user.companyId : undefined;
      if (scope === undefined) return null;
      const company = await findCompany(db, id, scope);
      if (!company) return null;
      return { label: company.name, companyId: company.id, contacts: [company.email], fields: companyTemplateFields(company) };
    },
  });
  ctx.plugins.provide(recordSources, 'Invoices', {
    mayRead: canReadInvoices,
    async read(db, user, id) {
      if (!canReadInvoices(user)) return null;
      const invoice = await findInvoice(db, id, invoiceScopeOf(user));
      if (!invoice) return null;
      return {
        label: `Invoice #${invoice.invoiceNumber}`,
        companyId: invoice.companyId,
        contacts: [invoice.tenantEmail],
        fields: invoiceTemplateFields({ ...invoice, companyName: invoice.tenantName }),
      };
    },
  });
  ctx.plugins.provide(recordSources, 'Waitlist', {
    mayRead: mayReadApplicants,
    async read(db, user, id) {
      if (!mayReadApplicants(user)) return null;
      const applicant = await applicantTemplateFields(db, id);
      if (!applicant) return null;
      const name = `${String(applicant.fields.firstName ?? '')} ${String(applicant.fields.lastName ?? '')}`.trim();
      return { label: name || 'Applicant', companyId: null, contacts: applicant.email ? [applicant.email] : [], fields: applicant.fields };
    },
  });
}
