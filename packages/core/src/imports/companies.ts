import { z } from 'zod';
import { ZCompanyInput } from '../companies/index';
import { ZEmail } from '../common/text';
import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * Import kind `companies`: one row per owner (company), with its users in two list columns
 * (`userEmails`, `userNames`, values separated by ';', matched by position). The company's
 * fields are the Add Owner form's (ZCompanyInput); users are created without a password and
 * without an invitation e-mail (docs/import.md, "companies").
 */
export const COMPANY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  EXTERNAL_ID_COLUMN,
  {
    key: 'name', label: 'Name', type: 'text', required: true, example: 'Sierra Nevada Hangar Co',
    aliases: ['company', 'company name', 'owner', 'owner name', 'tenant', 'tenant name', 'business name', 'lessee'],
  },
  {
    key: 'description', label: 'Description', type: 'text', required: true, example: 'Corporate hangar tenant',
    aliases: ['notes', 'business description', 'type of business', 'comments'],
  },
  { key: 'address1', label: 'Address 1', type: 'text', example: '1200 Airport Road', aliases: ['address', 'street', 'address line 1', 'mailing address'] },
  { key: 'address2', label: 'Address 2', type: 'text', example: 'Suite 4', aliases: ['address line 2', 'suite', 'unit'] },
  { key: 'city', label: 'City', type: 'text', example: 'Minden', aliases: ['town'] },
  { key: 'state', label: 'State', type: 'text', example: 'NV', aliases: ['province', 'region', 'st'] },
  { key: 'zip', label: 'Zip', type: 'text', example: '89423', aliases: ['zip code', 'postal code', 'postcode'], help: 'Digits only (a leading zero is kept).' },
  {
    key: 'email', label: 'E-mail', type: 'email', required: true, example: 'office@sierranevadahangar.example',
    aliases: ['email address', 'company email', 'billing email', 'mail'],
  },
  { key: 'phone', label: 'Phone', type: 'text', example: '7755550142', aliases: ['phone number', 'telephone', 'company phone', 'tel'], help: 'Digits only.' },
  { key: 'contactName', label: 'Contact name', type: 'text', example: 'Dana Whitfield', aliases: ['contact', 'contactname', 'contact person', 'primary contact'] },
  { key: 'contactPhone', label: 'Contact phone', type: 'text', example: '7755550199', aliases: ['contactphone', 'contact phone number', 'contact tel', 'mobile', 'cell'] },
  { key: 'isPaperless', label: 'Paperless', type: 'boolean', example: 'yes', aliases: ['paperless', 'e-billing', 'email invoices'], help: 'Invoices by e-mail only (yes/no; default no).' },
  {
    key: 'status', label: 'Status', type: 'text', example: 'Active', aliases: ['company status', 'account status'],
    help: 'Active, Inactive or Approval Needed (default Active).',
  },
  {
    key: 'userEmails', label: 'User e-mails', type: 'list', example: 'dana@sierranevadahangar.example;accounts@sierranevadahangar.example',
    aliases: ['users', 'user emails', 'portal users', 'logins', 'user email'],
    help: "The company's portal users, separated by ';'. They are created without a password and get no e-mail from the import.",
  },
  {
    // Text, split by the schema: an empty place (a user without a name) keeps the names in step with the e-mails.
    key: 'userNames', label: 'User names', type: 'text', example: 'Dana Whitfield;Accounts Payable',
    aliases: ['user names', 'user name', 'portal user names'],
    help: "The users' names in the same order as their e-mails, separated by ';' (\"Given Family\": the last word is the family name).",
  },
];

/** A portal user of an imported company. */
export interface TCompanyImportUser {
  email: string;
  givenName: string;
  familyName: string;
}

/** "Mary Ann Smith" -> given "Mary Ann", family "Smith"; one word is a given name. */
export function splitPersonName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { givenName: words[0] ?? '', familyName: '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words[words.length - 1]! };
}

const { contactname, contactphone, ...companyFields } = ZCompanyInput.shape;

/** One row of a companies file: the Add Owner form's fields (camelCase contact keys) and the users. */
export const ZCompanyImportRow = z
  .object({
    ...companyFields,
    contactName: contactname,
    contactPhone: contactphone,
    status: companyFields.status.default('Active'),
    userEmails: z.array(ZEmail).max(100, 'At most 100 users per company').default([]),
    userNames: z
      .string()
      .default('')
      .transform((names) => (names.trim() === '' ? [] : names.split(';').map((name) => name.trim())))
      .pipe(z.array(z.string().max(201, 'A name must be at most 200 characters'))),
  })
  .superRefine((row, ctx) => {
    if (row.userNames.length > row.userEmails.length) {
      ctx.addIssue({ code: 'custom', path: ['userNames'], message: 'More user names than user e-mails: names are matched to e-mails by position' });
    }
    const seen = new Set<string>();
    for (const email of row.userEmails) {
      if (seen.has(email)) ctx.addIssue({ code: 'custom', path: ['userEmails'], message: `${email} is listed twice` });
      seen.add(email);
    }
  })
  .transform(({ userEmails, userNames, ...company }) => ({
    ...company,
    users: userEmails.map((email, i): TCompanyImportUser => ({ email, ...splitPersonName(userNames[i] ?? '') })),
  }));
export type TCompanyImportRow = z.output<typeof ZCompanyImportRow>;
