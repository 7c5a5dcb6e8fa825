import type { ImportKindName } from '@apron/core/imports';

/** What the page says of each kind: its name, what a file of it brings, and where its records are listed. */
export interface TKindInfo {
  label: string;
  /** How a count of its records reads: '1 property', '200 properties'. */
  one: string;
  many: string;
  brings: string;
  /** The grid where the imported records show (the success toast and the finished batch link to it). */
  recordsPath: string;
  recordsLabel: string;
}

export const KIND_INFO: Record<ImportKindName, TKindInfo> = {
  properties: {
    label: 'Properties',
    one: 'property',
    many: 'properties',
    brings: 'Hangars, tie-downs and other spaces: type, area, attributes, rent, status and location.',
    recordsPath: '/properties/listings',
    recordsLabel: 'Open the properties',
  },
  companies: {
    label: 'Companies',
    one: 'company',
    many: 'companies',
    brings: 'Tenant companies with their contact details and their users.',
    recordsPath: '/companies',
    recordsLabel: 'Open the owners',
  },
  agreements: {
    label: 'Agreements',
    one: 'agreement',
    many: 'agreements',
    brings: 'Leases: company, properties, dates, rent, invoice cycle, deposit and escalation.',
    recordsPath: '/agreements',
    recordsLabel: 'Open the lease agreements',
  },
  insurances: {
    label: 'Insurances',
    one: 'insurance',
    many: 'insurances',
    brings: "Companies' insurance certificates: type, insurer, policy number and expiry.",
    recordsPath: '/companies',
    recordsLabel: 'Open the owners',
  },
  balances: {
    label: 'Opening balances',
    one: 'opening balance',
    many: 'opening balances',
    brings: 'Credits companies held in the old system, as opening balance credits.',
    recordsPath: '/companies',
    recordsLabel: 'Open the owners',
  },
  invoices: {
    label: 'Open invoices',
    one: 'invoice',
    many: 'invoices',
    brings: 'Historical invoices still open, with their lines and the payments already received.',
    recordsPath: '/invoices',
    recordsLabel: 'Open the invoices',
  },
  assets: {
    label: 'Assets',
    one: 'asset',
    many: 'assets',
    brings: "Equipment and other assets of each master, with the master's configured fields.",
    recordsPath: '/asset',
    recordsLabel: 'Open the assets',
  },
  applicants: {
    label: 'Wait-list applicants',
    one: 'applicant',
    many: 'applicants',
    brings: 'People on the wait lists, with their original join date and their place.',
    recordsPath: '/waitList',
    recordsLabel: 'Open the wait lists',
  },
};
