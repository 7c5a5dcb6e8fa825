import { z } from 'zod';
import '../common/messages';
import { parseCalendarDay } from '../common/calendar';
import { ASSET_MESSAGES, type TAssetFieldType } from './constants';

/**
 * THE asset schema builder: the one place that turns a master's field configuration into a zod
 * schema. The asset form's resolver and the server's CreateAsset/UpdateAsset use it, so the
 * browser and a 400 body say the same (spec doc 1 §5):
 *   - a value outside the domain values: '{label} must be one of A, B, C'
 *   - Number: '{label} must be a number'; Date: '{label} must be a valid date'
 *   - a required field left empty: '{label} is required' (the spec's '{fieldName} is required'
 *     printed the key, 'length is required'; a person reads the label they filled in)
 * Values travel at the top level of the asset, under their fieldName (spec: "dynamic fields").
 */
export interface TAssetFieldRule {
  fieldName: string;
  fieldLabel: string;
  fieldType: TAssetFieldType;
  isRequired: boolean;
  domainvalues: readonly string[];
}

/** What a configured field holds once read: Date as 'YYYY-MM-DD'; null when left empty. */
export type TAssetFieldValue = string | number | boolean | null;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** 'YYYY-MM-DD' of a real calendar day, from that form or a full ISO timestamp; else null. */
export function readAssetDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const head = DATE_ONLY.exec(text.slice(0, 10));
  if (!head || (text.length > 10 && !/^T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(text.slice(10)))) return null;
  if (!parseCalendarDay(head[0])) return null;
  return text.slice(0, 10);
}

/** Reads one value by its field's type; `{ error }` with the spec's message when it cannot. */
export function readAssetFieldValue(field: TAssetFieldRule, raw: unknown): { value: TAssetFieldValue } | { error: string } {
  const label = field.fieldLabel;
  if (isBlank(raw) && field.fieldType !== 'Boolean') {
    return field.isRequired ? { error: `${label} is required` } : { value: null };
  }
  let value: TAssetFieldValue;
  switch (field.fieldType) {
    case 'String':
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${label} must be text` };
      value = String(raw).trim();
      if (value.length > 2000) return { error: `${label} must be at most 2000 characters` };
      if (value.includes('\u0000')) return { error: `${label} contains a character that is not allowed` };
      break;
    case 'Number': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER_TEXT.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(number)) return { error: `${label} must be a number` };
      value = number;
      break;
    }
    case 'Boolean':
      // A checkbox left unticked is a value (false), also for a required field.
      if (raw === undefined || raw === null || raw === '') value = false;
      else if (raw === true || raw === 'true') value = true;
      else if (raw === false || raw === 'false') value = false;
      else return { error: `${label} must be yes or no` };
      break;
    case 'Date': {
      const date = readAssetDate(raw);
      if (!date) return { error: `${label} must be a valid date` };
      value = date;
      break;
    }
  }
  if (field.domainvalues.length > 0 && (field.fieldType === 'String' || field.fieldType === 'Number')) {
    const allowed = field.fieldType === 'Number' ? field.domainvalues.some((d) => Number(d) === value) : field.domainvalues.includes(String(value));
    if (!allowed) return { error: `${label} must be one of ${field.domainvalues.join(', ')}` };
  }
  return { value };
}

/** The configured values only: `{ [fieldName]: value }`. */
export function buildAssetValuesShape(fields: readonly TAssetFieldRule[]): Record<string, z.ZodType<TAssetFieldValue>> {
  const shape: Record<string, z.ZodType<TAssetFieldValue>> = {};
  for (const field of fields) {
    // preprocess: an absent key still reaches the check (zod skips absent keys of `unknown`).
    shape[field.fieldName] = z.preprocess(
      (raw) => raw ?? null,
      z.unknown().transform((raw, ctx) => {
        const read = readAssetFieldValue(field, raw);
        if ('error' in read) {
          ctx.addIssue({ code: 'custom', message: read.error });
          return z.NEVER;
        }
        return read.value;
      }),
    ) as z.ZodType<TAssetFieldValue>;
  }
  return shape;
}

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && NUMBER_TEXT.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : `${label} must be a number`) })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );

export const ZAssetLocation = z.object(
  { lat: coordinate('Latitude', 90), lon: coordinate('Longitude', 180) },
  { error: 'Location is required' },
);
export type TAssetLocation = z.infer<typeof ZAssetLocation>;

/** The fixed part of an asset write: the type, the status, the location and the form answers. */
export const ZAssetWriteBase = z.object({
  assetId: z.string({ error: ASSET_MESSAGES.chooseType }).uuid(ASSET_MESSAGES.chooseType),
  status: z.boolean().default(true),
  location: ZAssetLocation,
  /** The master form's answers (form-js data), saved with the asset in the same request. */
  data: z.record(z.string(), z.unknown()).optional(),
});

/** The full asset write for one master's configuration (form resolver and server alike). */
export type TAssetWrite = z.output<typeof ZAssetWriteBase> & { [fieldName: string]: unknown };
export function buildAssetSchema(fields: readonly TAssetFieldRule[]): z.ZodType<TAssetWrite, Record<string, unknown>> {
  return ZAssetWriteBase.extend(buildAssetValuesShape(fields)) as unknown as z.ZodType<TAssetWrite, Record<string, unknown>>;
}
