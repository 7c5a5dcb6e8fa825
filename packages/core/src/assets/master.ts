import { z } from 'zod';
import '../common/messages';
import {
  ASSET_FIELD_TYPES, ASSET_MESSAGES, MAX_ASSET_FIELDS, MAX_DOMAIN_VALUES, RESERVED_ASSET_FIELD_NAMES,
} from './constants';

/**
 * Master asset (an asset type, spec doc 1 §3: name, description, status, color, formId) and its
 * field configuration (fieldName, fieldLabel, fieldType, isRequired, domainvalues, showOnGrid).
 * One schema for the Settings dialog (zodResolver) and for POST/PUT of the master.
 */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const ZAssetFieldConfig = z
  .object({
    fieldName: z
      .string({ error: 'Field Name is required' })
      .trim()
      .min(1, 'Field Name is required')
      .max(40, 'Field Name must be at most 40 characters')
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Field Name must start with a letter and use only letters, digits and _')
      .refine((name) => !RESERVED_ASSET_FIELD_NAMES.has(name), 'Field Name is reserved: choose another'),
    fieldLabel: required('Field Label is required', 80),
    fieldType: z.enum(ASSET_FIELD_TYPES, { error: 'Field Type must be String, Number, Boolean or Date' }),
    isRequired: z.boolean().default(false),
    domainvalues: z
      .array(z.string().trim().min(1, 'Domain values cannot be blank').max(80, 'Domain values must be at most 80 characters'))
      .max(MAX_DOMAIN_VALUES, `At most ${MAX_DOMAIN_VALUES} domain values`)
      .default([]),
    showOnGrid: z.boolean().default(false),
  })
  .superRefine((field, ctx) => {
    if (new Set(field.domainvalues).size !== field.domainvalues.length) {
      ctx.addIssue({ code: 'custom', path: ['domainvalues'], message: 'Domain values must be different from each other' });
    }
    if (field.domainvalues.length > 0 && (field.fieldType === 'Boolean' || field.fieldType === 'Date')) {
      ctx.addIssue({ code: 'custom', path: ['domainvalues'], message: `A ${field.fieldType} field has no domain values` });
    }
    if (field.fieldType === 'Number' && field.domainvalues.some((value) => !/^-?\d+(\.\d+)?$/.test(value))) {
      ctx.addIssue({ code: 'custom', path: ['domainvalues'], message: 'Domain values of a Number field must be numbers' });
    }
  });
export type TAssetFieldConfigInput = z.input<typeof ZAssetFieldConfig>;
export type TAssetFieldConfig = z.output<typeof ZAssetFieldConfig>;

export const ZMasterAssetInput = z
  .object({
    name: required(ASSET_MESSAGES.nameRequired, 200),
    description: required(ASSET_MESSAGES.descriptionRequired, 2000),
    /** Enabled: only enabled types are offered for new assets. */
    status: z.boolean().default(true),
    color: z
      .string({ error: ASSET_MESSAGES.colorRequired })
      .trim()
      .min(1, { message: ASSET_MESSAGES.colorRequired, abort: true })
      .regex(/^#[0-9a-fA-F]{6}$/, ASSET_MESSAGES.colorInvalid)
      .transform((value) => value.toLowerCase()),
    formId: required(ASSET_MESSAGES.formRequired, 100),
    fields: z.array(ZAssetFieldConfig).max(MAX_ASSET_FIELDS, `At most ${MAX_ASSET_FIELDS} fields`).default([]),
  })
  .superRefine((master, ctx) => {
    const seen = new Set<string>();
    master.fields.forEach((field, index) => {
      const key = field.fieldName.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'fieldName'], message: `Field Name ${field.fieldName} is used twice` });
      seen.add(key);
    });
  });
export type TMasterAssetInput = z.input<typeof ZMasterAssetInput>;
export type TMasterAssetValues = z.output<typeof ZMasterAssetInput>;

export const ZMasterAssetAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });

export const ZMasterAsset = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.boolean(),
  color: z.string(),
  formId: z.string(),
  fields: z.array(
    z.object({
      fieldName: z.string(),
      fieldLabel: z.string(),
      fieldType: z.enum(ASSET_FIELD_TYPES),
      isRequired: z.boolean(),
      domainvalues: z.array(z.string()),
      showOnGrid: z.boolean(),
    }),
  ),
  assetCount: z.number().int(),
  abilities: ZMasterAssetAbilities,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMasterAsset = z.infer<typeof ZMasterAsset>;
export type TAssetField = TMasterAsset['fields'][number];

export const ZMasterAssetDeleted = z.object({ message: z.string() });
