import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { domainEvents } from '../../platform/events/events.table';
import { runInspectionSchedule } from './schedule.job';
import { inspections } from './inspections.table';
import { buildMaster, buildProperty } from './inspections.test-support';

/**
 * Inspections publish Inspections/Created and /Updated in the change's transaction
 * (docs/communications.md): one event per record and change, with the template fields; a refused
 * change publishes nothing; the schedule publishes one per inspection it makes, once per tick.
 */
let t: TestApp;
let admin: Caller;
let staff: Caller;
let inspector: Caller;
let property: { _id: string; name: string };
let master: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  staff = await signIn(t, { modules: [] });
  inspector = await signIn(t, { isInternal: false, email: 'ida.inspector@example.test' });
  property = await buildProperty(admin, 'Hangar 12');
  master = await buildMaster(admin, { name: 'Hangar door check' });
});
afterAll(async () => t?.close());

const eventsOf = (recordIds: string[]) =>
  t.db.select().from(domainEvents).where(and(eq(domainEvents.module, 'Inspections'), inArray(domainEvents.recordId, recordIds))).orderBy(domainEvents.createdAt);
const addPayload = () => ({ inspectionId: master._id, module: 'Property', inspectionfor: property._id, name: 'Ida Inspector', email: 'ida.inspector@example.test' });

describe('Inspections events', () => {
  it('add, edit, save and complete: one event each with the fields; a refused change none', async () => {
    const before = await t.db.select().from(domainEvents).where(eq(domainEvents.module, 'Inspections'));
    const refused = await staff.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: { ...addPayload(), name: ' ' } });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.select().from(domainEvents).where(eq(domainEvents.module, 'Inspections'))).toHaveLength(before.length);

    const created = await staff.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: addPayload() });
    expect(created.statusCode).toBe(201);
    const id = created.json().inspection._id as string;
    let events = await eventsOf([id]);
    expect(events.map((e) => [e.trigger, e.companyId])).toEqual([['Created', null]]);
    expect(events[0]!.fields).toEqual({
      name: 'Hangar door check', inspectionFor: 'Hangar 12', subjectType: 'Property', inspectorName: 'Ida Inspector', inspectorEmail: 'ida.inspector@example.test', status: 'Created',
    });

    const edit = await staff.request({ method: 'PUT', url: `/api/Inspection/UpdateInspections/${id}`, payload: { name: 'Ida Brown', email: 'ida.inspector@example.test' } });
    expect(edit.statusCode).toBe(200);
    // Wrong answer types are refused: that transaction publishes nothing.
    expect((await inspector.request({ method: 'POST', url: `/api/Inspection/UpdateSimulateInspection/${id}`, payload: { data: { count: 'two' } } })).statusCode).toBe(400);
    expect((await inspector.request({ method: 'POST', url: `/api/Inspection/UpdateSimulateInspection/${id}`, payload: { data: { count: 2 } } })).statusCode).toBe(200);
    expect((await inspector.request({ method: 'POST', url: `/api/Inspection/CompleteInspection/${id}`, payload: { data: { hangar: 'H12', count: 2, ok: true } } })).statusCode).toBe(200);
    events = await eventsOf([id]);
    expect(events.map((e) => [e.trigger, e.fields.inspectorName, e.fields.status])).toEqual([
      ['Created', 'Ida Inspector', 'Created'],
      ['Updated', 'Ida Brown', 'Created'],
      ['Updated', 'Ida Brown', 'In Progress'],
      ['Updated', 'Ida Brown', 'Completed'],
    ]);
    // Completed is final: a second completion is refused and publishes nothing.
    expect((await inspector.request({ method: 'POST', url: `/api/Inspection/CompleteInspection/${id}`, payload: { data: { hangar: 'H12' } } })).statusCode).toBe(409);
    expect(await eventsOf([id])).toHaveLength(4);
  });

  it('the schedule publishes one Created per inspection it makes, none when the tick is run again', async () => {
    await buildProperty(admin, 'Hangar 14');
    const scheduled = await buildMaster(admin, { name: 'Fire extinguishers', scheduled: true, expression: '*/5 * * * *' });
    const tick = new Date(Math.ceil((Date.now() + 60_000) / 300_000) * 300_000);
    await Promise.all([runInspectionSchedule(t.db, new Date(tick.getTime() + 5_000)), runInspectionSchedule(t.db, new Date(tick.getTime() + 7_000))]);
    await runInspectionSchedule(t.db, new Date(tick.getTime() + 60_000));
    const made = await t.db.select().from(inspections).where(eq(inspections.masterInspectionId, scheduled._id));
    expect(made).toHaveLength(2);
    const events = await eventsOf(made.map((r) => r.id));
    expect(events.map((e) => e.recordId).sort()).toEqual(made.map((r) => r.id).sort());
    expect(events.every((e) => e.trigger === 'Created' && e.fields.name === 'Fire extinguishers' && e.fields.inspectorName === '' && e.fields.status === 'Created')).toBe(true);
    expect(events.map((e) => e.fields.inspectionFor).sort()).toEqual(['Hangar 12', 'Hangar 14']);
  });
});
