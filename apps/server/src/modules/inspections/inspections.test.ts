import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INSPECTION_MESSAGES, TOTAL_COUNT_HEADER } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { getInspectionSummary, inspectionCompleted, listInspectionsForMaster, openInspectionCount } from './index';
import type { InspectionCompletedEvent } from './completion-hooks';
import { buildForm, buildMaster, buildProperty, DOOR_SCHEMA } from './inspections.test-support';

let t: TestApp;
let admin: Caller; // every module, admin
let staff: Caller; // internal, no module
let inspector: Caller; // external, the inspector's e-mail
let stranger: Caller; // external, another e-mail
let property: { _id: string; name: string };
let master: { _id: string; name: string; formId: string };
const completions: InspectionCompletedEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  staff = await signIn(t, { modules: [] });
  inspector = await signIn(t, { isInternal: false, email: 'ida.inspector@example.test' });
  stranger = await signIn(t, { isInternal: false, email: 'someone.else@example.test' });
  property = await buildProperty(admin, 'Hangar 12');
  master = await buildMaster(admin, { name: 'Hangar door check' });
  t.plugins.provide(inspectionCompleted, 'test', async (event) => {
    completions.push({ ...event, db: undefined as never });
  });
});
afterAll(async () => t?.close());

const addPayload = () => ({ inspectionId: master._id, module: 'Property', inspectionfor: property._id, name: '  Ida Inspector ', email: 'Ida.Inspector@example.test' });

async function addInspection() {
  const res = await staff.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: addPayload() });
  if (res.statusCode !== 201) throw new Error(`addInspection: ${res.statusCode} ${res.body}`);
  return res.json().inspection as { _id: string };
}

describe('master inspections (Settings)', () => {
  it('401, 400 naming the fields, 403 for a non-admin, then create with the default schedule', async () => {
    const form = await buildForm(admin);
    const body = { name: 'Apron FOD walk', description: 'Daily', adhoc: false, module: 'Property', scheduled: true, formId: form._id };
    expect((await t.app.inject({ method: 'POST', url: '/api/MasterInspection', payload: body })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: '/api/MasterInspection', payload: { ...body, name: ' ', module: null, formId: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', module: 'Module is required', formId: 'Form ID is required' });
    expect((await staff.request({ method: 'POST', url: '/api/MasterInspection', payload: body })).statusCode).toBe(403);
    const created = await admin.request({ method: 'POST', url: '/api/MasterInspection', payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Apron FOD walk', expression: '0 0 * * *', scheduled: true, module: 'Property', formName: expect.any(String) });
    const adhoc = await admin.request({ method: 'POST', url: '/api/MasterInspection', payload: { ...body, name: 'Storm check', adhoc: true, scheduled: false } });
    expect(adhoc.json().module).toBeNull();
  });

  it('staff read the masters; external accounts do not; only admins may edit (abilities say so)', async () => {
    const list = await staff.request({ method: 'GET', url: '/api/MasterInspection' });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((m: { _id: string }) => m._id === master._id).abilities).toEqual({ edit: false, delete: false, addInspection: true });
    expect((await inspector.request({ method: 'GET', url: '/api/MasterInspection' })).statusCode).toBe(403);
  });

  it('deleting a master in use is refused with a clear message; an unused one goes', async () => {
    const used = await buildMaster(admin);
    const made = await staff.request({ method: "POST", url: "/api/Inspection/CreateInspections", payload: { ...addPayload(), inspectionId: used._id } });
    expect(made.statusCode).toBe(201);
    expect((await admin.request({ method: "GET", url: `/api/MasterInspection/${used._id}` })).json().inspectionCount).toBe(1);
    const refused = await admin.request({ method: 'DELETE', url: `/api/MasterInspection/${used._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INSPECTION_MESSAGES.masterInUse);
    const unused = await buildMaster(admin);
    expect((await admin.request({ method: 'DELETE', url: `/api/MasterInspection/${unused._id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/MasterInspection/${unused._id}` })).statusCode).toBe(404);
  });
});

describe('POST /api/Inspection/CreateInspections', () => {
  it('401, 400 with trimmed required fields, 403 for an external account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: addPayload() })).statusCode).toBe(401);
    const bad = await staff.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: { ...addPayload(), name: '  ', email: 'x', inspectionfor: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Inspector Name is required', email: 'Email is not valid', inspectionfor: 'Inspection For is required' });
    const notAProperty = await staff.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: { ...addPayload(), inspectionfor: master._id } });
    expect(notAProperty.statusCode).toBe(400);
    expect((await inspector.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: addPayload() })).statusCode).toBe(403);
  });

  it('creates it Created, trimmed, on the form version of the day, and e-mails the inspector a link', async () => {
    const res = await staff.request({ method: 'POST', url: '/api/Inspection/CreateInspections', payload: addPayload() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Created Successfully', inspection: { status: 'Created', name: 'Ida Inspector', email: 'ida.inspector@example.test', inspectionfor: { _id: property._id, name: 'Hangar 12' } } });
    const id = res.json().inspection._id;
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `inspection:${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['ida.inspector@example.test']);
    expect(mails[0]!.text).toContain(`/inspection/my/${id}`);
  });
});

describe('GET /api/Inspection/GetInspections', () => {
  it('401, 400 without the master, 403 for inspectors; pages and sorts on the server', async () => {
    await addInspection();
    await addInspection();
    expect((await t.app.inject({ method: 'GET', url: `/api/Inspection/GetInspections?inspectionId=${master._id}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'GET', url: '/api/Inspection/GetInspections' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'GET', url: `/api/Inspection/GetInspections?inspectionId=${master._id}&sort=secret:asc` })).statusCode).toBe(400);
    expect((await inspector.request({ method: 'GET', url: `/api/Inspection/GetInspections?inspectionId=${master._id}` })).statusCode).toBe(403);
    const page = await staff.request({ method: 'GET', url: `/api/Inspection/GetInspections?inspectionId=${master._id}&page=1&pageSize=2&sort=createdDate:desc` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(3);
    const dates = page.json().map((r: { createdDate: string }) => r.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('inspectors see and fill only their own (PRODUCT-RULES 13)', () => {
  it('GetAllMyInspections lists the e-mail\'s inspections only; another inspector gets 404 on them', async () => {
    const mine = await addInspection();
    const list = await inspector.request({ method: 'GET', url: '/api/Inspection/GetAllMyInspections' });
    expect(list.statusCode).toBe(200);
    expect(list.json().every((r: { email: string }) => r.email === 'ida.inspector@example.test')).toBe(true);
    expect(list.json().map((r: { _id: string }) => r._id)).toContain(mine._id);
    expect((await stranger.request({ method: 'GET', url: '/api/Inspection/GetAllMyInspections' })).json()).toEqual([]);
    expect((await stranger.request({ method: 'GET', url: `/api/Inspection/GetMyInspections/${mine._id}` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/Inspection/GetSimulateInspection/${mine._id}` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'POST', url: `/api/Inspection/UpdateSimulateInspection/${mine._id}`, payload: { data: {} } })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/Inspection/getInspectionsById/${mine._id}` })).statusCode).toBe(403);
    const detail = await inspector.request({ method: 'GET', url: `/api/Inspection/GetMyInspections/${mine._id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ formVersion: 1, schema: { components: [{ key: 'hangar' }, { key: 'count' }, { key: 'ok' }] }, abilities: { fill: true, complete: true, edit: false } });
  });

  it('a partial save moves it to In Progress; the server refuses wrong types and, on completion, a missing required field by name', async () => {
    const one = await addInspection();
    const url = `/api/Inspection/UpdateSimulateInspection/${one._id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { data: {} } })).statusCode).toBe(401);
    const wrong = await inspector.request({ method: 'POST', url, payload: { data: { count: 'two' } } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ count: 'Doors must be a number' });
    const saved = await inspector.request({ method: 'POST', url, payload: { data: { count: 2 } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().inspection).toMatchObject({ status: 'In Progress', data: { count: 2 } });
    const skipped = await inspector.request({ method: 'POST', url: `/api/Inspection/CompleteInspection/${one._id}`, payload: { data: { count: 2, ok: true } } });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().errors).toEqual({ hangar: 'Hangar number is required' });
  });

  it('Completed is final: no edit, save or second completion, in the API; the hook saw the failed checks', async () => {
    const one = await addInspection();
    const done = await inspector.request({ method: 'POST', url: `/api/Inspection/CompleteInspection/${one._id}`, payload: { data: { hangar: 'H12', ok: false } } });
    expect(done.statusCode).toBe(200);
    expect(done.json().inspection).toMatchObject({ status: 'Completed', abilities: { edit: false, fill: false, complete: false } });
    expect(completions.find((e) => e.inspectionId === one._id)).toMatchObject({ masterInspectionId: master._id, failedChecks: ['Door works'] });
    const edit = await staff.request({ method: 'PUT', url: `/api/Inspection/UpdateInspections/${one._id}`, payload: { name: 'New', email: 'new@example.test' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(INSPECTION_MESSAGES.completedIsFinal);
    expect((await inspector.request({ method: 'POST', url: `/api/Inspection/UpdateSimulateInspection/${one._id}`, payload: { data: { hangar: 'X' } } })).statusCode).toBe(409);
    expect((await staff.request({ method: 'POST', url: `/api/Inspection/CompleteInspection/${one._id}`, payload: { data: { hangar: 'X' } } })).statusCode).toBe(409);
    // The filled form keeps its version after the form changes.
    await admin.request({ method: 'PUT', url: `/api/updateForm/${master.formId}`, payload: { schema: { ...DOOR_SCHEMA, components: [{ type: 'textarea', key: 'other', label: 'Other' }] } } });
    const view = await staff.request({ method: 'GET', url: `/api/Inspection/GetSimulateInspection/${one._id}` });
    expect(view.json()).toMatchObject({ formVersion: 1, data: { hangar: 'H12', ok: false }, schema: { components: [{ key: 'hangar' }, { key: 'count' }, { key: 'ok' }] } });
    expect(await getInspectionSummary(t.db, one._id)).toMatchObject({ id: one._id, status: 'Completed', name: 'Hangar 12', formVersion: 1, answers: { hangar: 'H12', ok: false } });
  });
});

describe('PUT /api/Inspection/UpdateInspections/:id', () => {
  it('401, 400, 403 for inspectors, 404 unknown; a new e-mail is told', async () => {
    const one = await addInspection();
    const url = `/api/Inspection/UpdateInspections/${one._id}`;
    expect((await t.app.inject({ method: 'PUT', url, payload: { name: 'A', email: 'a@example.test' } })).statusCode).toBe(401);
    expect((await staff.request({ method: 'PUT', url, payload: { name: ' ', email: 'a@example.test' } })).json().errors).toEqual({ name: 'Inspector Name is required' });
    expect((await inspector.request({ method: 'PUT', url, payload: { name: 'A', email: 'a@example.test' } })).statusCode).toBe(403);
    expect((await staff.request({ method: 'PUT', url: '/api/Inspection/UpdateInspections/00000000-0000-4000-8000-000000000000', payload: { name: 'A', email: 'a@example.test' } })).statusCode).toBe(404);
    const res = await staff.request({ method: 'PUT', url, payload: { name: ' Otto ', email: 'otto@example.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Updated Successfully', inspection: { name: 'Otto', email: 'otto@example.test' } });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `inspection:${one._id}`))).toHaveLength(2);
  });
});

describe('exports for other modules', () => {
  it('listInspectionsForMaster and openInspectionCount', async () => {
    const options = await listInspectionsForMaster(t.db, master._id);
    expect(options.length).toBeGreaterThan(0);
    expect(options[0]).toMatchObject({ id: expect.any(String), name: 'Hangar 12', createdAt: expect.any(Date) });
    expect(await openInspectionCount(t.db)).toBeGreaterThan(0);
  });
});
