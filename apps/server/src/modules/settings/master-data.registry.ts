import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  fromCents,
  toCents,
  ZCpiIndex,
  ZDocumentType,
  ZInsuranceType,
  ZInvoiceCycle,
  ZNotice,
  ZNotification,
  ZPaymentType,
  ZSystemSetting,
  type TMasterRow,
  type TMasterTypeName,
} from '@apron/core';
import { cpiIndex, type CpiIndexRow } from './cpi-index.table';
import { settingValueSql } from './airport-settings';
import { sanitizeRichText } from './rich-text';
import {
  documentTypes,
  insuranceTypes,
  invoiceCycles,
  notices,
  notifications,
  paymentTypes,
  systemSettings,
  type DocumentTypeRow,
  type InsuranceTypeRow,
  type InvoiceCycleRow,
  type NoticeRow,
  type NotificationRow,
  type PaymentTypeRow,
  type SystemSettingRow,
} from './settings.table';

/**
 * How each master-data type maps to its table: the grid's sortable columns, what `q` searches,
 * which field is unique, how validated input becomes column values, and how a row is presented.
 * The generic repo and routes work from this table alone, so a new type is one entry here.
 */
export type MasterTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; updatedAt: AnyPgColumn };

interface TypedMasterDefinition<TTable extends MasterTable, TSchema extends z.ZodType> {
  type: TMasterTypeName;
  /** Singular noun for messages: "A document type named X already exists." */
  noun: string;
  table: TTable;
  schema: TSchema;
  /** API field name -> SQL it sorts by (whitelist). */
  sort: Record<string, SQL | AnyPgColumn>;
  defaultSort: string;
  /** Lower-cased text `q` is matched against; the trigram indexes are on these expressions. */
  search: SQL;
  /** The unique field; `expression` is lower(column) unless `caseSensitive`. */
  unique: { field: string; expression: SQL; caseSensitive?: boolean; message: (value: string) => string };
  /** What a read selects, when a column is computed (default: the table's columns). */
  selection?: Record<string, SQL | AnyPgColumn>;
  toValues(input: z.output<TSchema>): TTable['$inferInsert'];
  present(row: TTable['$inferSelect']): TMasterRow;
}

/** The type-erased shape the generic code uses (each entry is checked by `define`). */
export interface MasterDefinition {
  type: TMasterTypeName;
  noun: string;
  table: MasterTable;
  schema: z.ZodType;
  sort: Record<string, SQL | AnyPgColumn>;
  defaultSort: string;
  search: SQL;
  unique: { field: string; expression: SQL; caseSensitive?: boolean; message: (value: string) => string };
  /** What a read selects, when a column is computed (default: the table's columns). */
  selection?: Record<string, SQL | AnyPgColumn>;
  toValues(input: unknown): Record<string, unknown>;
  present(row: Record<string, unknown>): TMasterRow;
}

function define<TTable extends MasterTable, TSchema extends z.ZodType>(definition: TypedMasterDefinition<TTable, TSchema>): MasterDefinition {
  // The typed definition guarantees toValues/present agree with the table; erasing the generics
  // here lets one repo serve every table.
  return definition as unknown as MasterDefinition;
}

function stamps(row: { id: string; createdAt: Date; updatedAt: Date }) {
  return { _id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const timeSorts = (t: MasterTable) => ({ createdAt: t.createdAt, updatedAt: t.updatedAt });
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'An' : 'A');
const namedMessage = (noun: string) => (value: string) => `${article(noun)} ${noun} named ${value} already exists.`;

const documentType = define({
  type: 'documentTypes',
  noun: 'document type',
  table: documentTypes,
  schema: ZDocumentType,
  sort: { name: sql`lower(${documentTypes.name})`, description: sql`lower(${documentTypes.description})`, ...timeSorts(documentTypes) },
  defaultSort: 'name',
  search: sql`lower(${documentTypes.name})`,
  unique: { field: 'name', expression: sql`lower(${documentTypes.name})`, message: namedMessage('document type') },
  toValues: (input) => ({ name: input.name, description: input.description }),
  present: (row: DocumentTypeRow) => ({ ...stamps(row), name: row.name, description: row.description }),
});

const insuranceType = define({
  type: 'insuranceTypes',
  noun: 'insurance type',
  table: insuranceTypes,
  schema: ZInsuranceType,
  sort: { name: sql`lower(${insuranceTypes.name})`, description: sql`lower(${insuranceTypes.description})`, ...timeSorts(insuranceTypes) },
  defaultSort: 'name',
  search: sql`lower(${insuranceTypes.name})`,
  unique: { field: 'name', expression: sql`lower(${insuranceTypes.name})`, message: namedMessage('insurance type') },
  toValues: (input) => ({ name: input.name, description: input.description }),
  present: (row: InsuranceTypeRow) => ({ ...stamps(row), name: row.name, description: row.description }),
});

const invoiceCycle = define({
  type: 'invoiceCycles',
  noun: 'invoice cycle',
  table: invoiceCycles,
  schema: ZInvoiceCycle,
  sort: {
    name: sql`lower(${invoiceCycles.name})`,
    description: sql`lower(${invoiceCycles.description})`,
    dueDays: invoiceCycles.dueDays,
    expression: invoiceCycles.expression,
    ...timeSorts(invoiceCycles),
  },
  defaultSort: 'name',
  search: sql`lower(${invoiceCycles.name})`,
  unique: { field: 'name', expression: sql`lower(${invoiceCycles.name})`, message: namedMessage('invoice cycle') },
  toValues: (input) => ({ name: input.name, description: input.description, dueDays: input.dueDays, expression: input.expression }),
  present: (row: InvoiceCycleRow) => ({
    ...stamps(row),
    name: row.name,
    description: row.description,
    dueDays: row.dueDays,
    expression: row.expression,
  }),
});

const paymentType = define({
  type: 'paymentTypes',
  noun: 'payment type',
  table: paymentTypes,
  schema: ZPaymentType,
  sort: {
    name: sql`lower(${paymentTypes.name})`,
    description: sql`lower(${paymentTypes.description})`,
    skuType: paymentTypes.skuType,
    // Dollars and percentages in one column, as the grid shows them.
    skuValue: sql`coalesce(${paymentTypes.skuAmountCents}::numeric / 100, ${paymentTypes.skuPercent})`,
    lateFee: paymentTypes.lateFee,
    ...timeSorts(paymentTypes),
  },
  defaultSort: 'name',
  search: sql`lower(${paymentTypes.name})`,
  unique: { field: 'name', expression: sql`lower(${paymentTypes.name})`, message: namedMessage('payment type') },
  toValues: (input) => ({
    name: input.name,
    description: input.description,
    skuType: input.skuType,
    skuAmountCents: input.skuType === 'Flat' ? toCents(input.skuValue) : null,
    skuPercent: input.skuType === 'Flat' ? null : input.skuValue,
    lateFee: input.lateFee,
  }),
  present: (row: PaymentTypeRow) => ({
    ...stamps(row),
    name: row.name,
    description: row.description,
    skuType: row.skuType,
    skuValue: row.skuType === 'Flat' ? fromCents(row.skuAmountCents ?? 0) : Number(row.skuPercent ?? 0),
    lateFee: Number(row.lateFee),
  }),
});

const notice = define({
  type: 'notices',
  noun: 'notice',
  table: notices,
  schema: ZNotice,
  sort: {
    name: sql`lower(${notices.name})`,
    description: sql`lower(${notices.description})`,
    key: sql`lower(${notices.key})`,
    module: notices.module,
    ...timeSorts(notices),
  },
  defaultSort: 'name',
  search: sql`lower(${notices.name} || ' ' || ${notices.key})`,
  unique: { field: 'key', expression: sql`lower(${notices.key})`, message: (key) => `A notice with the key ${key} already exists.` },
  toValues: (input) => ({
    name: input.name,
    description: input.description,
    key: input.key,
    module: input.module,
    template: sanitizeRichText(input.template),
  }),
  present: (row: NoticeRow) => ({
    ...stamps(row),
    name: row.name,
    description: row.description,
    key: row.key,
    module: row.module,
    template: row.template,
  }),
});

const notification = define({
  type: 'notifications',
  noun: 'notification',
  table: notifications,
  schema: ZNotification,
  sort: {
    name: sql`lower(${notifications.name})`,
    module: notifications.module,
    trigger: notifications.trigger,
    notify: notifications.notify,
    ...timeSorts(notifications),
  },
  defaultSort: 'name',
  search: sql`lower(${notifications.name})`,
  unique: { field: 'name', expression: sql`lower(${notifications.name})`, message: namedMessage('notification') },
  toValues: (input) => ({
    name: input.name,
    module: input.module,
    trigger: input.trigger,
    notify: input.notify,
    template: sanitizeRichText(input.template),
  }),
  present: (row: NotificationRow) => ({
    ...stamps(row),
    name: row.name,
    module: row.module,
    trigger: row.trigger,
    notify: row.notify,
    template: row.template,
  }),
});

const systemSetting = define({
  type: 'systemSettings',
  noun: 'system setting',
  table: systemSettings,
  schema: ZSystemSetting,
  // AIRPORT_NAME and TIME_ZONE read the airport's own row (airport-settings.ts), everywhere the grid reads a value.
  sort: { name: systemSettings.name, value: settingValueSql, ...timeSorts(systemSettings) },
  defaultSort: 'name',
  search: sql`lower(${systemSettings.name} || ' ' || ${settingValueSql})`,
  unique: { field: 'name', expression: sql`${systemSettings.name}`, caseSensitive: true, message: (name) => `The setting ${name} already exists; edit its value instead.` },
  selection: { ...getTableColumns(systemSettings), value: settingValueSql },
  toValues: (input) => ({ name: input.name, value: input.value }),
  present: (row: SystemSettingRow) => ({ ...stamps(row), name: row.name, value: row.value }),
});

const cpiIndexEntry = define({
  type: 'cpiIndex',
  noun: 'CPI index',
  table: cpiIndex,
  schema: ZCpiIndex,
  sort: { period: cpiIndex.period, value: cpiIndex.value, ...timeSorts(cpiIndex) },
  defaultSort: 'period',
  search: sql`${cpiIndex.period}`,
  unique: { field: 'period', expression: sql`${cpiIndex.period}`, caseSensitive: true, message: (period) => `The CPI index for ${period} already exists.` },
  toValues: (input) => ({ period: input.period, value: input.value }),
  present: (row: CpiIndexRow) => ({ ...stamps(row), period: row.period, value: Number(row.value) }),
});

export const MASTER_DEFINITIONS: Record<TMasterTypeName, MasterDefinition> = {
  documentTypes: documentType,
  insuranceTypes: insuranceType,
  invoiceCycles: invoiceCycle,
  paymentTypes: paymentType,
  notices: notice,
  notifications: notification,
  systemSettings: systemSetting,
  cpiIndex: cpiIndexEntry,
};
