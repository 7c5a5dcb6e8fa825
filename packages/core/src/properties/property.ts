import { z } from 'zod';
import { zDollars } from '../money';
import { zRequiredText } from '../common/text';
import { DEFAULT_PROPERTY_LOCATION } from './listing-constants';
import { attributeValueError, isCalendarDate, type TAttributeType } from './master-data';

/**
 * A property listing (spec doc 1 §3, §5). `Leased` is never stored: it is derived from an
 * agreement covering today, so only Active and Inactive can be set.
 */
export const PROPERTY_STATUSES = ['Active', 'Inactive', 'Leased'] as const;
export type TPropertyStatus = (typeof PROPERTY_STATUSES)[number];
export const SETTABLE_PROPERTY_STATUSES = ['Active', 'Inactive'] as const;

// in a zod-free file the public listings page imports
export { DEFAULT_PROPERTY_LOCATION } from './listing-constants';

export const ZLocation = z.object({
  lat: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  lon: z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
});
export type TLocation = z.infer<typeof ZLocation>;

/** `YYYY-MM-DD`, or empty/absent for "no date"; the form's empty input maps to null. */
export const ZOptionalDateOnly = z
  .union([z.literal(''), z.string().refine(isCalendarDate, 'Must be a valid date')])
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * Create and edit body: one schema for the form (zodResolver) and the route. Custom attribute
 * values are keyed by attribute id so renaming or reordering a type's attributes loses nothing;
 * their per-type rules need the type's attributes, see `zPropertyFormFor`.
 */
export const ZPropertyInput = z.object({
  name: zRequiredText('Name', 200),
  description: zRequiredText('Description', 4000),
  area: z.string({ error: 'Area is required' }).uuid('Area is required'),
  propertyType: z.string({ error: 'Property type is required' }).uuid('Property type is required'),
  address: zRequiredText('Address', 500),
  rent: zDollars({ positive: true }),
  availableDate: ZOptionalDateOnly,
  visibletoExternal: z.boolean().default(false),
  location: ZLocation.default({ ...DEFAULT_PROPERTY_LOCATION }),
  // a value never typed is absent (undefined): the type's rule says '<Attribute> is required'
  attributes: z
    .record(z.string().uuid('Invalid Id'), z.string().trim().max(1000, 'Must be at most 1000 characters').optional())
    .default({})
    .transform((values) => Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined))),
});
export type TPropertyInput = z.input<typeof ZPropertyInput>;
export type TPropertyValues = z.output<typeof ZPropertyInput>;

export interface TTypeAttributeRule {
  _id: string;
  name: string;
  attributeType: TAttributeType;
}

/**
 * `{ 'attributes.<id>': message }` for every attribute of the chosen type whose value breaks its
 * rule. The server runs this after loading the type; the form runs it through `zPropertyFormFor`.
 */
export function propertyAttributeErrors(values: Record<string, string | undefined>, typeAttributes: readonly TTypeAttributeRule[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const attribute of typeAttributes) {
    const error = attributeValueError(attribute, values[attribute._id]);
    if (error) errors[`attributes.${attribute._id}`] = error;
  }
  return errors;
}

/** The form schema once the chosen type's attributes are known (web: `zodResolver(zPropertyFormFor(attrs))`). */
export function zPropertyFormFor(typeAttributes: readonly TTypeAttributeRule[]) {
  return ZPropertyInput.superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(propertyAttributeErrors(values.attributes, typeAttributes))) {
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    }
  });
}

export const ZPropertyStatusChange = z.object({
  status: z.enum(SETTABLE_PROPERTY_STATUSES, { error: 'Status must be Active or Inactive' }),
});
export type TPropertyStatusChange = z.infer<typeof ZPropertyStatusChange>;

export const ZPropertyImage = z.object({
  _id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  position: z.number(),
});
export type TPropertyImage = z.infer<typeof ZPropertyImage>;

/** Lease Info (issue 3 item 7): the agreement covering today, when there is one. */
export const ZLeaseInfo = z.object({
  status: z.enum(PROPERTY_STATUSES),
  agreement: z.object({ _id: z.string(), title: z.string(), agreementNum: z.string() }).nullable(),
});
export type TLeaseInfo = z.infer<typeof ZLeaseInfo>;

export const ZLeaseHistoryRow = z.object({
  _id: z.string(),
  title: z.string(),
  agreementNum: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.string(),
});
export type TLeaseHistoryRow = z.infer<typeof ZLeaseHistoryRow>;

export const ZProperty = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  area: z.string(),
  areaName: z.string(),
  propertyType: z.string(),
  propertyTypeName: z.string(),
  address: z.string(),
  rent: z.number(),
  availableDate: z.string().nullable(),
  visibletoExternal: z.boolean(),
  location: ZLocation,
  status: z.enum(PROPERTY_STATUSES),
  attributes: z.record(z.string(), z.string()),
  headerImage: ZPropertyImage.omit({ _id: true, position: true }).nullable(),
  images: z.array(ZPropertyImage),
  leaseInfo: ZLeaseInfo,
  abilities: z.object({ edit: z.boolean(), changeStatus: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProperty = z.infer<typeof ZProperty>;

/** A row of the staff grid `/properties/listings` (and of `GET Property/List`). */
export const ZPropertyGridRow = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  propertyType: z.string(),
  propertyTypeName: z.string(),
  area: z.string(),
  areaName: z.string(),
  rent: z.number(),
  availableDate: z.string().nullable(),
  visibletoExternal: z.boolean(),
  status: z.enum(PROPERTY_STATUSES),
  thumbnailUrl: z.string().nullable(),
});
export type TPropertyGridRow = z.infer<typeof ZPropertyGridRow>;

/** Staff grid sort keys; `propertyType` and `area` sort by name. */
export const PROPERTY_GRID_SORTS = ['name', 'description', 'address', 'propertyType', 'area', 'status', 'rent', 'availableDate', 'createdAt'] as const;

export const ZPropertyGridQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  sort: z
    .string()
    .regex(new RegExp(`^(${PROPERTY_GRID_SORTS.join('|')})(:(asc|desc))?$`), `Sort by ${PROPERTY_GRID_SORTS.join(', ')}`)
    .optional(),
  q: z.string().trim().max(200).optional(),
  propertyType: z.string().uuid('Invalid Id').optional(),
  area: z.string().uuid('Invalid Id').optional(),
  status: z.enum(PROPERTY_STATUSES, { error: 'Status must be Active, Inactive or Leased' }).optional(),
});
export type TPropertyGridQuery = z.infer<typeof ZPropertyGridQuery>;

/** Gallery images and header: what the server accepts (checked by content, not by name). */
export const PROPERTY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROPERTY_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp';
export const PROPERTY_IMAGE_LIMITS = { maxImages: 30, thumbWidth: 480, thumbHeight: 320 } as const;

export const ZPropertyImageDelete = z.object({
  propertyId: z.string().uuid('Invalid Id'),
  imageId: z.string().uuid('Invalid Id'),
});
