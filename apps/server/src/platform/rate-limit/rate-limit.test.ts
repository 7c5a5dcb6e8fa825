import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { deleteExpiredRecords } from '../jobs/platform-jobs';
import { rateLimitCounters } from './rate-limit.table';

/** Rate limits hold across instances: their counters live in the shared database. */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp({ config: t.config, database: t.database, logger: false, serveWeb: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

// GET /api/Authorize/{code} allows 30 calls a minute per address (the answer itself does not matter here).
const LIMIT = 30;
const authorize = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/api/Authorize/not-a-code?state=nothing', remoteAddress });

describe('rate limits shared by every instance', () => {
  it('two instances on one database allow the limit once between them, per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await authorize(i % 2 === 0 ? t.app : second, '198.51.100.7')).statusCode);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // The limit is spent across both: neither instance lets another call through.
    for (const app of [t.app, second]) {
      const refused = await authorize(app, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // Another address has its own allowance.
    expect((await authorize(second, '198.51.100.8')).statusCode).not.toBe(429);
  });

  it('concurrent calls are all counted (one atomic increment each)', async () => {
    const results = await Promise.all(Array.from({ length: LIMIT + 10 }, (_, i) => authorize(i % 2 === 0 ? t.app : second, '198.51.100.9')));
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('a window that has passed starts again, and the nightly clean-up removes expired counters', async () => {
    await t.db.update(rateLimitCounters).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await authorize(t.app, '198.51.100.7')).statusCode).not.toBe(429);
    await t.db.update(rateLimitCounters).set({ resetAt: sql`now() - interval '1 second'` });
    await deleteExpiredRecords(t.db);
    expect(await t.db.select().from(rateLimitCounters)).toEqual([]);
  });
});
