import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { MODULES, type TModule, type TSessionUser } from '@apron/core';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { Database, Db } from '../src/db/client';
import { SESSION_COOKIE, createSession, toSessionUser } from '../src/platform/auth/sessions';
import { workplaceOf } from '../src/platform/tenancy/workplace';
import { asSystem } from '../src/platform/tenancy/airport-context';
import { insertAccount } from '../src/modules/accounts/index';
import { findAccountById } from '../src/platform/auth/accounts.repo';
import type { NewAccountInput } from '../src/modules/accounts/accounts.test-support';
import { companies } from '../src/modules/companies/companies.table';
import type { PluginRegistry } from '../src/platform/plugins/registry';
import { createTestDatabase } from './database';
import { testConfig, type DemoTemplate } from './demo-templates';

export { testConfig };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** The app's plug-in registry (ctx.plugins). */
  plugins: PluginRegistry;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Start from this demo template (test/demo-templates.ts) instead of the bare migrated database:
   * its rows, and its files copied into the app's DATA_DIR (which the caller then names).
   */
  template?: DemoTemplate;
}

/**
 * The timeout of a beforeAll that starts from a demo template: the run seeds the templates while the
 * first files run (test/demo-templates.ts), so the hook may wait for its template first.
 */
export const DEMO_TEMPLATE_HOOK_TIMEOUT = 300_000;

/** The real app on a fresh database clone (one per test file: call in beforeAll). */
export async function createTestApp(overrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  if (options.template && !overrides.DATA_DIR) throw new Error(`A test app from the ${options.template} template needs a DATA_DIR of its own for the template's files`);
  const database = await createTestDatabase(options.template);
  if (options.template) fs.cpSync(inject('demoTemplates')[options.template].dataDir, config.dataDir, { recursive: true });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    plugins: app.plugins,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface Caller {
  user: TSessionUser;
  headers: Record<string, string>;
  /** Inject as this user (cookie + CSRF token on writes). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface AccountSpec {
  email?: string;
  modules?: TModule[] | 'all';
  isAdmin?: boolean;
  isAuthorityAdmin?: boolean;
  isInternal?: boolean;
  companyId?: string | null;
  givenName?: string;
  familyName?: string;
  enabled?: boolean;
}

/** Factory: an account with sensible defaults (an internal user with no module). A company id
 * that does not exist yet gets its company built, so tests can name any company. */
export async function buildAccount(db: Db, spec: AccountSpec = {}): Promise<ReturnType<typeof toSessionUser>> {
  if (spec.companyId) {
    await db
      .insert(companies)
      .values({ id: spec.companyId, name: `Company ${spec.companyId.slice(0, 8)}`, description: 'Built by a test', email: 'owner@example.test' })
      .onConflictDoNothing();
  }
  const values: NewAccountInput = {
    email: spec.email ?? `user-${randomBytes(4).toString('hex')}@example.test`,
    givenName: spec.givenName ?? 'Test',
    familyName: spec.familyName ?? 'User',
    isInternal: spec.isInternal ?? true,
    isAdmin: spec.isAdmin ?? false,
    isAuthorityAdmin: spec.isAuthorityAdmin ?? false,
    modules: spec.modules === 'all' ? [...MODULES] : (spec.modules ?? []),
    companyId: spec.companyId ?? null,
    enabled: spec.enabled ?? true,
  };
  const account = await insertAccount(db, values);
  return toSessionUser(account, await workplaceOf(db, account));
}

/** A signed-in browser session for a new account, as the sign-in flow would leave it. */
export async function signIn(t: TestApp, spec: AccountSpec = {}): Promise<Caller> {
  return sessionFor(t, await buildAccount(t.db, spec));
}

/** A signed-in browser session for an account that exists (e.g. one the API created); `user` as at sign-in. */
export async function signInAs(t: TestApp, accountId: string): Promise<Caller> {
  const account = (await findAccountById(t.db, accountId))!;
  return sessionFor(t, toSessionUser(account, await workplaceOf(t.db, account)));
}

async function sessionFor(t: TestApp, user: TSessionUser): Promise<Caller> {
  const session = await createSession(t.db, user.id);
  const headers = { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken };
  return {
    user,
    headers,
    request: (options) => t.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } }),
  };
}

export const asAdmin = (t: TestApp) => signIn(t, { modules: 'all', isAdmin: true });

/** An anonymous browser with its CSRF cookie pair (for public forms). */
export async function anonymous(t: TestApp): Promise<Caller['request']> {
  const res = await t.app.inject({ method: 'GET', url: '/api/CSRF' });
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const { csrfToken } = res.json() as { csrfToken: string };
  return (options) => t.app.inject({ ...options, headers: { cookie, 'x-csrf-token': csrfToken, ...(options.headers ?? {}) } });
}

/** SQL as the tables' owner, outside the airports' policies: the job system's tables, a test's own constraint. */
export function ownerQuery(t: Pick<TestApp, 'database'>, text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
  return asSystem(() => t.database.query(text, values));
}
