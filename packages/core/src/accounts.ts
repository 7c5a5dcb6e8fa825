import { z } from 'zod';
import { MODULES } from './access/modules';
import { ZEmail, zRequiredText } from './common/text';
import { ZListQuery } from './common/list';

/** Accounts (Settings > Accounts): internal staff; company users are added from their company. */
export const ZAccountCreate = z.object({
  email: ZEmail,
  givenName: zRequiredText('First name', 100),
  familyName: zRequiredText('Last name', 100),
  modules: z.array(z.enum(MODULES, { error: 'Unknown module' })).default([]),
  isAdmin: z.boolean().default(false),
});
export type TAccountCreate = z.infer<typeof ZAccountCreate>;

/** Only the fields a Settings admin may change; email is the identity and never changes. */
export const ZAccountUpdate = z
  .object({
    givenName: zRequiredText('First name', 100),
    familyName: zRequiredText('Last name', 100),
    modules: z.array(z.enum(MODULES, { error: 'Unknown module' })),
    isAdmin: z.boolean(),
    enabled: z.boolean(),
  })
  .partial();
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;

export const ZAccount = z.object({
  _id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  isInternal: z.boolean(),
  isAdmin: z.boolean(),
  enabled: z.boolean(),
  modules: z.array(z.enum(MODULES)),
  companyId: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAccount = z.infer<typeof ZAccount>;

/**
 * `POST /api/Accounts` answers the account as this airport sees it; `existingAccount` is true when
 * the e-mail already had an account (working at another airport): it was added to this airport
 * with these modules instead of being created (no invitation: it signs in as before).
 */
export const ZAccountCreated = ZAccount.extend({ existingAccount: z.boolean() });
export type TAccountCreated = z.infer<typeof ZAccountCreated>;

/** Sign-in lockout (built-in provider): this many wrong passwords lock the account for a while. */
export const SIGN_IN_LIMITS = { maxFailures: 5, lockMinutes: 15, minPasswordLength: 10 } as const;

/** Session length (spec: one hour after sign-in, refreshed while active). */
export const SESSION_TTL_SECONDS = 60 * 60;

/** `GET /api/Accounts`: the list query plus `internal=true|false`. */
export const ACCOUNT_SORT_FIELDS = ['email', 'givenName', 'familyName', 'createdAt', 'lastSignInAt'] as const;
export const ZAccountListQuery = ZListQuery.extend({
  internal: z.enum(['true', 'false'], { error: 'Use true or false' }).optional(),
});
export type TAccountListQuery = z.infer<typeof ZAccountListQuery>;
