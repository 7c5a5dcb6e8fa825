import { z } from 'zod';
import { isCalendarDate } from '../properties/master-data';
import { WAITLIST_STATUSES } from '../waitlist/index';
import { ZPhoneOptional, zOptionalText, zRequiredText } from '../common/text';
import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * The `applicants` import (issue 23): wait-list applicants with the date they joined and their
 * place in their property type's queue in the old system. New applicants of a type join the end of
 * that type's queue, after everyone already waiting, in the order of their place in the file (then
 * their join date): the imported list reads in the same order, and nobody already waiting is
 * pushed back. The join date stays the real one (Date Joined).
 */
export const APPLICANT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { ...EXTERNAL_ID_COLUMN, example: 'WL-0412', aliases: [...(EXTERNAL_ID_COLUMN.aliases ?? []), 'applicant id', 'waitlist id'] },
  {
    key: 'propertyType', label: 'Property type', type: 'text', required: true, example: 'T-Hangar',
    aliases: ['type', 'hangar type', 'waitlist', 'wait list', 'list'], help: 'The property type whose wait list they are on, by name.',
  },
  { key: 'firstName', label: 'First name', type: 'text', required: true, example: 'Dana', aliases: ['first', 'given name', 'forename'] },
  { key: 'lastName', label: 'Last name', type: 'text', required: true, example: 'Whitfield', aliases: ['last', 'surname', 'family name'] },
  { key: 'email', label: 'E-mail', type: 'email', example: 'dana.whitfield@example.com', aliases: ['email address', 'e-mail address', 'mail'] },
  { key: 'phone', label: 'Phone', type: 'text', example: '7755550142', aliases: ['phone number', 'telephone', 'mobile', 'cell'], help: 'Digits only.' },
  { key: 'organization', label: 'Organization', type: 'text', example: 'Whitfield Aero', aliases: ['company', 'organisation', 'business'] },
  { key: 'aircraftType', label: 'Aircraft type', type: 'text', example: 'Cessna 182', aliases: ['aircraft', 'aircraft model', 'plane'] },
  {
    key: 'joinedAt', label: 'Date joined', type: 'date', required: true, example: '03/14/2019', aliases: ['joined', 'join date', 'date added', 'added', 'signed up'],
    help: 'The date they joined the list in the old system (kept as Date Joined).',
  },
  {
    key: 'place', label: 'Place in queue', type: 'integer', example: '12', aliases: ['position', 'queue position', 'queue', 'rank', 'place', 'number in line'],
    help: "Their place in the old system's list of this type; imported applicants follow the ones already waiting, in this order.",
  },
  { key: 'status', label: 'Status', type: 'text', example: 'Paid', aliases: ['payment status'], help: 'Unpaid, Paid or InProgress; Unpaid when empty.' },
];

/**
 * One row of an applicants file, with the staff edit's field rules (spec doc 1 §5); the property type
 * stays a name here and is resolved by the kind's dry run.
 */
export const ZApplicantImportRow = z.object({
  propertyType: zRequiredText('Property Type', 200),
  firstName: zRequiredText('First Name', 100),
  lastName: zRequiredText('Last Name', 100),
  email: z
    .string()
    .trim()
    .max(254, 'Email is not valid')
    .refine((v) => z.email().safeParse(v).success, 'Email is not valid')
    .transform((v) => v.toLowerCase())
    .optional()
    .transform((v) => v ?? ''),
  phone: ZPhoneOptional,
  organization: zOptionalText(200),
  aircraftType: zOptionalText(100),
  joinedAt: z.string({ error: 'Date Joined is required' }).refine(isCalendarDate, 'Date Joined must be a valid date'),
  place: z.number({ error: 'Place must be a whole number' }).int('Place must be a whole number').min(1, 'Place must be at least 1').max(999_999, 'Place must be at most 999999').optional(),
  status: z.enum(WAITLIST_STATUSES, { error: 'Status must be Unpaid, Paid or InProgress' }).optional().default('Unpaid'),
});
export type TApplicantImportRow = z.output<typeof ZApplicantImportRow>;
