import { z } from 'zod';
import { MODULES } from './access/modules';
import { zRequiredText } from './common/text';

/**
 * Sign-in and session calls (docs/api.md "Sign-in and session"). The web reads the same shapes
 * the server answers with.
 */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  isInternal: z.boolean(),
  isAdmin: z.boolean(),
  modules: z.array(z.enum(MODULES)),
  companyId: z.string().nullable(),
  /** The airport the caller works at now (docs/airports.md); null: none (sees nothing). */
  airportId: z.string().nullable(),
  isAuthorityAdmin: z.boolean(),
});

export const ZAccessKind = z.enum(['Internal', 'External']);

/** `GET /api/Access`. */
export const ZAccessAnswer = z.object({
  access: ZAccessKind,
  modules: z.array(z.enum(MODULES)),
  user: ZSessionUser,
});
export type TAccessAnswer = z.infer<typeof ZAccessAnswer>;

/**
 * `GET /api/Session`: who is signed in, asked by the web before it knows. An anonymous visitor is
 * a plain answer (`{ signedIn: false }`), not a 401 the browser logs as an error; a signed-in user
 * gets what `GET /api/Access` answers. `/api/Access` keeps its contract (401 when signed out).
 */
export const ZSessionAnswer = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false) }),
  ZAccessAnswer.extend({ signedIn: z.literal(true) }),
]);
export type TSessionAnswer = z.infer<typeof ZSessionAnswer>;

/** `GET /api/Authorize/{code}`: the spec's 'Welcome User' plus what the SPA needs to start. */
export const ZAuthorizeAnswer = ZAccessAnswer.extend({
  message: z.literal('Welcome User'),
  returnTo: z.string(),
});
export type TAuthorizeAnswer = z.infer<typeof ZAuthorizeAnswer>;

export const ZAuthorizeQuery = z.object({
  state: z.string().min(1).max(200),
  iss: z.string().max(500).optional(),
});

export const ZLoginQuery = z.object({
  returnTo: z.string().max(2000).optional(),
});

export const ZLogoutAnswer = z.object({ endSessionUrl: z.string() });
export type TLogoutAnswer = z.infer<typeof ZLogoutAnswer>;

/** `GET/PUT /api/Me`: the caller's profile; e-mail is the identity and never changes here. */
export const ZMe = z.object({ email: z.string(), givenName: z.string(), familyName: z.string() });
export type TMe = z.infer<typeof ZMe>;

export const ZMeUpdate = z
  .object({
    givenName: zRequiredText('First name', 100),
    familyName: zRequiredText('Last name', 100),
  })
  .strict();
export type TMeUpdate = z.infer<typeof ZMeUpdate>;

/** Where `GET /api/Login?returnTo=` may send the browser back to: a path on this site only. */
export function isSafeReturnTo(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value) && !value.includes('\\');
}

/** The spec's message for any failed sign-in callback. */
export const SESSION_NOT_VALID = 'Session not Valid';
