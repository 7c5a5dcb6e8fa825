import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULES, type TSessionUser } from '@apron/core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '../../apps/server/src/demo/demo.seed-support';

/**
 * The demo roles the journeys sign in as. The accounts come from the demo seed's own list, so a
 * journey follows the seed instead of a copy of it.
 */
export type TRole = 'admin' | 'finance' | 'staff' | 'tenant';
export const ROLES: readonly TRole[] = ['admin', 'finance', 'staff', 'tenant'];

const here = path.dirname(fileURLToPath(import.meta.url));

export interface TRoleAccount extends DemoAccount {
  key: TRole;
  password: string;
  /** Saved by the setup project after signing in through the real sign-in page. */
  storageState: string;
}

export function roleAccount(key: TRole): TRoleAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email.startsWith(`${key}@`));
  if (!account) throw new Error(`No demo account for role '${key}' in apps/server/src/demo/demo-accounts.ts`);
  return { ...account, key, password: DEMO_PASSWORD, storageState: path.join(here, '..', '.auth', `${key}.json`) };
}

/** The session user the rules see for a demo account (for `menuFor`). */
export function sessionUserOf(account: DemoAccount, id: string, companyId: string | null): TSessionUser {
  return {
    id,
    email: account.email,
    givenName: account.givenName,
    familyName: account.familyName,
    isInternal: account.isInternal,
    isAdmin: account.isAdmin,
    modules: account.isInternal ? (account.modules === 'all' ? [...MODULES] : [...account.modules]) : [],
    companyId,
    // The menu does not depend on the airport; the demo's admin is the authority's administrator.
    airportId: null,
    isAuthorityAdmin: account.isInternal && account.isAdmin,
  };
}
