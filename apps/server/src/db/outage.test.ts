import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, type Caller, type TestApp } from '../../test/helpers';
import { eventually } from '../../test/smtp-sink';
import { queueMail } from '../platform/mail/index';
import { portalClient } from '../platform/auth/oidc-provider';

/**
 * A database outage (restart, failover, an administrator killing connections) under write load:
 * the process survives, every route answers 503 UNAVAILABLE while it lasts, and the same process
 * serves again once the database is back. PostgreSQL only: the embedded PGlite lives inside the
 * process and cannot go away on its own.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('a database outage (PostgreSQL only: the embedded PGlite lives in the process and cannot go away on its own)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let name: string;
  let caller: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    name = String((await t.database.query('select current_database() as name')).rows[0]!.name);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    caller = await asAdmin(t);
    // The job system polls the same database: it must ride out the outage too.
    await t.app.jobs.start();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
    await t?.app.jobs.stop().catch(() => {});
    await t?.close();
    await admin?.end();
  });

  const terminateAll = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);

  it('a transaction whose connection is killed fails; the process lives on and serves', async () => {
    let releaseKill!: () => void;
    const killed = new Promise<void>((resolve) => (releaseKill = resolve));
    const writes = Array.from({ length: 4 }, (_, i) =>
      t.db.transaction(async (tx) => {
        await queueMail(tx, { to: ['load@example.test'], subject: `load ${i}`, text: 'x', kind: 'test' });
        // Mid-transaction, holding its connection, while the database drops every session.
        await killed;
        await queueMail(tx, { to: ['load@example.test'], subject: `load ${i} again`, text: 'x', kind: 'test' });
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await terminateAll();
    // Give the dropped sockets time to report their errors while the transactions hold them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseKill();
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    // Still the same process, and it serves with fresh connections.
    await eventually(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200, 10_000);
    expect((await caller.request({ method: 'GET', url: '/api/Access' })).statusCode).toBe(200);
  });

  it('answers 503 UNAVAILABLE on every route while the database refuses connections, and 200 again after', async () => {
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await terminateAll();
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ code: 'UNAVAILABLE' });
      for (const request of [
        () => caller.request({ method: 'GET', url: '/api/Access' }),
        () => caller.request({ method: 'GET', url: '/api/Company' }),
        () => t.app.inject({ method: 'GET', url: '/api/AppConfig' }),
        () => caller.request({ method: 'POST', url: '/api/Company', payload: { name: 'Outage Air', description: 'x', email: 'ops@outage.test' } }),
      ]) {
        const res = await request();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
      }
      // The built-in provider (its own error format) answers 503 as well when it needs the database.
      const client = portalClient(t.config);
      const authorize = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      expect((await t.app.inject({ method: 'GET', url: `/oidc/auth?${authorize}`, headers: { accept: 'application/json' } })).statusCode).toBe(503);
      // The job system keeps polling a database that refuses it, without taking the process down.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await eventually(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200, 10_000);
    expect((await caller.request({ method: 'GET', url: '/api/Access' })).statusCode).toBe(200);
    expect((await caller.request({ method: 'GET', url: '/api/Company' })).statusCode).toBe(200);
  });
});
