import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, ownerQuery, testConfig, type TestApp } from '../../../test/helpers';
import { eventually } from '../../../test/smtp-sink';
import { startFaultProxy, type FaultProxy } from '../../../test/pg-fault-proxy';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { queueMail } from '../mail/index';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
    off = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('is absent (404) when METRICS_TOKEN is not set, even with a token', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect(wrong.body).not.toContain('apron_');
  });

  it('serves the Prometheus text format with every named family, labelled by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/Company/${id}` })).statusCode).toBe(401);
    await t.db.transaction((tx) => queueMail(tx, { to: ['ops@example.test'], subject: 'waiting', text: 'x', kind: 'test' }));

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    for (const family of [
      'apron_http_request_duration_seconds',
      'apron_db_pool_connections',
      'apron_db_pool_max_connections',
      'apron_jobs',
      'apron_mail_outbox_backlog',
      'apron_mail_outbox_oldest_age_seconds',
      'apron_events_pending',
      'apron_events_dispatch_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
    expect(text).toMatch(/^apron_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1$/m);
    expect(text).toMatch(/^apron_http_request_duration_seconds_count\{method="GET",route="\/api\/Company\/:id",status_code="401"\} 1$/m);
    // The raw URL (its id) never becomes a label.
    expect(text).not.toContain(id);
    expect(text).toMatch(/^apron_db_pool_connections\{pool="app",state="total"\} \d+$/m);
    expect(Number(/^apron_mail_outbox_backlog (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/^apron_mail_outbox_oldest_age_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(0);
  });

  it('counts connections set to another airport scope, and signed-in requests do not shuttle them', async () => {
    const scopeChanges = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.body).toMatch(/^# TYPE apron_db_scope_changes_total counter$/m);
      return Number(/^apron_db_scope_changes_total\{pool="app"\} (\d+)$/m.exec(res.body)?.[1]);
    };
    const admin = await asAdmin(t);
    expect((await admin.request({ method: 'GET', url: '/api/Company?page=1&pageSize=10' })).statusCode).toBe(200);
    const before = await scopeChanges();
    for (let i = 0; i < 20; i++) expect((await admin.request({ method: 'GET', url: '/api/Company?page=1&pageSize=10' })).statusCode).toBe(200);
    // The session lookup (deployment tables) takes a connection as it is, so a connection is set to
    // the airport once (and PGlite's one connection again after the metrics' own system reads);
    // before, each request set "no airport" and then its airport: 40 changes for 20 requests.
    expect((await scopeChanges()) - before).toBeLessThan(20);
  });
});

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('live answers 200 without a session; ready answers 200 naming its checks', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('ready answers 503 naming the migrations while the newest one is not applied', async () => {
    const { rows } = await ownerQuery(t, 'select max(created_at)::text as newest from drizzle.__drizzle_migrations');
    const newest = String(rows[0]!.newest);
    await ownerQuery(t, 'update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = $1', [newest]);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await ownerQuery(t, 'update drizzle.__drizzle_migrations set created_at = $1 where created_at = $1::bigint - 1', [newest]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('health probes through a database outage (PostgreSQL only: PGlite lives in the process)', () => {
  let t: TestApp;
  let proxy: FaultProxy;
  let proxied: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    const name = String((await t.database.query('select current_database() as name')).rows[0]!.name);
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${name}`;
    proxy = await startFaultProxy(databaseUrl.toString());
    proxied = await openPostgres(proxy.url, 3);
    app = await buildApp({ config: testConfig(), database: proxied, logger: false, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    proxy?.startingUp(false);
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await t?.close();
  });

  it('ready answers 503 naming the database while it is down, live stays 200, and ready is 200 again after', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    proxy.startingUp(true);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'down', migrations: 'unknown' } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      proxy.startingUp(false);
    }
    await eventually(async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200, 10_000);
  });
});
