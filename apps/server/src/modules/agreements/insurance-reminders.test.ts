import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { createEventDispatch } from '../../platform/events/index';
import { mailOutbox } from '../../platform/mail/mail.table';
import { setSystemSetting } from '../settings/settings.test-support';
import { superAdmin } from './agreements.test-support';
import { addApprovedInsurance, buildInsuranceType, buildLeasedProperty, dayFrom, useUtcCalendar } from './insurance-compliance.test-support';
import { runInsuranceReminderJob } from './insurance-reminders.job';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  today = await useUtcCalendar(t);
});
afterAll(async () => t?.close());

const dispatch = () => createEventDispatch({ db: t.db, log: t.app.log, plugins: t.plugins }).dispatch();
const at = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000);
const mailsTo = async (email: string) => (await t.db.select().from(mailOutbox)).filter((m) => m.to.includes(email)).map((m) => m.html ?? '');

describe('insurance reminders', () => {
  it('reach the tenant company’s users once per threshold through the notification rules, never twice', async () => {
    await t.db.execute(sql`delete from notifications`);
    const rule = await admin.request({
      method: 'POST',
      url: '/api/Crud/notifications',
      payload: { name: 'Certificate expiring', module: 'Lease', trigger: 'Expiring', notify: 'External', template: '<p>{{insuranceType}} of {{agreementNum}} ends {{insuranceEndDate}} ({{daysLeft}} days)</p>' },
    });
    expect(rule.statusCode).toBe(201);
    const gl = await buildInsuranceType(admin, 'General Liability');
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    const tenant = await signIn(t, { isInternal: false, companyId: lease.companyId });
    const other = await buildLeasedProperty(admin, leaseAdmin);
    const otherTenant = await signIn(t, { isInternal: false, companyId: other.companyId });
    const end = dayFrom(today, 25);
    await addApprovedInsurance(leaseAdmin, lease, { insuranceType: gl._id, startDate: dayFrom(today, -300), endDate: end, perOccurrenceLimit: 1, aggregateLimit: 1 });
    await dispatch();
    await t.db.delete(mailOutbox);

    // 25 days before: the 30-day reminder (60 is passed over: one reminder, the nearest threshold).
    expect((await runInsuranceReminderJob(t.db, at(0))).sent).toBe(1);
    expect((await runInsuranceReminderJob(t.db, at(0))).sent).toBe(0);
    await dispatch();
    const first = await mailsTo(tenant.user.email);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('(25 days)');
    expect(await mailsTo(otherTenant.user.email)).toEqual([]);

    // Two runs at once (two instances): one reminder between them.
    const both = await Promise.all([runInsuranceReminderJob(t.db, at(20)), runInsuranceReminderJob(t.db, at(20))]);
    expect(both.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect((await runInsuranceReminderJob(t.db, at(25))).sent).toBe(1);
    expect((await runInsuranceReminderJob(t.db, at(25))).sent).toBe(0);
    // After the end, nothing more.
    expect((await runInsuranceReminderJob(t.db, at(26))).sent).toBe(0);
    await dispatch();
    expect((await mailsTo(tenant.user.email)).map((html) => html.match(/\((\d+) days\)/)?.[1])).toEqual(['25', '5', '0']);
  });

  it('follow INSURANCE_REMINDER_DAYS and skip a certificate already renewed', async () => {
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'INSURANCE_REMINDER_DAYS', '10'));
    const hull = await buildInsuranceType(admin, 'Hull');
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    await addApprovedInsurance(leaseAdmin, lease, { insuranceType: hull._id, startDate: dayFrom(today, -300), endDate: dayFrom(today, 20), perOccurrenceLimit: 1, aggregateLimit: 1 });
    expect((await runInsuranceReminderJob(t.db, at(0))).sent).toBe(0);
    await addApprovedInsurance(leaseAdmin, lease, { insuranceType: hull._id, startDate: dayFrom(today, 20), endDate: dayFrom(today, 400), perOccurrenceLimit: 1, aggregateLimit: 1 });
    expect((await runInsuranceReminderJob(t.db, at(12))).sent).toBe(0);
  });
});
