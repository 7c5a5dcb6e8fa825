import { z } from 'zod';
import { isCalendarDay } from '../common/calendar';
import { zOptionalText, zRequiredText } from '../common/text';

/**
 * Property master data (spec doc 1 §3): types, the custom attributes a type carries, and areas.
 * One schema per form: the Settings dialogs use these with zodResolver and the routes validate
 * with the same objects.
 */
export const ATTRIBUTE_TYPES = ['Text', 'Numeric', 'Date'] as const;
export type TAttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const ZPropertyTypeInput = z.object({
  name: zRequiredText('Name', 120),
  /** Attribute ids in display order; the position is the index. */
  attributes: z
    .array(z.string().uuid('Invalid Id'))
    .max(50, 'At most 50 attributes')
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'An attribute is listed twice'),
});
export type TPropertyTypeInput = z.input<typeof ZPropertyTypeInput>;

export const ZPropertyType = z.object({
  _id: z.string(),
  name: z.string(),
  attributes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPropertyType = z.infer<typeof ZPropertyType>;

export const ZPropertyAttributeInput = z.object({
  name: zRequiredText('Name', 120),
  description: zOptionalText(1000),
  attributeType: z.enum(ATTRIBUTE_TYPES, { error: 'Choose Text, Numeric or Date' }),
  allowFiltering: z.boolean().default(false),
  allowSorting: z.boolean().default(false),
});
export type TPropertyAttributeInput = z.input<typeof ZPropertyAttributeInput>;

export const ZPropertyAttribute = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  attributeType: z.enum(ATTRIBUTE_TYPES),
  allowFiltering: z.boolean(),
  allowSorting: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPropertyAttribute = z.infer<typeof ZPropertyAttribute>;

export const ZPropertyAreaInput = z.object({
  name: zRequiredText('Name', 120),
  description: zOptionalText(1000),
});
export type TPropertyAreaInput = z.input<typeof ZPropertyAreaInput>;

export const ZPropertyArea = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPropertyArea = z.infer<typeof ZPropertyArea>;

/** `2024-02-30` is not a date: the calendar round-trip catches what the pattern lets through. */
export function isCalendarDate(value: string): boolean {
  return isCalendarDay(value);
}

/** Plain decimal numbers only (no `1e3`, no `0x10`): the database compares them as numeric. */
export const NUMERIC_ATTRIBUTE_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';
const numericPattern = new RegExp(NUMERIC_ATTRIBUTE_PATTERN);

/**
 * The one rule for a custom attribute value (spec doc 1 §5: each custom attribute needs a
 * non-empty value; Numeric must be a number, Date a valid date). Null when the value is fine.
 */
export function attributeValueError(attribute: { name: string; attributeType: TAttributeType }, raw: string | undefined | null): string | null {
  const value = (raw ?? '').trim();
  if (!value) return `${attribute.name} is required`;
  if (attribute.attributeType === 'Numeric' && !numericPattern.test(value)) return `${attribute.name} must be a number`;
  if (attribute.attributeType === 'Date' && !isCalendarDate(value)) return `${attribute.name} must be a valid date`;
  return null;
}
