import { z } from 'zod';
import { isValidTimeZone } from './dates';
import { isModuleAdmin } from './access/can';
import type { TSessionUser } from './access/user';
import { ZEmail, hasNoLineBreak, zOneLineText, zOptionalText } from './common/text';

/**
 * Airports (docs/airports.md): the switcher (`GET /api/Airports/Mine`, `PUT /api/Session/Airport`)
 * and the authority administrators' list of airports (`/api/Airports`).
 */

/** `GET /api/Airports/Mine`: an airport the caller works at; `current` marks the one the session works at now. */
export const ZMyAirport = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  current: z.boolean(),
});
export type TMyAirport = z.infer<typeof ZMyAirport>;

/** `PUT /api/Session/Airport`: switch the session to an airport the caller works at (answers as `GET /api/Access`). */
export const ZSessionAirport = z.object({ airportId: z.uuid({ error: 'Choose an airport' }) });
export type TSessionAirport = z.infer<typeof ZSessionAirport>;

/** An IANA zone name the runtime knows (e.g. 'America/Denver'; not an offset such as '+02:00'). */
const isTimeZoneName = (value: string) => /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value) && isValidTimeZone(value);

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PREFIX = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An optional text field of a form: blank (or absent) is null. */
function zBlankIsNull<T extends z.ZodType<string>>(inner: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), inner.nullable()).optional().default(null);
}

/** `POST /api/Airports`, `PUT /api/Airports/{id}` (authority administrators). */
export const ZAirportInput = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(/^[A-Za-z0-9]{2,5}$/, 'Code must be 2 to 5 letters or digits')
    .transform((code) => code.toUpperCase()),
  name: zOneLineText('Name', 200),
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .refine(isTimeZoneName, 'Time zone must be an IANA time zone such as America/Denver'),
  address: zOptionalText(500),
  mailFrom: zBlankIsNull(ZEmail),
  publicHost: zBlankIsNull(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((host) => HOST.test(host) && hasNoLineBreak(host), 'Public host must be a host name such as reliever.airport.example'),
  ),
  pathPrefix: zBlankIsNull(
    z
      .string()
      .trim()
      .max(40, 'Path prefix must be at most 40 characters')
      .regex(PREFIX, 'Path prefix must be lower-case letters, digits and dashes'),
  ),
});
export type TAirportInput = z.infer<typeof ZAirportInput>;

/** An airport as its administrators see it. */
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
  createdAt: z.string(),
  /** Its logo's public address (`/api/Airports/{id}/Logo?v=…`); null = none, the product's look. */
  logoUrl: z.string().nullable(),
});
export type TAirport = z.infer<typeof ZAirport>;

/**
 * An airport's logo (docs/airports.md, "Logo"). PNG, JPEG or WebP only, recognised by their bytes
 * (SVG can carry script), at most 1 MB; the server stores it as a PNG at most `height` pixels high
 * and `maxWidth` wide (pdfkit embeds PNG and JPEG only).
 */
export const AIRPORT_LOGO_LIMITS = {
  maxBytes: 1024 * 1024,
  tooLargeMessage: 'The logo cannot be more than 1 MB',
  types: ['image/png', 'image/jpeg', 'image/webp'],
  typeMessage: 'The logo must be a PNG, JPEG or WebP image',
  height: 160,
  maxWidth: 640,
} as const;

/** The public address of an airport's logo; the version (from its storage key) changes with every upload. */
export function airportLogoUrl(airportId: string, version: string): string {
  return `/api/Airports/${airportId}/Logo?v=${encodeURIComponent(version)}`;
}

/**
 * Who sets an airport's logo: an administrator of the authority (any airport, Settings > Airports),
 * or an administrator of Settings at that airport while working there (their own airport only).
 */
export function canManageAirportLogo(user: TSessionUser | null | undefined, airportId: string): boolean {
  if (!user) return false;
  return user.isAuthorityAdmin || (isModuleAdmin(user, 'Settings') && user.airportId === airportId);
}
