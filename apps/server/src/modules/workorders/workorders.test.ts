import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER } from '@apron/core';
import { WORKORDER_MESSAGES } from '@apron/core/workorders/index';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { buildFormId, buildMaster, buildWorkorder } from './workorders.test-support';
import { openWorkorderCount, workordersOpenedByBucket } from './index';

let t: TestApp;
let settingsAdmin: Caller; // Settings admin: masters
let staff: Caller; // internal, no module: work orders
let contractor: Caller; // external, by e-mail
let stranger: Caller; // external, nothing assigned
let master: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  settingsAdmin = await signIn(t, { modules: ['Settings'], isAdmin: true });
  staff = await signIn(t, {});
  contractor = await signIn(t, { isInternal: false, email: 'crew@paving.example' });
  stranger = await signIn(t, { isInternal: false, email: 'someone@else.example' });
  master = await buildMaster(settingsAdmin, { name: 'Airfield Repairs' });
});
afterAll(async () => t?.close());

describe('Master Workorder (Settings)', () => {
  it('401 without a session, 400 naming the fields, 403 for anyone but Settings admins', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/MasterWorkorder', payload: {} })).statusCode).toBe(401);
    const bad = await settingsAdmin.request({ method: 'POST', url: '/api/MasterWorkorder', payload: { name: ' ', description: '', formId: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', description: 'Description is required', formId: 'Form ID is required' });
    const noForm = await settingsAdmin.request({ method: 'POST', url: '/api/MasterWorkorder', payload: { name: 'Fence', description: 'Fence repairs', formId: crypto.randomUUID() } });
    expect(noForm.json().errors).toEqual({ formId: 'Form ID is required' });
    const payload = { name: 'Fence', description: 'Fence repairs', adhoc: true, formId: await buildFormId(settingsAdmin) };
    expect((await staff.request({ method: 'POST', url: '/api/MasterWorkorder', payload })).statusCode).toBe(403);
    const settingsStaff = await signIn(t, { modules: ['Settings'] });
    expect((await settingsStaff.request({ method: 'POST', url: '/api/MasterWorkorder', payload })).statusCode).toBe(403);
  });

  it('creates, reads back, edits and deletes an unused master (audited)', async () => {
    const created = await settingsAdmin.request({ method: 'POST', url: '/api/MasterWorkorder', payload: { name: '  Fence ', description: 'Fence repairs', adhoc: true, formId: await buildFormId(settingsAdmin) } });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Fence', adhoc: true, workorderCount: 0, abilities: { edit: true, delete: true } });
    const edited = await settingsAdmin.request({ method: 'PUT', url: `/api/MasterWorkorder/${body._id}`, payload: { name: 'Perimeter Fence', description: 'Fence repairs', adhoc: false, formId: body.formId } });
    expect(edited.json()).toMatchObject({ name: 'Perimeter Fence', adhoc: false });
    expect((await staff.request({ method: 'PUT', url: `/api/MasterWorkorder/${body._id}`, payload: { name: 'x', description: 'y', formId: body.formId } })).statusCode).toBe(403);
    expect((await staff.request({ method: 'DELETE', url: `/api/MasterWorkorder/${body._id}` })).statusCode).toBe(403);
    const deleted = await settingsAdmin.request({ method: 'DELETE', url: `/api/MasterWorkorder/${body._id}` });
    expect(deleted.json()).toEqual({ message: WORKORDER_MESSAGES.deleted });
    expect((await settingsAdmin.request({ method: 'GET', url: `/api/MasterWorkorder/${body._id}` })).statusCode).toBe(404);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body._id));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses to delete a master in use, with a clear message', async () => {
    const used = await buildMaster(settingsAdmin);
    await buildWorkorder(staff, used._id);
    const res = await settingsAdmin.request({ method: 'DELETE', url: `/api/MasterWorkorder/${used._id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WORKORDER_MESSAGES.masterInUse);
    expect((await settingsAdmin.request({ method: 'GET', url: `/api/MasterWorkorder/${used._id}` })).json().abilities.delete).toBe(false);
  });

  it('lists every master to staff (Create only for Settings admins), none to a contractor without work orders', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/MasterWorkorder' })).statusCode).toBe(401);
    const list = await staff.request({ method: 'GET', url: '/api/MasterWorkorder' });
    expect(list.json().map((m: { name: string }) => m.name)).toContain('Airfield Repairs');
    expect(list.json()[0].abilities).toMatchObject({ edit: false, addWorkorder: true });
    expect((await stranger.request({ method: 'GET', url: '/api/MasterWorkorder' })).json()).toEqual([]);
    expect((await stranger.request({ method: 'GET', url: `/api/MasterWorkorder/${master._id}` })).statusCode).toBe(404);
  });

  it('the master-inspection picker is for Settings admins', async () => {
    expect((await staff.request({ method: 'GET', url: '/api/MasterWorkorder/MasterInspections' })).statusCode).toBe(403);
    expect((await settingsAdmin.request({ method: 'GET', url: '/api/MasterWorkorder/MasterInspections' })).statusCode).toBe(200);
  });
});

describe('Create Workorder', () => {
  const valid = () => ({ refnumber: ` WO-${Math.random().toString(36).slice(2, 8)} `, name: '  Reno Paving Co ', email: ' Crew@Paving.Example ', workorderId: master._id });

  it('401, 400 naming the fields, 403 for external users', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: valid() })).statusCode).toBe(401);
    const bad = await staff.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: { refnumber: ' ', name: '', email: 'nope', workorderId: master._id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ refnumber: 'Workorder Reference Number is required', name: 'Contractor Name is required', email: 'Contractor Email is not valid' });
    expect((await contractor.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: valid() })).statusCode).toBe(403);
  });

  it('creates a trimmed work order with status Created; the reference number is unique', async () => {
    const payload = valid();
    const res = await staff.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ refnumber: payload.refnumber.trim(), name: 'Reno Paving Co', email: 'crew@paving.example', status: 'Created', workorderfor: null, masterName: 'Airfield Repairs' });
    const again = await staff.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: { ...payload, refnumber: payload.refnumber.trim().toLowerCase() } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ refnumber: WORKORDER_MESSAGES.refTaken });
  });

  it('refuses an inspection that is not one of the master', async () => {
    const res = await staff.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: { ...valid(), workorderfor: crypto.randomUUID() } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['workorderfor']);
  });

  it("'Workorder For' options: internal only, 404 for an unknown master", async () => {
    expect((await contractor.request({ method: 'GET', url: `/api/Workorder/WorkorderFor/${master._id}` })).statusCode).toBe(403);
    expect((await staff.request({ method: 'GET', url: `/api/Workorder/WorkorderFor/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await staff.request({ method: 'GET', url: `/api/Workorder/WorkorderFor/${master._id}` })).json()).toEqual([]);
  });
});

describe('work order list: server paging and sorting, contractors see only their own', () => {
  let own: { _id: string };
  let others: { _id: string };
  beforeAll(async () => {
    own = await buildWorkorder(staff, master._id, { refnumber: 'LIST-A', email: 'crew@paving.example' });
    others = await buildWorkorder(staff, master._id, { refnumber: 'LIST-B', email: 'other@crew.example', name: 'Other Crew' });
  });

  it('pages and sorts on the server with a total', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}&sort=nope:asc` })).statusCode).toBe(400);
    const page = await staff.request({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}&sort=refnumber:desc&pageSize=1&q=list-` });
    expect(page.statusCode).toBe(200);
    expect(Number(page.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe(2);
    expect(page.json().map((r: { refnumber: string }) => r.refnumber)).toEqual(['LIST-B']);
    const second = await staff.request({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}&sort=refnumber:desc&pageSize=1&page=2&q=list-` });
    expect(second.json().map((r: { refnumber: string }) => r.refnumber)).toEqual(['LIST-A']);
  });

  it('a contractor sees only the work orders of their e-mail; another id is not found', async () => {
    const list = await contractor.request({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}` });
    const emails = new Set(list.json().map((r: { email: string }) => r.email));
    expect([...emails]).toEqual(['crew@paving.example']);
    expect(list.json()[0].abilities).toMatchObject({ edit: false, fill: true, complete: true });
    expect((await contractor.request({ method: 'GET', url: `/api/Workorder/getWorkordersById/${others._id}` })).statusCode).toBe(404);
    expect((await contractor.request({ method: 'GET', url: `/api/Workorder/getWorkordersById/${own._id}` })).statusCode).toBe(200);
    expect((await contractor.request({ method: 'GET', url: `/api/Workorder/print/${others._id}` })).statusCode).toBe(404);
    expect((await contractor.request({ method: 'POST', url: `/api/Workorder/Complete/${others._id}` })).statusCode).toBe(404);
    expect((await contractor.request({ method: 'POST', url: `/api/Workorder/UpdateSimulateWorkorder/${others._id}`, payload: { data: {} } })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}` })).json()).toEqual([]);
    // The masters a contractor sees are those of their own work orders.
    expect((await contractor.request({ method: 'GET', url: '/api/MasterWorkorder' })).json().map((m: { _id: string }) => m._id)).toContain(master._id);
  });

  it('GetMyWorkorders lists the caller’s own, even for staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Workorder/GetMyWorkorders/${master._id}` })).statusCode).toBe(401);
    const mine = await contractor.request({ method: 'GET', url: `/api/Workorder/GetMyWorkorders/${master._id}` });
    expect(mine.json().every((r: { email: string }) => r.email === 'crew@paving.example')).toBe(true);
    expect((await staff.request({ method: 'GET', url: `/api/Workorder/GetMyWorkorders/${master._id}` })).json()).toEqual([]);
  });
});

describe('edit, fill, complete: Completed is final', () => {
  let wo: { _id: string };
  beforeAll(async () => {
    wo = await buildWorkorder(staff, master._id, { email: 'crew@paving.example' });
  });

  it('edit: 401, 400, 403 for contractors, then Updated Successfully', async () => {
    const url = `/api/Workorder/UpdateWorkorders/${wo._id}`;
    expect((await t.app.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(401);
    const bad = await staff.request({ method: 'PUT', url, payload: { name: ' ', email: '' } });
    expect(bad.json().errors).toMatchObject({ name: 'Contractor Name is required', email: 'Contractor Email is required' });
    expect((await contractor.request({ method: 'PUT', url, payload: { name: 'Me', email: 'crew@paving.example' } })).statusCode).toBe(403);
    const ok = await staff.request({ method: 'PUT', url, payload: { name: ' Sierra Paving ', email: 'crew@paving.example' } });
    expect(ok.json()).toMatchObject({ message: 'Updated Successfully', workorder: { name: 'Sierra Paving' } });
  });

  it('the contractor saves answers (In Progress) and reads the form view', async () => {
    const url = `/api/Workorder/UpdateSimulateWorkorder/${wo._id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { data: {} } })).statusCode).toBe(401);
    expect((await contractor.request({ method: 'POST', url, payload: { data: 'x' } })).statusCode).toBe(400);
    const wrong = await contractor.request({ method: 'POST', url, payload: { data: { hours: 'many' } } });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['hours']);
    // Partly filled is fine while In Progress; completing then asks for the required field.
    const partly = await contractor.request({ method: 'POST', url, payload: { data: { hours: 3 } } });
    expect(partly.json().workorder).toMatchObject({ status: 'In Progress', data: { hours: 3 } });
    const early = await contractor.request({ method: 'POST', url: `/api/Workorder/Complete/${wo._id}` });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ notes: 'Work done is required' });
    // The message says what to do first, not only the field (issue 20 §5).
    expect(early.json().message).toBe('Fill in the work order form before completing it: Work done is required.');
    const saved = await contractor.request({ method: 'POST', url, payload: { data: { notes: 'Patched the crack', hours: 3 } } });
    expect(saved.json().workorder).toMatchObject({ status: 'In Progress', data: { notes: 'Patched the crack' } });
    const view = await contractor.request({ method: 'GET', url: `/api/Workorder/GetSimulateWorkorder/${wo._id}` });
    expect(view.json().workorder.data).toEqual({ notes: 'Patched the crack', hours: 3 });
    expect(view.json().schema).toMatchObject({ components: [{ key: 'notes' }, { key: 'hours' }] });
    expect((await stranger.request({ method: 'GET', url: `/api/Workorder/GetSimulateWorkorder/${wo._id}` })).statusCode).toBe(404);
  });

  it('prints a PDF (reference and contractor inside)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Workorder/print/${wo._id}` })).statusCode).toBe(401);
    const pdf = await contractor.request({ method: 'GET', url: `/api/Workorder/print/${wo._id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="workorder-WO-/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('complete: 401, 404 for a stranger, then Completed; afterwards no edit, no answers, no second complete', async () => {
    const url = `/api/Workorder/Complete/${wo._id}`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await stranger.request({ method: 'POST', url })).statusCode).toBe(404);
    const done = await contractor.request({ method: 'POST', url });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: WORKORDER_MESSAGES.completed, workorder: { status: 'Completed', abilities: { edit: false, complete: false, fill: false } } });
    expect((await staff.request({ method: 'POST', url })).statusCode).toBe(409);
    const edit = await staff.request({ method: 'PUT', url: `/api/Workorder/UpdateWorkorders/${wo._id}`, payload: { name: 'Late', email: 'late@crew.example' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(WORKORDER_MESSAGES.completedFinal);
    expect((await contractor.request({ method: 'POST', url: `/api/Workorder/UpdateSimulateWorkorder/${wo._id}`, payload: { data: {} } })).statusCode).toBe(409);
    expect((await staff.request({ method: 'GET', url: `/api/Workorder/getWorkordersById/${wo._id}` })).json()).toMatchObject({ status: 'Completed', name: 'Sierra Paving' });
  });
});

describe('figures for the dashboard', () => {
  it('counts open work orders and buckets them by local day', async () => {
    const open = await openWorkorderCount(t.db);
    expect(open).toBeGreaterThan(0);
    const start = new Date(Date.now() - 86_400_000 * 2);
    const buckets = await workordersOpenedByBucket(t.db, { start, end: new Date(Date.now() + 60_000), grouping: 'day' });
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBeGreaterThanOrEqual(open);
    expect(buckets[0]!.bucket).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
  });
});

describe('work orders of an inspection', () => {
  it('401, then the list (empty for an inspection with none)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Workorder/ForInspection/${crypto.randomUUID()}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'GET', url: `/api/Workorder/ForInspection/${crypto.randomUUID()}` })).json()).toEqual([]);
  });
});
