import { isModule, type TAccount } from '@apron/core';
import type { AccountAtAirport } from '../../platform/auth/accounts.repo';

/** An account as the API shows it (admin flag and modules: at the current airport); the password hash and lockout counters never leave. */
export function presentAccount(row: AccountAtAirport): TAccount {
  return {
    _id: row.id,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    isInternal: row.isInternal,
    isAdmin: row.isAdmin,
    enabled: row.enabled,
    modules: row.modules.filter(isModule),
    companyId: row.companyId,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit snapshot of an account (the presented fields without the id). */
export function auditAccount(row: AccountAtAirport): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...presentAccount(row) };
  delete fields._id;
  delete fields.lastSignInAt; // changes with every sign-in, not an edit
  return fields;
}
