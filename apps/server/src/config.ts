import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_GEOCODER_URL, DEFAULT_MAP_TILES } from '@apron/core';

/**
 * Configuration from environment variables, validated once at start. A bad value stops the
 * process with one line per problem naming the variable (see README "Configuration").
 */
const optionalUrl = z.string().trim().url().optional().or(z.literal('').transform(() => undefined));
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().trim().optional(),
    OIDC_CLIENT_SECRET: z.string().trim().optional(),
    ADMIN_EMAIL: z.string().trim().email('must be an e-mail address').optional().or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional().or(z.literal('').transform(() => undefined)),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().trim().default('Apron <no-reply@apron.local>'),
    /** Calendar invites: the organizer (`Name <address>`, default MAIL_FROM) and the event URL (default PUBLIC_URL). */
    INVITE_ORGANIZER: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
    INVITE_URL: optionalUrl,
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // How far the heap may grow past what the last full collection kept, in percent (0: V8's own
    // rule, which lets it reach about 4x under load). docs/operations.md "Memory".
    HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(100),
    APRON_DEMO: flag,
    APRON_DEMO_INVOICES: z.coerce.number().int().min(0).max(1_000_000).default(0),
    TRUST_PROXY: flag,
    // The bearer token Prometheus sends to /metrics; without it /metrics answers 404 (docs/operations.md).
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
    // Leaflet URL templates such as https://{s}.tile.example/{z}/{x}/{y}.png (not URLs until filled in).
    MAP_STREETS_URL: z.string().trim().regex(/^https:\/\//, 'must start with https://').optional().or(z.literal('').transform(() => undefined)),
    MAP_SATELLITE_URL: z.string().trim().regex(/^https:\/\//, 'must start with https://').optional().or(z.literal('').transform(() => undefined)),
    // Address search of the location picker; http is accepted for a loopback service only (a
    // self-hosted Nominatim next to the server, and the tests), never across a network.
    GEOCODER_URL: z
      .string()
      .trim()
      .url()
      .regex(/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$))/, 'must start with https:// (http:// only for localhost)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Card payments through Square (billing); without them the built-in test provider is used.
    SQUARE_ACCESS_TOKEN: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
    SQUARE_LOCATION_ID: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
    SQUARE_APPLICATION_ID: z.string().trim().optional().or(z.literal('').transform(() => undefined)),
    SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).optional().or(z.literal('').transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc > 0 && oidc < 3) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together' });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET' });
    }
    const square = [env.SQUARE_ACCESS_TOKEN, env.SQUARE_LOCATION_ID, env.SQUARE_APPLICATION_ID, env.SQUARE_ENVIRONMENT].filter(Boolean).length;
    if (square > 0 && square < 4) {
      ctx.addIssue({ code: 'custom', path: ['SQUARE_ACCESS_TOKEN'], message: 'set SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID, SQUARE_APPLICATION_ID and SQUARE_ENVIRONMENT together' });
    }
    // Real money needs real credentials: a production server refuses Square's sandbox.
    if (env.NODE_ENV === 'production' && square > 0 && (env.SQUARE_ENVIRONMENT === 'sandbox' || env.SQUARE_APPLICATION_ID?.startsWith('sandbox-'))) {
      ctx.addIssue({ code: 'custom', path: ['SQUARE_ENVIRONMENT'], message: 'sandbox credentials are refused in production (use SQUARE_ENVIRONMENT=production and production ids)' });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production (32+ random characters)' });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  admin: { email: string; password: string | undefined } | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Organizer and URL written into every calendar invite (never taken from the client). */
  invite: { organizer: string; url: string };
  s3: { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string; secretAccessKey: string } | null;
  /** Signs CSRF tokens of anonymous callers and the built-in provider's cookies. */
  sessionSecret: string;
  logLevel: string;
  /** V8's heap growing factor as a percentage over the live heap (0 = V8's default rule). */
  heapGrowthPercent: number;
  demo: boolean;
  /** Demo mode only: this many generated invoices besides the demo's own, to try the grids at a real size. */
  demoInvoices: number;
  trustProxy: boolean;
  /** The bearer token of /metrics; undefined = /metrics is off (404). */
  metricsToken: string | undefined;
  /** Cookies get `Secure` when the portal is served over https. */
  secureCookies: boolean;
  /** Tile URL templates of the maps (defaults: OpenStreetMap streets, Esri imagery). */
  mapTiles: { streetsUrl: string; satelliteUrl: string };
  /** Address search service of the location picker (Nominatim-compatible `search` endpoint). */
  geocoderUrl: string;
  /** Square card payments; null = the built-in test provider (test mode). */
  square: { accessToken: string; locationId: string; applicationId: string; environment: 'sandbox' | 'production' } | null;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? 'environment')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    oidc: env.OIDC_ISSUER ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET! } : null,
    admin: env.ADMIN_EMAIL ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD } : null,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    invite: { organizer: env.INVITE_ORGANIZER ?? env.MAIL_FROM, url: env.INVITE_URL ?? publicUrl },
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }
      : null,
    // Without SESSION_SECRET (development only) a random one is used: sessions stay valid
    // (they are database rows), only anonymous CSRF tokens issued before a restart expire.
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    logLevel: env.LOG_LEVEL,
    heapGrowthPercent: env.HEAP_GROWTH_PERCENT,
    demo: env.APRON_DEMO,
    demoInvoices: env.APRON_DEMO_INVOICES,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    secureCookies: publicUrl.startsWith('https://'),
    mapTiles: {
      streetsUrl: env.MAP_STREETS_URL ?? DEFAULT_MAP_TILES.streetsUrl,
      satelliteUrl: env.MAP_SATELLITE_URL ?? DEFAULT_MAP_TILES.satelliteUrl,
    },
    geocoderUrl: env.GEOCODER_URL ?? DEFAULT_GEOCODER_URL,
    square:
      env.SQUARE_ACCESS_TOKEN && env.SQUARE_LOCATION_ID && env.SQUARE_APPLICATION_ID && env.SQUARE_ENVIRONMENT
        ? { accessToken: env.SQUARE_ACCESS_TOKEN, locationId: env.SQUARE_LOCATION_ID, applicationId: env.SQUARE_APPLICATION_ID, environment: env.SQUARE_ENVIRONMENT }
        : null,
  };
}
