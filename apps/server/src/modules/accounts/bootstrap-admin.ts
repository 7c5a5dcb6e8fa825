import { MODULES } from '@apron/core';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { generatePassword, hashPassword } from '../../platform/auth/passwords';
import { countAccounts, insertAccount } from '../../platform/auth/accounts.repo';

export const DEFAULT_ADMIN_EMAIL = 'admin@apron.local';

/**
 * On an empty database, create the first administrator (every module, admin flag) from
 * ADMIN_EMAIL / ADMIN_PASSWORD. Without a password one is generated and printed once.
 */
export async function ensureFirstAdmin(db: DbOrTx, config: Pick<Config, 'admin'>, print: (line: string) => void): Promise<void> {
  if ((await countAccounts(db)) > 0) return;
  const email = config.admin?.email ?? DEFAULT_ADMIN_EMAIL;
  const password = config.admin?.password ?? generatePassword();
  await insertAccount(db, {
    email,
    givenName: 'Airport',
    familyName: 'Administrator',
    isInternal: true,
    isAdmin: true,
    // The first administrator runs the authority: creates its other airports.
    isAuthorityAdmin: true,
    modules: [...MODULES],
    passwordHash: await hashPassword(password),
  });
  if (!config.admin?.password) {
    print(`First administrator created: ${email} with password ${password} (shown once; change it after signing in)`);
  } else {
    print(`First administrator created: ${email}`);
  }
}
