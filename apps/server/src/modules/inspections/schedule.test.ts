import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { runInspectionSchedule } from './schedule.job';
import { inspections } from './inspections.table';
import { buildMaster, buildProperty } from './inspections.test-support';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  await buildProperty(admin);
  await buildProperty(admin);
});
afterAll(async () => t?.close());

const scheduledOf = async (masterId: string) =>
  t.db.select().from(inspections).where(and(eq(inspections.masterInspectionId, masterId), isNotNull(inspections.scheduleTick)));

describe('scheduled master inspections (pg-boss cron, once per tick)', () => {
  it('creates one inspection per property per tick, even when the job runs twice at once', async () => {
    const master = await buildMaster(admin, { scheduled: true, expression: '*/5 * * * *' });
    const start = Date.now();
    const tick = new Date(Math.ceil((start + 60_000) / 300_000) * 300_000); // the next 5-minute tick
    // Not due yet: nothing.
    expect((await runInspectionSchedule(t.db, new Date(start))).created).toBe(0);
    // Two instances (or a retry) running the same tick at the same moment.
    const [a, b] = await Promise.all([runInspectionSchedule(t.db, new Date(tick.getTime() + 5_000)), runInspectionSchedule(t.db, new Date(tick.getTime() + 7_000))]);
    expect(a.created + b.created).toBe(2);
    const rows = await scheduledOf(master._id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.subjectId)).size).toBe(2);
    expect(rows.every((r) => r.status === 'Created' && r.scheduleTick!.getTime() === tick.getTime() && r.formVersion === 1)).toBe(true);
    // Later in the same tick window: nothing more.
    expect((await runInspectionSchedule(t.db, new Date(tick.getTime() + 120_000))).created).toBe(0);
    // The next tick: one more per property.
    await runInspectionSchedule(t.db, new Date(tick.getTime() + 300_000 + 1_000));
    expect(await scheduledOf(master._id)).toHaveLength(4);
  });

  it('a master that is not scheduled, or not due, creates nothing', async () => {
    const manual = await buildMaster(admin, { scheduled: false });
    const daily = await buildMaster(admin, { scheduled: true, expression: '0 0 1 1 *' });
    await runInspectionSchedule(t.db, new Date(Date.now() + 10 * 60_000));
    expect(await scheduledOf(manual._id)).toHaveLength(0);
    expect(await scheduledOf(daily._id)).toHaveLength(0);
  });

  it('the job is registered on pg-boss every minute', () => {
    // Defined at register time; Services.start starts it (tests never start jobs).
    expect(() => t.app.jobs.schedule('inspections.schedule', '* * * * *', async () => {})).toThrow(/defined twice/);
  });
});
