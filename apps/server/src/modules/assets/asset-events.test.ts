import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { createEventDispatch } from '../../platform/events/index';
import { domainEvents } from '../../platform/events/events.table';
import { mailOutbox } from '../../platform/mail/mail.table';

/**
 * Assets publish Assets/Created and /Updated in the change's transaction (docs/communications.md);
 * a refused change publishes nothing. Inspections, Workorders and Assets are offered to Settings >
 * Notifications with their fields, and an Internal rule on them reaches every enabled staff member
 * (they are no permission module), never a company user.
 */
let t: TestApp;
let admin: Caller; // every module, admin
let staff: Caller; // internal, no module
let tenant: Caller;
let lights: { _id: string };

const at = { lat: 39.193, lon: -119.734 };
const fields = [{ fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Poor'], showOnGrid: true }];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  staff = await signIn(t, {});
  tenant = await signIn(t, { isInternal: false, companyId: '0f3c8a1e-2b4d-4c6e-8f00-112233445566' });
  const form = await admin.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'Light card', schema: { type: 'default', components: [] } } });
  const master = await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: { name: 'Runway Lights', description: 'Edge lights', color: '#FFAA00', status: true, formId: form.json()._id, fields } });
  if (master.statusCode !== 201) throw new Error(`master: ${master.statusCode} ${master.body}`);
  lights = master.json();
});
afterAll(async () => t?.close());

const eventsOf = (recordId: string) =>
  t.db.select().from(domainEvents).where(and(eq(domainEvents.module, 'Assets'), eq(domainEvents.recordId, recordId))).orderBy(domainEvents.createdAt);

describe('Assets events', () => {
  it('create and update: one event each with the fields; a refused change none', async () => {
    const created = await staff.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: lights._id, location: at, condition: 'Good' } });
    expect(created.statusCode).toBe(201);
    const asset = created.json() as { _id: string; assetnumber: number };
    expect((await eventsOf(asset._id)).map((e) => [e.trigger, e.companyId, e.fields])).toEqual([
      ['Created', null, { assetNumber: asset.assetnumber, assetType: 'Runway Lights', status: 'Active', latitude: 39.193, longitude: -119.734 }],
    ]);
    const url = `/api/Assets/UpdateAsset/${asset._id}`;
    expect((await staff.request({ method: 'PUT', url, payload: { assetId: lights._id, location: at, condition: 'Shiny' } })).statusCode).toBe(400);
    expect((await staff.request({ method: 'PUT', url, payload: { assetId: lights._id, location: at, status: false, condition: 'Poor' } })).statusCode).toBe(200);
    expect((await eventsOf(asset._id)).map((e) => [e.trigger, e.fields.status])).toEqual([
      ['Created', 'Active'],
      ['Updated', 'Inactive'],
    ]);
  });
});

describe('Settings > Notifications for Inspections, Workorders and Assets', () => {
  it('lists their fields and accepts a rule naming them; an unknown field is refused', async () => {
    const byModule = (await admin.request({ method: 'GET', url: '/api/Notifications/Fields' })).json() as Record<string, Array<{ name: string }>>;
    expect(byModule.Inspections!.map((f) => f.name)).toEqual(['name', 'inspectionFor', 'subjectType', 'inspectorName', 'inspectorEmail', 'status', 'module', 'trigger']);
    expect(byModule.Workorders!.map((f) => f.name)).toEqual(['refNumber', 'name', 'contractorName', 'contractorEmail', 'status', 'failedChecks', 'module', 'trigger']);
    expect(byModule.Assets!.map((f) => f.name)).toEqual(['assetNumber', 'assetType', 'status', 'latitude', 'longitude', 'module', 'trigger']);
    const bad = await admin.request({ method: 'POST', url: '/api/Crud/notifications', payload: { name: 'Bad', module: 'Assets', trigger: 'Created', notify: 'Internal', template: '<p>{{refNumber}}</p>' } });
    expect(bad.json().errors).toEqual({ template: 'Unknown field: refNumber' });
  });

  it('a rule on Assets (Internal + External) reaches staff without any module and no company user (an asset has none)', async () => {
    const rule = await admin.request({
      method: 'POST',
      url: '/api/Crud/notifications',
      payload: { name: 'Asset added', module: 'Assets', trigger: 'Created', notify: 'Both', template: '<p>Asset {{assetNumber}} ({{assetType}}) is {{status}}</p>' },
    });
    expect(rule.statusCode).toBe(201);
    const dispatcher = createEventDispatch({ db: t.db, log: t.app.log, plugins: t.plugins });
    while ((await dispatcher.dispatch()).processed > 0);
    await t.db.delete(mailOutbox);
    const created = await staff.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: lights._id, location: at, condition: 'Good' } });
    expect(created.statusCode).toBe(201);
    expect((await dispatcher.dispatch()).processed).toBe(1);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.some((m) => m.to.includes(staff.user.email) && m.html?.includes(`Asset ${created.json().assetnumber} (Runway Lights) is Active`))).toBe(true);
    expect(mails.some((m) => m.to.includes(tenant.user.email))).toBe(false);
  });
});
