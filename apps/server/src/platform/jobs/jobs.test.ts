import { asSystem } from '../tenancy/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, buildAccount, type TestApp, ownerQuery } from '../../../test/helpers';
import { eventually } from '../../../test/smtp-sink';
import { sessions, signInRequests } from '../auth/auth.table';
import { createSession } from '../auth/sessions';
import PgBoss from 'pg-boss';
import { createJobs } from './jobs';
import { pgBossAdapter } from './pg-boss-adapter';
import { CLEANUP_JOB, PLANNER_STATISTICS_JOB, deleteExpiredRecords, refreshPlannerStatistics } from './platform-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('jobs', () => {
  it('do not run in server tests unless started', () => {
    expect(t.app.jobs.started).toBe(false);
  });

  it('start, run queued and cron jobs, and stop cleanly', async () => {
    const jobs = createJobs({ database: t.database, log: t.app.log, pollingIntervalSeconds: 0.5 });
    const received: Array<Record<string, unknown>> = [];
    jobs.work<{ n: number }>('test-queue', async (data) => {
      received.push(data);
    });
    jobs.schedule('test-cron', '*/5 * * * *', async () => {});
    // Sent before start: kept and sent at start.
    await jobs.send('test-queue', { n: 1 });
    await jobs.start();
    expect(jobs.started).toBe(true);
    await jobs.start(); // idempotent
    await jobs.send('test-queue', { n: 2 });
    await eventually(() => received.length >= 2);
    expect(received.map((d) => d.n).sort()).toEqual([1, 2]);

    const { rows } = await ownerQuery(t, `select name, cron from pgboss.schedule where name = 'test-cron'`);
    expect(rows).toEqual([{ name: 'test-cron', cron: '*/5 * * * *' }]);

    await jobs.stop();
    expect(jobs.started).toBe(false);
    await jobs.stop(); // idempotent
  });

  it('refuses a job defined twice', () => {
    const jobs = createJobs({ database: t.database, log: t.app.log });
    jobs.work('twice', async () => {});
    expect(() => jobs.work('twice', async () => {})).toThrow(/defined twice/);
  });

  it('registers the platform jobs with the app (mail delivery and the nightly clean-up)', async () => {
    await t.app.jobs.start();
    try {
      const { rows } = await ownerQuery(t, `select name from pgboss.schedule order by name`);
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([CLEANUP_JOB, PLANNER_STATISTICS_JOB, 'mail-deliver']));
    } finally {
      await t.app.jobs.stop();
    }
  });

  it('the clean-up deletes expired sessions and stale sign-in requests only', async () => {
    const user = await buildAccount(t.db);
    await createSession(t.db, user.id);
    const expired = await createSession(t.db, user.id);
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where csrf_token = ${expired.csrfToken}`);
    await t.db.insert(signInRequests).values([
      { state: 'fresh', codeVerifier: 'v', nonce: 'n' },
      { state: 'stale', codeVerifier: 'v', nonce: 'n', createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) },
    ]);
    await deleteExpiredRecords(t.db);
    const left = await t.db.select({ csrf: sessions.csrfToken }).from(sessions);
    expect(left.map((s) => s.csrf)).not.toContain(expired.csrfToken);
    expect(left).toHaveLength(1);
    const states = (await t.db.select({ state: signInRequests.state }).from(signInRequests)).map((r) => r.state);
    expect(states).toEqual(['fresh']);
  });

  it("the nightly statistics refresh tells the planner how many rows a table holds (the embedded database has no autovacuum)", async () => {
    const user = await buildAccount(t.db);
    for (let i = 0; i < 25; i++) await createSession(t.db, user.id);
    // A deployment job: it runs as the tables' owner (only an owner may analyze a table).
    await asSystem(() => refreshPlannerStatistics(t.db));
    const { rows } = await t.database.query(`select reltuples::int as rows from pg_class where relname = 'sessions' and relkind = 'r'`);
    const { rows: counted } = await t.database.query(`select count(*)::int as rows from sessions`);
    expect(rows).toEqual(counted);
  });

  it('a job whose worker died mid-run is picked up again promptly by a restarted instance (not after its 15-minute expiry)', async () => {
    const queue = 'resume-after-crash';
    const options = { retryDelaySeconds: 1 };
    // The instance that dies: it takes the job (now active) and is gone without finishing it.
    const dead = new PgBoss({ db: pgBossAdapter(t.database), supervise: false, schedule: false, migrate: true });
    await dead.start();
    await dead.createQueue(queue, { name: queue, retryDelay: options.retryDelaySeconds, retryLimit: 3 });
    await dead.send(queue, { agreement: 'A-1' });
    const [taken] = await dead.fetch(queue);
    expect(taken).toBeDefined();
    await dead.stop({ graceful: false, close: false });
    const { rows } = await ownerQuery(t, `select state from pgboss.job where id = $1`, [taken!.id]);
    expect(rows[0]!.state).toBe('active');

    // The restarted instance runs it to completion.
    const restarted = createJobs({ database: t.database, log: t.app.log, pollingIntervalSeconds: 0.5, heartbeatSeconds: 1 });
    const handled: Array<{ agreement: string }> = [];
    restarted.work<{ agreement: string }>(
      queue,
      async (data) => {
        handled.push(data);
      },
      options,
    );
    await restarted.start();
    try {
      await eventually(() => handled.length > 0, 20_000);
      expect(handled).toEqual([{ agreement: 'A-1' }]);
      await eventually(async () => (await ownerQuery(t, `select state from pgboss.job where id = $1`, [taken!.id])).rows[0]?.state === 'completed');
    } finally {
      await restarted.stop();
    }
  });

  it('a live run, however long, is not taken away from its worker', async () => {
    const queue = 'long-live-run';
    const jobs = createJobs({ database: t.database, log: t.app.log, pollingIntervalSeconds: 0.5, heartbeatSeconds: 1 });
    let runs = 0;
    jobs.work(queue, async () => {
      runs += 1;
      // Far longer than the silence after which an abandoned run is failed (4 heartbeats: 4 s).
      await new Promise((resolve) => setTimeout(resolve, 7_000));
    }, { retryDelaySeconds: 1 });
    await jobs.start();
    try {
      await jobs.send(queue, {});
      await eventually(async () => (await ownerQuery(t, `select state from pgboss.job where name = $1`, [queue])).rows[0]?.state === 'completed', 20_000);
      expect(runs).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('queues one job per singleton key', async () => {
    const queue = 'singleton-test';
    const jobs = createJobs({ database: t.database, log: t.app.log });
    jobs.work(queue, async () => {}, { pollingIntervalSeconds: 30 });
    await jobs.send(queue, { n: 1 }, { singletonKey: 'payment:1' });
    await jobs.send(queue, { n: 1 }, { singletonKey: 'payment:1' });
    await jobs.start();
    try {
      await jobs.send(queue, { n: 1 }, { singletonKey: 'payment:1' });
      await jobs.send(queue, { n: 2 }, { singletonKey: 'payment:2' });
      const { rows } = await ownerQuery(t, `select data from pgboss.job where name = $1 order by data->>'n'`, [queue]);
      expect(rows.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await jobs.stop();
    }
  });
});
