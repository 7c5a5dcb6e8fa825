import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, ownerQuery } from '../../../test/helpers';
import { eventually } from '../../../test/smtp-sink';
import { startFaultProxy, type FaultProxy } from '../../../test/pg-fault-proxy';
import { openPostgres, type Database } from '../../db/client';
import { createJobs } from './jobs';
import { pgBossAdapter } from './pg-boss-adapter';

/**
 * The database drops and refuses connections while a job's handler runs, round after round (it
 * refuses the database, 55000, and drops the sessions, 57P01; or it is starting up, 57P03): the
 * instance stays up (no rejection goes unhandled: pg-boss 10's own worker recorded outcomes
 * without awaiting them, and 3 of 3 such blips ended the process) and each job completes once the
 * database is back. PostgreSQL only: the embedded PGlite lives inside the process and cannot go
 * away on its own.
 */
const url = process.env.DATABASE_URL;
const QUEUE = 'blip-test';

interface Round {
  round: number;
  fault: 'refuses' | 'starting up';
  /** The handler does its database work after the blip began (it fails), or before (it succeeds and its completion cannot be recorded). */
  queriesDuringBlip: boolean;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe.skipIf(!url)('a database blip while a job runs (PostgreSQL only: the embedded PGlite lives in the process and cannot go away on its own)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let name: string;
  /** The instance's job system and handlers reach the database through a proxy that can play a server starting up. */
  let proxy: FaultProxy;
  let jobsDatabase: Database;
  const unhandled: unknown[] = [];
  const recordUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    t = await createTestApp();
    name = String((await t.database.query('select current_database() as name')).rows[0]!.name);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const testDatabaseUrl = new URL(url!);
    testDatabaseUrl.pathname = `/${name}`;
    proxy = await startFaultProxy(testDatabaseUrl.toString());
    jobsDatabase = await openPostgres(proxy.url, 5);
    process.on('unhandledRejection', recordUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', recordUnhandled);
    await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
    proxy?.startingUp(false);
    await jobsDatabase?.close();
    await proxy?.close();
    await t?.close();
    await admin?.end();
  });

  async function beginBlip(fault: Round['fault']): Promise<void> {
    if (fault === 'starting up') return proxy.startingUp(true);
    // The database refuses new sessions (FATAL 55000) and drops every open one (57P01).
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  }
  async function endBlip(): Promise<void> {
    proxy.startingUp(false);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
  }

  async function jobState(round: number): Promise<{ state: string; retries: number } | undefined> {
    const { rows } = await ownerQuery(t, `select state, retry_count from pgboss.job where name = $1 and (data->>'round')::int = $2`, [QUEUE, round]);
    return rows[0] && { state: String(rows[0].state), retries: Number(rows[0].retry_count) };
  }

  it('the instance stays up and each job completes once the database is back, blip after blip', async () => {
    // Heartbeats every 2 s: a live run is failed as abandoned after 8 s of silence, well beyond a blip.
    const jobs = createJobs({ database: jobsDatabase, log: t.app.log, pollingIntervalSeconds: 0.5, heartbeatSeconds: 2 });
    let running = deferred();
    let blipBegun = deferred();
    const finished: number[] = [];
    jobs.work<Round>(
      QUEUE,
      async ({ round, queriesDuringBlip }) => {
        if (!queriesDuringBlip) await jobsDatabase.query('select 1');
        running.resolve();
        await blipBegun.promise;
        if (queriesDuringBlip) await jobsDatabase.query('select 1');
        finished.push(round);
      },
      { retryDelaySeconds: 1 },
    );
    await jobs.start();
    try {
      const rounds: Round[] = [
        { round: 1, fault: 'refuses', queriesDuringBlip: true },
        { round: 2, fault: 'refuses', queriesDuringBlip: false },
        { round: 3, fault: 'starting up', queriesDuringBlip: true },
        { round: 4, fault: 'starting up', queriesDuringBlip: false },
        { round: 5, fault: 'refuses', queriesDuringBlip: true },
      ];
      for (const round of rounds) {
        running = deferred();
        blipBegun = deferred();
        await jobs.send(QUEUE, round);
        await running.promise;
        await beginBlip(round.fault);
        blipBegun.resolve();
        // The handler ends (failed or done) while nothing can be recorded.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await endBlip();
        await eventually(async () => (await jobState(round.round).catch(() => undefined))?.state === 'completed', 20_000);
        // Run again in place once the database answered: the blip spent none of the job's retries.
        expect(await jobState(round.round)).toEqual({ state: 'completed', retries: 0 });
        expect(finished).toContain(round.round);
        expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
      expect(unhandled).toEqual([]);
    } finally {
      await endBlip();
      await jobs.stop();
    }
  }, 90_000);

  it("a cron tick whose hand-off is cut by the database starting up runs once it is back (pg-boss's clock queue runs on the awaited worker too)", async () => {
    const queue = 'cron-blip-test';
    const jobs = createJobs({ database: jobsDatabase, log: t.app.log, pollingIntervalSeconds: 0.5, heartbeatSeconds: 1 });
    let runs = 0;
    // A schedule that never fires by itself: the tick is handed over below, as pg-boss's clock does.
    jobs.schedule(queue, '0 0 1 1 *', async () => {
      runs += 1;
    });
    await jobs.start();
    const clock = new PgBoss({ db: pgBossAdapter(t.database), supervise: false, schedule: false, migrate: false });
    await clock.start();
    const locker = new pg.Client({ connectionString: new URL(`/${name}`, url).toString() });
    await locker.connect();
    try {
      // The tick's hand-off (an insert into the job's queue) waits on a lock while the database goes away.
      const { rows } = await locker.query(`select partition_name from pgboss.queue where name = $1`, [queue]);
      await locker.query('begin');
      await locker.query(`lock table pgboss.${String(rows[0]!.partition_name)} in access exclusive mode`);
      await clock.send('__pgboss__send-it', { name: queue, data: {} });
      // (the queue's own worker waits on the lock too, polling: the hand-off is pg-boss's insertJobs)
      const handOffWaits = `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query like '%WITH defaults as%'`;
      await eventually(async () => (await admin.query(handOffWaits, [name])).rowCount, 20_000);
      await beginBlip('starting up');
      await locker.query('rollback');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await endBlip();
      await eventually(() => runs > 0, 20_000);
      expect(unhandled).toEqual([]);
    } finally {
      await endBlip();
      await locker.end();
      await clock.stop({ graceful: false, close: false });
      await jobs.stop();
    }
  }, 60_000);
});
