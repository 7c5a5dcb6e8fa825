import type { TAccessAnswer, TMe, TSessionUser } from '@apron/core';

/** `GET /api/Access` from the caller the access plugin already resolved: no further work. */
export function presentAccess(user: TSessionUser): TAccessAnswer {
  return { access: user.isInternal ? 'Internal' : 'External', modules: user.modules, user };
}

export function presentMe(account: { email: string; givenName: string; familyName: string }): TMe {
  return { email: account.email, givenName: account.givenName, familyName: account.familyName };
}
