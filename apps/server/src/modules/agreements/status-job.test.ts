import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calendarDate } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { alertRecipients, alerts } from '../alerts/alerts.table';
import { setSystemSetting } from '../settings/settings.test-support';
import { agreements } from './agreements.table';
import { buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin } from './agreements.test-support';
import { runAgreementStatusJob } from './status-job';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
});
afterAll(async () => t?.close());

const day = (offset: number) => calendarDate(new Date(Date.now() + offset * 86_400_000));

describe('the daily status job', () => {
  it('sets Expiring Soon within the window and Expired after the end date, never touches Archived, and is idempotent', async () => {
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'EXPIRY_WINDOW_DAYS', '30'));
    const master = await buildLeaseMasterData(admin);
    const company = await buildCompany(admin);
    const ids = {
      far: (await buildAgreement(leaseAdmin, master, company._id, { startDate: day(-100), endDate: day(200) }))._id,
      soon: (await buildAgreement(leaseAdmin, master, company._id, { startDate: day(-100), endDate: day(200) }))._id,
      over: (await buildAgreement(leaseAdmin, master, company._id, { startDate: day(-100), endDate: day(200) }))._id,
      archived: (await buildAgreement(leaseAdmin, master, company._id, { startDate: day(-100), endDate: day(200), status: 'Archived' }))._id,
      open: (await buildAgreement(leaseAdmin, master, company._id, { startDate: day(-100), renewable: false, endDate: '' }))._id,
    };
    // Time passes: end dates are now near or past (written directly, as the calendar would).
    await t.db.update(agreements).set({ endDate: day(20) }).where(eq(agreements.id, ids.soon));
    await t.db.update(agreements).set({ endDate: day(-1) }).where(eq(agreements.id, ids.over));
    await t.db.update(agreements).set({ endDate: day(-1) }).where(eq(agreements.id, ids.archived));

    const first = await runAgreementStatusJob(t.db);
    expect(first.changed.map((c) => c.id).sort()).toEqual([ids.soon, ids.over].sort());
    const statusOf = async (id: string) => (await t.db.select({ s: agreements.status }).from(agreements).where(eq(agreements.id, id)))[0]!.s;
    expect(await statusOf(ids.far)).toBe('Active');
    expect(await statusOf(ids.soon)).toBe('Expiring Soon');
    expect(await statusOf(ids.over)).toBe('Expired');
    expect(await statusOf(ids.archived)).toBe('Archived');
    expect(await statusOf(ids.open)).toBe('Active');

    const snapshot = await t.db.select({ id: agreements.id, status: agreements.status, updatedAt: agreements.updatedAt }).from(agreements);
    const second = await runAgreementStatusJob(t.db);
    expect(second.changed).toEqual([]);
    expect(await t.db.select({ id: agreements.id, status: agreements.status, updatedAt: agreements.updatedAt }).from(agreements)).toEqual(snapshot);

    // The window comes from System Settings: at 10 days the 20-day agreement is Active again.
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'EXPIRY_WINDOW_DAYS', '10'));
    expect((await runAgreementStatusJob(t.db)).changed).toEqual([{ id: ids.soon, from: 'Expiring Soon', to: 'Active' }]);
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'EXPIRY_WINDOW_DAYS', '60'));
  });

  it('alerts Lease admins once about insurances ending within the window', async () => {
    const master = await buildLeaseMasterData(admin);
    const company = await buildCompany(admin);
    const property = await buildProperty(admin);
    const a = await buildAgreement(leaseAdmin, master, company._id, { startDate: day(-400), endDate: day(400) });
    await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${a._id}/${property._id}` });
    const insurance = { agreementId: a._id, propertyId: property._id, insuranceType: master.insuranceTypeId, maxCoverageAmount: 500000 };
    const ending = await leaseAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: { ...insurance, startDate: day(-300), endDate: day(15) } });
    expect(ending.statusCode).toBe(201);
    await leaseAdmin.request({ method: 'POST', url: '/api/Insurance/add', payload: { ...insurance, startDate: day(-300), endDate: day(300) } });
    const staffNoLease = await signIn(t, { modules: ['Invoices'], isAdmin: true });

    const first = await runAgreementStatusJob(t.db);
    expect(first.insurancesAlerted).toBe(1);
    const inbox = async (caller: Caller) => (await caller.request({ method: 'GET', url: '/api/Alerts' })).json() as Array<{ subject: string; message: string }>;
    const received = await inbox(leaseAdmin);
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('An insurance is expiring soon');
    expect(await inbox(staffNoLease)).toHaveLength(0);

    expect((await runAgreementStatusJob(t.db)).insurancesAlerted).toBe(0);
    expect(await inbox(leaseAdmin)).toHaveLength(1);
    const recipients = await t.db.select({ id: alertRecipients.accountId }).from(alertRecipients).innerJoin(alerts, eq(alerts.id, alertRecipients.alertId)).where(eq(alerts.kind, 'insurance-expiring'));
    expect(recipients.map((r) => r.id)).toContain(leaseAdmin.user.id);
    expect(recipients.map((r) => r.id)).not.toContain(staffNoLease.user.id);
  });
});
