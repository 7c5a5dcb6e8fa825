import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { domainEvents } from '../../platform/events/events.table';
import { buildMaster, buildWorkorder } from './workorders.test-support';

/**
 * Work orders publish Workorders/Created and /Updated in the change's transaction
 * (docs/communications.md): one event per change with the template fields; a refused change none.
 */
let t: TestApp;
let staff: Caller;
let contractor: Caller;
let master: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const settingsAdmin = await signIn(t, { modules: ['Settings'], isAdmin: true });
  staff = await signIn(t, {});
  contractor = await signIn(t, { isInternal: false, email: 'crew@paving.example' });
  master = await buildMaster(settingsAdmin, { name: 'Airfield Repairs' });
});
afterAll(async () => t?.close());

const eventsOf = (recordId: string) =>
  t.db.select().from(domainEvents).where(and(eq(domainEvents.module, 'Workorders'), eq(domainEvents.recordId, recordId))).orderBy(domainEvents.createdAt);
const countAll = async () => (await t.db.select().from(domainEvents).where(eq(domainEvents.module, 'Workorders'))).length;

describe('Workorders events', () => {
  it('create, edit, save and complete: one event each with the fields; refused changes none', async () => {
    const wo = await buildWorkorder(staff, master._id, { refnumber: 'WO-1001', name: 'Reno Paving Co', email: 'crew@paving.example' });
    expect((await eventsOf(wo._id)).map((e) => [e.trigger, e.companyId, e.fields])).toEqual([
      ['Created', null, { refNumber: 'WO-1001', name: 'Airfield Repairs', contractorName: 'Reno Paving Co', contractorEmail: 'crew@paving.example', status: 'Created', failedChecks: '' }],
    ]);
    // The same reference number again is refused: no work order, no event.
    const total = await countAll();
    const taken = await staff.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: { refnumber: 'WO-1001', name: 'Other', email: 'other@crew.example', workorderId: master._id } });
    expect(taken.statusCode).toBe(400);
    expect(await countAll()).toBe(total);

    expect((await staff.request({ method: 'PUT', url: `/api/Workorder/UpdateWorkorders/${wo._id}`, payload: { name: 'Sierra Paving', email: 'crew@paving.example' } })).statusCode).toBe(200);
    const save = `/api/Workorder/UpdateSimulateWorkorder/${wo._id}`;
    expect((await contractor.request({ method: 'POST', url: save, payload: { data: { hours: 'many' } } })).statusCode).toBe(400);
    expect((await contractor.request({ method: 'POST', url: save, payload: { data: { notes: 'Patched the crack', hours: 3 } } })).statusCode).toBe(200);
    expect((await contractor.request({ method: 'POST', url: `/api/Workorder/Complete/${wo._id}` })).statusCode).toBe(200);
    expect((await staff.request({ method: 'POST', url: `/api/Workorder/Complete/${wo._id}` })).statusCode).toBe(409);
    expect((await eventsOf(wo._id)).map((e) => [e.trigger, e.fields.contractorName, e.fields.status])).toEqual([
      ['Created', 'Reno Paving Co', 'Created'],
      ['Updated', 'Sierra Paving', 'Created'],
      ['Updated', 'Sierra Paving', 'In Progress'],
      ['Updated', 'Sierra Paving', 'Completed'],
    ]);
  });
});
