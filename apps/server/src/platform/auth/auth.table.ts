import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table';
import { airports } from '../tenancy/airports.table';

/**
 * Browser sessions (backend-for-frontend). The cookie holds a random token; only its SHA-256
 * is stored, so a database leak does not leak live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(), // sha256(token) hex
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    /** The provider's id token, kept server-side for the end-session (logout) hint. */
    idToken: text(),
    /** The airport the session works at now (the switcher); null = the account's first. */
    airportId: uuid().references(() => airports.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Short-lived state of a sign-in in progress (PKCE verifier, state, nonce, where to return). */
export const signInRequests = pgTable('sign_in_requests', {
  state: text().primaryKey(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  returnTo: text().notNull().default('/'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's storage (sessions, grants, codes, tokens, interactions, signing keys). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text().notNull(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_payloads_pk').on(t.kind, t.id),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);
