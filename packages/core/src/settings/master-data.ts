import { z } from 'zod';
import { ZCronExpression } from './cron';
import { SYSTEM_SETTINGS, isSystemSettingName } from './system-settings';
import { zOptionalText, zRequiredText } from '../common/text';
import { zNumber } from '../common/number';
import { ZCpiIndex } from './cpi-index';
import { templateFieldsOf } from '../communications';
import { templateProblems } from '../templates';

/** A template may name only its module's fields (`GET Notifications/Fields`): refused when saved. */
function refuseUnknownTemplateFields(value: { module: string; template: string }, ctx: z.RefinementCtx): void {
  const allowed = templateFieldsOf(value.module).map((field) => field.name);
  for (const problem of templateProblems(value.template, allowed)) ctx.addIssue({ code: 'custom', path: ['template'], message: problem });
}

/**
 * The generic master-data types served by `Crud/{type}` (spec doc 2 §7). One zod schema per type;
 * the server validates with it and the web's add/edit dialog uses the same schema.
 */
export const SKU_TYPES = ['CPI', 'Flat', 'Percent'] as const;
export const NOTICE_MODULES = ['Invoices', 'Waitlist', 'Company'] as const;
export const NOTIFICATION_TRIGGERS = ['Created', 'Updated', 'Removed', 'Expiring'] as const;
export const NOTIFY_AUDIENCES = ['Internal', 'External', 'Both'] as const;
export const NOTIFICATION_MODULES = ['Company', 'Tiedown', 'Property', 'Lease', 'Invoices', 'Waitlist', 'Inspections', 'Workorders', 'Assets'] as const;

const ZNameDescription = z.object({
  name: zRequiredText('Name', 120),
  description: zOptionalText(1000),
});

export const ZDocumentType = ZNameDescription;
export const ZInsuranceType = ZNameDescription;

export const ZInvoiceCycle = ZNameDescription.extend({
  dueDays: zNumber('Due days', (n) => n.int('Due days must be a whole number').min(0, 'Due days must be at least 0').max(365, 'Due days must be at most 365')),
  expression: ZCronExpression,
});

/**
 * `skuValue` is dollars for Flat (stored as integer cents, so at most two decimals) and a
 * percentage for CPI and Percent (at most four decimals).
 */
export const ZPaymentType = ZNameDescription.extend({
  skuType: z.enum(SKU_TYPES, { error: 'Choose CPI, Flat or Percent' }),
  skuValue: zNumber('Value', (n) => n.min(0, 'Value must be at least 0').max(1_000_000, 'Value must be at most 1,000,000')),
  lateFee: zNumber('Late fee', (n) => n.min(0, 'Late fee must be between 0 and 100').max(100, 'Late fee must be between 0 and 100')),
}).superRefine((value, ctx) => {
  const scale = value.skuType === 'Flat' ? 100 : 10_000;
  if (Math.abs(Math.round(value.skuValue * scale) - value.skuValue * scale) > 1e-6) {
    const message = value.skuType === 'Flat' ? 'A flat amount has at most two decimals' : 'A percentage has at most four decimals';
    ctx.addIssue({ code: 'custom', path: ['skuValue'], message });
  }
});

export const ZNotice = ZNameDescription.extend({
  key: z.string().trim().min(1, 'Key is required').max(80).regex(/^[A-Za-z0-9_.-]+$/, 'Key may use letters, digits, _ . -'),
  module: z.enum(NOTICE_MODULES, { error: 'Choose Invoices, Waitlist or Company' }),
  template: z.string().trim().min(1, 'Template is required').max(50_000),
}).superRefine(refuseUnknownTemplateFields);

export const ZNotification = z.object({
  name: zRequiredText('Name', 120),
  module: z.enum(NOTIFICATION_MODULES, { error: 'Choose a module' }),
  trigger: z.enum(NOTIFICATION_TRIGGERS, { error: 'Choose Created, Updated, Removed or Expiring' }),
  notify: z.enum(NOTIFY_AUDIENCES, { error: 'Choose Internal, External or Both' }),
  template: z.string().trim().min(1, 'Template is required').max(50_000),
}).superRefine(refuseUnknownTemplateFields);

export const ZSystemSetting = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    value: z.string().trim(),
  })
  .superRefine((setting, ctx) => {
    if (!isSystemSettingName(setting.name)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Unknown setting' });
      return;
    }
    const result = SYSTEM_SETTINGS[setting.name].schema.safeParse(setting.value);
    if (!result.success) ctx.addIssue({ code: 'custom', path: ['value'], message: result.error.issues[0]!.message });
  });

/**
 * A master-data row as the API returns it: `{ _id, ...fields, createdAt, updatedAt }` with
 * money and percentages as JSON numbers. The presenter of each type lists its fields.
 */
export const ZMasterRow = z
  .object({ _id: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TMasterRow = z.infer<typeof ZMasterRow>;

/** `GET /api/Getsettings`: name/value pairs. */
export const ZSettingPair = z.object({ name: z.string(), value: z.string() });
export type TSettingPair = z.infer<typeof ZSettingPair>;

/** `GET /api/AppConfig`: what every page load needs before sign-in. */
export const ZAppConfig = z.object({
  name: z.literal('appconfig'),
  jsonvalue: z.object({
    landinglinks: z.boolean(),
    airportName: z.string(),
    /** The airport's logo (`/api/Airports/{id}/Logo?v=…`), null = the product's look. */
    logoUrl: z.string().nullable(),
    demo: z.boolean(),
    testMode: z.boolean(),
    /** Leaflet tile URL templates (`{z}/{x}/{y}`) of the streets and satellite layers. */
    mapStreetsUrl: z.string(),
    mapSatelliteUrl: z.string(),
  }),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

/**
 * Map tiles when the operator configures none (MAP_STREETS_URL / MAP_SATELLITE_URL). The CSP
 * allows `img-src https:`, so any https tile server works without a code change.
 */
export const DEFAULT_MAP_TILES = {
  streetsUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  satelliteUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
} as const;

/** Field metadata the generic grid and dialog render from. */
export interface TMasterField {
  name: string;
  label: string;
  kind: 'text' | 'multiline' | 'number' | 'select' | 'cron' | 'richtext';
  required?: boolean;
  options?: readonly string[];
  /** Shown as a grid column (and sortable there). */
  inGrid?: boolean;
}

export interface TMasterType {
  type: string;
  label: string;
  /** The spec's settings sub-route, e.g. `/settings/documents`. */
  route: string;
  schema: z.ZodType;
  fields: readonly TMasterField[];
  /** Whether rows may be deleted from the grid. */
  deletable: boolean;
}

const nameFields: TMasterField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, inGrid: true },
  { name: 'description', label: 'Description', kind: 'multiline', inGrid: true },
];

export const MASTER_TYPES = {
  documentTypes: { type: 'documentTypes', label: 'Document Types', route: 'documents', schema: ZDocumentType, fields: nameFields, deletable: true },
  insuranceTypes: { type: 'insuranceTypes', label: 'Insurance Types', route: 'insurances', schema: ZInsuranceType, fields: nameFields, deletable: true },
  invoiceCycles: {
    type: 'invoiceCycles', label: 'Invoice Cycles', route: 'invoiceCycles', schema: ZInvoiceCycle, deletable: true,
    fields: [
      ...nameFields,
      { name: 'dueDays', label: 'Due Days', kind: 'number', required: true, inGrid: true },
      { name: 'expression', label: 'Schedule', kind: 'cron', required: true, inGrid: true },
    ],
  },
  paymentTypes: {
    type: 'paymentTypes', label: 'Payment Types', route: 'paymentTypes', schema: ZPaymentType, deletable: true,
    fields: [
      ...nameFields,
      { name: 'skuType', label: 'Type', kind: 'select', options: SKU_TYPES, required: true, inGrid: true },
      { name: 'skuValue', label: 'Value', kind: 'number', required: true, inGrid: true },
      { name: 'lateFee', label: 'Late Fee %', kind: 'number', required: true, inGrid: true },
    ],
  },
  notifications: {
    type: 'notifications', label: 'Notifications', route: 'notifications', schema: ZNotification, deletable: true,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, inGrid: true },
      { name: 'module', label: 'Module', kind: 'select', options: NOTIFICATION_MODULES, required: true, inGrid: true },
      { name: 'trigger', label: 'Trigger', kind: 'select', options: NOTIFICATION_TRIGGERS, required: true, inGrid: true },
      { name: 'notify', label: 'Notify', kind: 'select', options: NOTIFY_AUDIENCES, required: true, inGrid: true },
      { name: 'template', label: 'Template', kind: 'richtext', required: true },
    ],
  },
  notices: {
    type: 'notices', label: 'Notices', route: 'notices', schema: ZNotice, deletable: true,
    fields: [
      ...nameFields,
      { name: 'key', label: 'Key', kind: 'text', required: true, inGrid: true },
      { name: 'module', label: 'Module', kind: 'select', options: NOTICE_MODULES, required: true, inGrid: true },
      { name: 'template', label: 'Template', kind: 'richtext', required: true },
    ],
  },
  cpiIndex: {
    type: 'cpiIndex', label: 'CPI Index', route: 'cpiIndex', schema: ZCpiIndex, deletable: true,
    fields: [
      { name: 'period', label: 'Period (YYYY-MM)', kind: 'text', required: true, inGrid: true },
      { name: 'value', label: 'Index Value', kind: 'number', required: true, inGrid: true },
    ],
  },
  systemSettings: {
    type: 'systemSettings', label: 'System Settings', route: 'systemsettings', schema: ZSystemSetting, deletable: false,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, inGrid: true },
      { name: 'value', label: 'Value', kind: 'text', required: true, inGrid: true },
    ],
  },
} as const satisfies Record<string, TMasterType>;

export type TMasterTypeName = keyof typeof MASTER_TYPES;
export const MASTER_TYPE_NAMES = Object.keys(MASTER_TYPES) as TMasterTypeName[];
export function isMasterTypeName(value: string): value is TMasterTypeName {
  return Object.prototype.hasOwnProperty.call(MASTER_TYPES, value);
}

/**
 * The 16 Settings entries in the spec's order (doc 1 §2), then our CPI Index (rent adjustment),
 * Parking Rates and Import. Some open only for Settings admins (their routes say `admin:Settings`), so the
 * Settings page lists them only to those (`settingsEntriesFor`).
 */
export const SETTINGS_ENTRIES = [
  { key: 'accounts', label: 'Accounts', route: 'accounts' },
  { key: 'documentTypes', label: 'Document Types', route: 'documents' },
  { key: 'insuranceTypes', label: 'Insurance Types', route: 'insurances' },
  { key: 'invoiceCycles', label: 'Invoice Cycles', route: 'invoiceCycles' },
  { key: 'paymentTypes', label: 'Payment Types', route: 'paymentTypes' },
  { key: 'notifications', label: 'Notifications', route: 'notifications' },
  { key: 'notices', label: 'Notices', route: 'notices' },
  { key: 'propertyTypes', label: 'Property Types', route: 'types' },
  { key: 'propertyAttributes', label: 'Property Attributes', route: 'attributes' },
  { key: 'propertyAreas', label: 'Property Areas', route: 'areas' },
  { key: 'factsheet', label: 'Property FactSheet', route: 'factsheet' },
  { key: 'notificationsSent', label: 'Notifications Sent', route: 'templates' },
  { key: 'systemSettings', label: 'System Settings', route: 'systemsettings' },
  { key: 'masterInspection', label: 'Master Inspection', route: 'inspection' },
  { key: 'masterWorkorder', label: 'Master Workorder', route: 'workorder' },
  { key: 'masterAsset', label: 'Master Asset', route: 'asset' },
  { key: 'cpiIndex', label: 'CPI Index', route: 'cpiIndex' },
  // Not a spec entry: the tie-down rate table Settings admins edit (PRODUCT-RULES 9).
  { key: 'tiedownRates', label: 'Parking Rates', route: 'tiedownRates' },
  // Not a spec entry: bring an airport's data in from spreadsheets (issue 23), Settings admins only.
  { key: 'import', label: 'Import', route: 'import' },
] as const;

/** The Settings entries only Settings admins can open (Accounts, Property FactSheet, Notifications Sent, Import). */
const ADMIN_ONLY_SETTINGS: ReadonlySet<string> = new Set(['accounts', 'factsheet', 'notificationsSent', 'import']);

/** The entries a Settings user can open: all of them for a Settings admin, the rest without the admin-only ones. */
export function settingsEntriesFor(isSettingsAdmin: boolean): ReadonlyArray<(typeof SETTINGS_ENTRIES)[number]> {
  return isSettingsAdmin ? SETTINGS_ENTRIES : SETTINGS_ENTRIES.filter((entry) => !ADMIN_ONLY_SETTINGS.has(entry.key));
}

