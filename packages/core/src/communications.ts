import { z } from 'zod';
import { ZEmail } from './common/text';
import { ZId } from './common/list';
import { formatDate } from './dates';
import { formatMoney } from './money-format';

/**
 * Communications (issue 13): the record fields each module offers to notification and notice
 * templates (`GET Notifications/Fields`, `GET Notices/Fields`, the editor's insert-field menu,
 * and the check that refuses a template naming an unknown field), and the calls' shapes.
 *
 * A module that publishes events (`platform/events` `publishEvent`) sends exactly these field
 * names, as display strings (dates MM/DD/YYYY, money `$0.00`).
 */
export interface TTemplateField {
  name: string;
  label: string;
}

const common: TTemplateField[] = [
  { name: 'module', label: 'Module' },
  { name: 'trigger', label: 'Trigger (Created, Updated, Removed, Expiring)' },
];

export const MODULE_TEMPLATE_FIELDS = {
  Company: [
    { name: 'name', label: 'Company name' },
    { name: 'status', label: 'Status' },
    { name: 'email', label: 'Email' },
    { name: 'phone', label: 'Phone' },
    { name: 'contactName', label: 'Contact name' },
    { name: 'city', label: 'City' },
    { name: 'state', label: 'State' },
  ],
  Invoices: [
    { name: 'invoiceNumber', label: 'Invoice number' },
    { name: 'name', label: 'Invoice name' },
    { name: 'companyName', label: 'Company name' },
    { name: 'status', label: 'Status' },
    { name: 'invoiceDate', label: 'Invoice date' },
    { name: 'dueDate', label: 'Due date' },
    { name: 'total', label: 'Total' },
    { name: 'amountDue', label: 'Amount due' },
  ],
  Lease: [
    { name: 'agreementNum', label: 'Agreement number' },
    { name: 'title', label: 'Title' },
    { name: 'companyName', label: 'Company name' },
    { name: 'status', label: 'Status' },
    { name: 'startDate', label: 'Start date' },
    { name: 'endDate', label: 'End date' },
    // Expiring (insurance reminders): which certificate ends when.
    { name: 'insuranceType', label: 'Insurance type (reminders)' },
    { name: 'insuranceEndDate', label: 'Insurance end date (reminders)' },
    { name: 'daysLeft', label: 'Days until the insurance ends (reminders)' },
  ],
  Property: [
    { name: 'name', label: 'Property name' },
    { name: 'status', label: 'Status' },
    { name: 'address', label: 'Address' },
  ],
  Tiedown: [
    { name: 'firstName', label: 'First name' },
    { name: 'lastName', label: 'Last name' },
    { name: 'email', label: 'Email' },
    { name: 'arrivalDate', label: 'Arrival date' },
    { name: 'departureDate', label: 'Departure date' },
    { name: 'aircraftNumber', label: 'Aircraft number' },
    { name: 'amount', label: 'Amount' },
  ],
  Waitlist: [
    { name: 'firstName', label: 'First name' },
    { name: 'lastName', label: 'Last name' },
    { name: 'email', label: 'Email' },
    { name: 'organization', label: 'Organization' },
    { name: 'propertyType', label: 'Property type' },
    { name: 'status', label: 'Status' },
    { name: 'position', label: 'Queue position' },
  ],
  // Inspections, Workorders and Assets are no permission module: rules about them reach every
  // enabled staff member (Internal) and no company (their records have none).
  Inspections: [
    { name: 'name', label: 'Inspection' },
    { name: 'inspectionFor', label: 'Inspection for' },
    { name: 'subjectType', label: 'Property or agreement' },
    { name: 'inspectorName', label: 'Inspector name' },
    { name: 'inspectorEmail', label: 'Inspector email' },
    { name: 'status', label: 'Status' },
  ],
  Workorders: [
    { name: 'refNumber', label: 'Reference number' },
    { name: 'name', label: 'Work order' },
    { name: 'contractorName', label: 'Contractor name' },
    { name: 'contractorEmail', label: 'Contractor email' },
    { name: 'status', label: 'Status' },
    { name: 'failedChecks', label: 'Failed checks' },
  ],
  Assets: [
    { name: 'assetNumber', label: 'Asset number' },
    { name: 'assetType', label: 'Asset type' },
    { name: 'status', label: 'Status (Active, Inactive)' },
    { name: 'latitude', label: 'Latitude' },
    { name: 'longitude', label: 'Longitude' },
  ],
} as const satisfies Record<string, readonly TTemplateField[]>;

export type TEventModule = keyof typeof MODULE_TEMPLATE_FIELDS;
/** `Expiring`: a record nears its end (the insurance reminders of issue 24). */
export const EVENT_TRIGGERS = ['Created', 'Updated', 'Removed', 'Expiring'] as const;
export type TEventTrigger = (typeof EVENT_TRIGGERS)[number];

/** Every field a template of this module may name (the module's own plus module and trigger). */
export function templateFieldsOf(module: string): TTemplateField[] {
  const own = (MODULE_TEMPLATE_FIELDS as Record<string, readonly TTemplateField[]>)[module];
  return own ? [...own, ...common] : [...common];
}

export const ZTemplateField = z.object({ name: z.string(), label: z.string() });
/** `GET Notifications/Fields` and `GET Notices/Fields`: module -> fields. */
export const ZTemplateFieldsByModule = z.record(z.string(), z.array(ZTemplateField));

/** `POST SendNotices`: the notice's key, the record it is about, and one recipient. */
export const ZSendNotice = z.object({
  key: z.string().trim().min(1, 'Key is required').max(80),
  id: ZId,
  email: ZEmail,
});
export type TSendNotice = z.infer<typeof ZSendNotice>;

/** Kinds whose body carries a link meant for the recipient only: Notifications Sent never shows it. */
// waitlist-joined carries the applicant's private link (their queue place and chat).
export const PRIVATE_MAIL_KINDS: readonly string[] = ['invite', 'set-password', 'password-reset', 'sign-in', 'waitlist-joined'];

/** One sent (or tried) e-mail with its body, for Notifications Sent; `html` is sanitised. */
export const ZSentMailBody = z.object({
  _id: z.string(),
  subject: z.string(),
  /** Sanitised HTML, or null when the e-mail had only text or its body is private. */
  html: z.string().nullable(),
  text: z.string().nullable(),
  private: z.boolean(),
});
export type TSentMailBody = z.infer<typeof ZSentMailBody>;

export const COMMUNICATION_MESSAGES = {
  noticeNotFound: 'Notice not found',
  recordNotFound: 'Record not found',
  recipientNotAllowed: 'The recipient must be a contact of the record’s company or an internal user',
  noticeSent: 'Email Sent',
} as const;

/** A record's template fields: display strings, by the names of `MODULE_TEMPLATE_FIELDS`. */
export type TTemplateValues = Record<string, string | number | boolean | null>;

/** Date-only columns (YYYY-MM-DD) as the UI shows them; empty when missing. */
const day = (value: string | null | undefined): string => (value ? formatDate(value) : '');

export function companyTemplateFields(c: { name: string; status: string; email: string; phone: string; contactName: string; city: string; state: string }): TTemplateValues {
  return { name: c.name, status: c.status, email: c.email, phone: c.phone, contactName: c.contactName, city: c.city, state: c.state };
}

export function invoiceTemplateFields(i: {
  invoiceNumber: number; name: string; status: string; invoiceDate: string; dueDate: string | null; totalCents: number; paidCents: number; companyName: string;
}): TTemplateValues {
  return {
    invoiceNumber: i.invoiceNumber,
    name: i.name,
    companyName: i.companyName,
    status: i.status,
    invoiceDate: day(i.invoiceDate),
    dueDate: day(i.dueDate),
    total: formatMoney(i.totalCents),
    amountDue: formatMoney(Math.max(0, i.totalCents - i.paidCents)),
  };
}

export function agreementTemplateFields(a: { agreementNum: string; title: string; status: string; startDate: string; endDate: string | null; companyName: string }): TTemplateValues {
  return { agreementNum: a.agreementNum, title: a.title, companyName: a.companyName, status: a.status, startDate: day(a.startDate), endDate: day(a.endDate) };
}

export function propertyTemplateFields(p: { name: string; status: string; address: string }): TTemplateValues {
  return { name: p.name, status: p.status, address: p.address };
}

export function tiedownTemplateFields(t: { firstName: string; lastName: string; email: string; beginDate: string; endDate: string; aircraftNum: string; amountCents: number }): TTemplateValues {
  return { firstName: t.firstName, lastName: t.lastName, email: t.email, arrivalDate: day(t.beginDate), departureDate: day(t.endDate), aircraftNumber: t.aircraftNum, amount: formatMoney(t.amountCents) };
}

export function waitlistTemplateFields(a: { firstName: string; lastName: string; email: string; organization: string; propertyTypeName: string; status: string; position: number }): TTemplateValues {
  return { firstName: a.firstName, lastName: a.lastName, email: a.email, organization: a.organization, propertyType: a.propertyTypeName, status: a.status, position: a.position };
}

export function inspectionTemplateFields(i: { masterName: string; subjectName: string; module: string | null; inspectorName: string; inspectorEmail: string; status: string }): TTemplateValues {
  return { name: i.masterName, inspectionFor: i.subjectName, subjectType: i.module ?? '', inspectorName: i.inspectorName, inspectorEmail: i.inspectorEmail, status: i.status };
}

export function workorderTemplateFields(w: { refNumber: string; masterName: string; contractorName: string; contractorEmail: string; status: string; failedChecks: readonly string[] }): TTemplateValues {
  return { refNumber: w.refNumber, name: w.masterName, contractorName: w.contractorName, contractorEmail: w.contractorEmail, status: w.status, failedChecks: w.failedChecks.join(', ') };
}

export function assetTemplateFields(a: { assetNumber: number; masterName: string; status: boolean; lat: number; lon: number }): TTemplateValues {
  return { assetNumber: a.assetNumber, assetType: a.masterName, status: a.status ? 'Active' : 'Inactive', latitude: a.lat, longitude: a.lon };
}
