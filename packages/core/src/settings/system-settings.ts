import { z } from 'zod';
import { isValidTimeZone, DEFAULT_TIME_ZONE } from '../dates';

/**
 * System Settings are name/value pairs (spec doc 1 §3) whose value is typed by name.
 * `isPublic` settings are what `GET /api/Getsettings` returns to anonymous callers
 * (PRODUCT-RULES 14). Values are stored as text; `parse` checks them and `coerce` reads them.
 */
interface TSettingDefinition {
  label: string;
  description: string;
  kind: 'number' | 'yesno' | 'text' | 'timezone' | 'integer';
  defaultValue: string;
  isPublic: boolean;
  schema: z.ZodType<string>;
}

const yesNo = z.enum(['yes', 'no'], { error: 'Value must be yes or no' });

export const SYSTEM_SETTINGS = {
  WAITLIST_CHARGE: {
    label: 'Waitlist charge',
    description: 'Amount charged to join the waitlist, in dollars. 0 skips the payment step.',
    kind: 'number',
    defaultValue: '10',
    isPublic: true,
    schema: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Value must be a number of at least 0 with at most two decimals'),
  },
  TIEDOWN_PAYMENT: {
    label: 'Transient parking payment',
    description: 'Whether a parking request takes a card payment (yes) or is sent with amount 0 (no).',
    kind: 'yesno',
    defaultValue: 'no',
    isPublic: true,
    schema: yesNo,
  },
  LANDING_LINKS: {
    label: 'Landing page cards',
    description: 'Show the four cards on the landing page (yes), or as tiles on the home menu (no).',
    kind: 'yesno',
    defaultValue: 'yes',
    isPublic: true,
    schema: yesNo,
  },
  TIEDOWN_MAX_NIGHTS: {
    label: 'Longest transient parking stay (nights)',
    description: 'A parking request may cover at most this many nights (a stay to 2099 is refused).',
    kind: 'integer',
    defaultValue: '90',
    isPublic: false,
    schema: z.string().trim().regex(/^[1-9]\d{0,3}$/, 'Value must be a whole number of nights from 1 to 9999'),
  },
  SETUP_CHECKLIST: {
    label: 'Setup checklist',
    description: 'Show administrators the first-run setup checklist on the home page until its steps are done (yes), or never (no).',
    kind: 'yesno',
    defaultValue: 'yes',
    isPublic: false,
    schema: yesNo,
  },
  AIRPORT_NAME: {
    label: 'Airport name',
    description: 'Shown as the title of the portal.',
    kind: 'text',
    defaultValue: 'Apron Municipal Airport',
    isPublic: true,
    schema: z.string().trim().min(1, 'Value is required').max(120, 'Value must be at most 120 characters'),
  },
  TIME_ZONE: {
    label: 'Airport time zone',
    description: 'IANA time zone used for date-only rules (nights, due dates, expiry).',
    kind: 'timezone',
    defaultValue: DEFAULT_TIME_ZONE,
    isPublic: true,
    schema: z.string().trim().refine(isValidTimeZone, 'Value must be a time zone such as America/Los_Angeles'),
  },
  EXPIRY_WINDOW_DAYS: {
    label: 'Expiring soon window (days)',
    description: 'Agreements and insurances ending within this many days are Expiring Soon.',
    kind: 'integer',
    defaultValue: '60',
    isPublic: false,
    schema: z.string().trim().regex(/^\d{1,4}$/, 'Value must be a whole number of days'),
  },
  REPORT_EXPIRING_DAYS: {
    label: 'Expiring Soon Insurance report window (days)',
    description: 'The Expiring Soon Insurance report lists insurances ending within this many days.',
    kind: 'integer',
    defaultValue: '30',
    isPublic: false,
    schema: z.string().trim().regex(/^\d{1,4}$/, 'Value must be a whole number of days'),
  },
  INSURANCE_EXPIRING_DAYS: {
    label: 'Insurance compliance Expiring window (days)',
    description: 'An agreement whose approved certificates end within this many days is Expiring (docs/insurance.md).',
    kind: 'integer',
    defaultValue: '30',
    isPublic: false,
    schema: z.string().trim().regex(/^\d{1,4}$/, 'Value must be a whole number of days'),
  },
  INSURANCE_REMINDER_DAYS: {
    label: 'Insurance reminder days',
    description: 'Tenants are reminded this many days before a certificate ends, once per number (comma separated, e.g. 60,30,7,0).',
    kind: 'text',
    defaultValue: '60,30,7,0',
    isPublic: false,
    schema: z.string().trim().regex(/^\d{1,4}(\s*,\s*\d{1,4}){0,9}$/, 'Value must be whole numbers of days separated by commas, such as 60,30,7,0'),
  },
  GASB87_DISCOUNT_RATE: {
    label: 'Lease discount rate (annual %)',
    description: 'GASB 87: the incremental borrowing rate that discounts lease payments, unless an agreement has its own rate.',
    kind: 'number',
    defaultValue: '5',
    isPublic: false,
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, 'Value must be a percentage from 0 to 100 with at most four decimals')
      .refine((v) => Number(v) <= 100, 'Value must be a percentage from 0 to 100 with at most four decimals'),
  },
  FISCAL_YEAR_START_MONTH: {
    label: 'Fiscal year start month',
    description: 'The month (1-12) the fiscal year starts in: 7 for July-June. A fiscal year is named by the calendar year it ends in.',
    kind: 'integer',
    defaultValue: '7',
    isPublic: false,
    schema: z.string().trim().regex(/^(?:[1-9]|1[0-2])$/, 'Value must be a month number from 1 to 12'),
  },
} as const satisfies Record<string, TSettingDefinition>;

export type TSystemSettingName = keyof typeof SYSTEM_SETTINGS;
export const SYSTEM_SETTING_NAMES = Object.keys(SYSTEM_SETTINGS) as TSystemSettingName[];

export function isSystemSettingName(name: string): name is TSystemSettingName {
  return Object.prototype.hasOwnProperty.call(SYSTEM_SETTINGS, name);
}

export const PUBLIC_SETTING_NAMES = SYSTEM_SETTING_NAMES.filter((n) => SYSTEM_SETTINGS[n].isPublic);

/** The typed value of a stored setting, falling back to its default when missing or invalid. */
export function readSetting(values: Partial<Record<string, string>>, name: 'WAITLIST_CHARGE'): number;
export function readSetting(values: Partial<Record<string, string>>, name: 'TIEDOWN_PAYMENT' | 'LANDING_LINKS' | 'SETUP_CHECKLIST'): boolean;
export function readSetting(values: Partial<Record<string, string>>, name: 'EXPIRY_WINDOW_DAYS' | 'REPORT_EXPIRING_DAYS' | 'TIEDOWN_MAX_NIGHTS' | 'INSURANCE_EXPIRING_DAYS'): number;
export function readSetting(values: Partial<Record<string, string>>, name: 'GASB87_DISCOUNT_RATE' | 'FISCAL_YEAR_START_MONTH'): number;
export function readSetting(values: Partial<Record<string, string>>, name: 'AIRPORT_NAME' | 'TIME_ZONE' | 'INSURANCE_REMINDER_DAYS'): string;
export function readSetting(values: Partial<Record<string, string>>, name: TSystemSettingName): number | boolean | string {
  const def: TSettingDefinition = SYSTEM_SETTINGS[name];
  const raw = values[name];
  const checked = raw !== undefined && def.schema.safeParse(raw).success ? raw.trim() : def.defaultValue;
  if (def.kind === 'number' || def.kind === 'integer') return Number(checked);
  if (def.kind === 'yesno') return checked === 'yes';
  return checked;
}
