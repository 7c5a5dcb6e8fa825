import { z } from 'zod';
import { isValidTimeZone } from './dates';
import { NUL_MESSAGE, zRequiredText } from './common/text';

/**
 * Airports of the deployment (issue 22). An authority administrator creates and edits them
 * (`/api/Airports`); anyone who works at several picks the current one (`/api/Session/Airport`).
 */

/**
 * An optional one-line text: blank (or absent, or null) is stored as null, so clearing a field
 * on edit clears it on the server too.
 */
function zOptionalLine(label: string, max: number, check?: { test: (value: string) => boolean; message: string }) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), NUL_MESSAGE)
    .refine((value) => value === '' || !check || check.test(value), check?.message ?? '')
    .nullish()
    .transform((value) => (value ? value : null));
}

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A host name as a browser sends it in Host: labels of letters, digits and hyphens, an optional port. */
const HOST_SHAPE = /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;
/** One path segment under which the airport's public pages live (`/reliever`). */
const PATH_PREFIX_SHAPE = /^\/[a-z0-9][a-z0-9-]*$/i;

/** `POST /api/Airports` and `PUT /api/Airports/{id}`. */
export const ZAirportInput = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .regex(/^[A-Za-z0-9]{3,4}$/, 'Code must be 3 or 4 letters or digits (an FAA or IATA code)')
    .transform((value) => value.toUpperCase()),
  name: zRequiredText('Name', 200),
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .min(1, 'Time zone is required')
    .refine(isValidTimeZone, 'Time zone must be a time zone such as America/Los_Angeles'),
  address: z.string().trim().max(500, 'Address must be at most 500 characters').refine((value) => !value.includes('\u0000'), NUL_MESSAGE),
  mailFrom: zOptionalLine('Mail sender', 254, { test: (value) => EMAIL_SHAPE.test(value), message: 'Mail sender must be an email address' }),
  publicHost: zOptionalLine('Public host', 253, { test: (value) => HOST_SHAPE.test(value), message: 'Public host must be a host name such as reliever.example.org' }),
  pathPrefix: zOptionalLine('Path prefix', 60, { test: (value) => PATH_PREFIX_SHAPE.test(value), message: 'Path prefix must be one path segment such as /reliever' }),
});
export type TAirportInput = z.infer<typeof ZAirportInput>;

/** An airport as the administrators' list and `GET /api/Airports/{id}` answer it. */
export const ZAirport = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  address: z.string(),
  mailFrom: z.string().nullable(),
  publicHost: z.string().nullable(),
  pathPrefix: z.string().nullable(),
  enabled: z.boolean(),
});
export type TAirport = z.infer<typeof ZAirport>;

/** `GET /api/Airports/Mine`: the airports the caller works at, `current` the session's one. */
export const ZMyAirport = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  current: z.boolean(),
});
export type TMyAirport = z.infer<typeof ZMyAirport>;

/** `PUT /api/Session/Airport`: the airport to work at now (answered like `GET /api/Access`). */
export const ZSessionAirport = z.object({ airportId: z.uuid('Airport is not valid') });
export type TSessionAirport = z.infer<typeof ZSessionAirport>;
