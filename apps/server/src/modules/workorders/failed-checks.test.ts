import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildFormId } from './workorders.test-support';
import { openWorkorderForFailedChecks } from './workorders.service';

/**
 * Beyond the spec (issue 12 item 7): completing an inspection with a failed pass/fail check opens
 * one work order on the master work order its master inspection names, linked both ways.
 */
const CHECK_SCHEMA = {
  type: 'default',
  components: [
    { type: 'textfield', key: 'hangar', label: 'Hangar number', validate: { required: true } },
    { type: 'checkbox', key: 'ok', label: 'Door works', properties: { passFail: 'true' } },
  ],
};

let t: TestApp;
let admin: Caller; // every module, admin (Settings, Property)
let inspector: Caller;
let masterInspection: { _id: string };
let masterWorkorder: { _id: string };
let property: { _id: string };
let n = 0;

async function created(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { _id: string };
}

async function buildInspection(email = inspector.user.email) {
  n += 1;
  const res = await admin.request({
    method: 'POST',
    url: '/api/Inspection/CreateInspections',
    payload: { inspectionId: masterInspection._id, module: 'Property', inspectionfor: property._id, name: `Inspector ${n}`, email },
  });
  const body = (await created(res, 'inspection')) as { inspection?: { _id: string }; _id: string };
  return body.inspection?._id ?? body._id;
}

const complete = (caller: Caller, id: string, data: Record<string, unknown>) => caller.request({ method: 'POST', url: `/api/Inspection/CompleteInspection/${id}`, payload: { data } });
const workordersOf = async (id: string) => (await admin.request({ method: 'GET', url: `/api/Workorder/ForInspection/${id}` })).json() as Array<Record<string, unknown> & { _id: string }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  inspector = await signIn(t, { isInternal: false, email: 'inspector@checks.example' });
  const formId = await buildFormId(admin, CHECK_SCHEMA);
  masterInspection = await created(
    await admin.request({ method: 'POST', url: '/api/MasterInspection', payload: { name: 'Hangar doors', description: 'Door checks', adhoc: false, module: 'Property', scheduled: false, formId } }),
    'master inspection',
  );
  masterWorkorder = await created(
    await admin.request({
      method: 'POST',
      url: '/api/MasterWorkorder',
      payload: { name: 'Door repairs', description: 'Repairs of failed door checks', adhoc: false, formId: await buildFormId(admin), masterInspectionIds: [masterInspection._id] },
    }),
    'master work order',
  );
  const area = await created(await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: 'North ramp', description: '' } }), 'area');
  const type = await created(await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Hangar', attributes: [] } }), 'type');
  property = await created(
    await admin.request({ method: 'POST', url: '/api/Property/List', payload: { name: 'Hangar 7', description: 'A hangar', address: '1 Airport Rd', rent: 450, area: area._id, propertyType: type._id } }),
    'property',
  );
});
afterAll(async () => t?.close());

describe('a failed check opens a work order', () => {
  it('the master work order shows the rule, and the picker offers the master inspection', async () => {
    expect((await admin.request({ method: 'GET', url: `/api/MasterWorkorder/${masterWorkorder._id}` })).json().masterInspectionIds).toEqual([masterInspection._id]);
    const options = (await admin.request({ method: 'GET', url: '/api/MasterWorkorder/MasterInspections' })).json() as Array<{ _id: string }>;
    expect(options.map((o) => o._id)).toContain(masterInspection._id);
  });

  it('an adhoc master takes no rule, and a master inspection names one master work order only', async () => {
    const adhoc = await admin.request({ method: 'POST', url: '/api/MasterWorkorder', payload: { name: 'Adhoc', description: 'x', adhoc: true, formId: await buildFormId(admin), masterInspectionIds: [masterInspection._id] } });
    expect(adhoc.statusCode).toBe(400);
    expect(Object.keys(adhoc.json().errors)).toEqual(['masterInspectionIds']);
    const second = await admin.request({ method: 'POST', url: '/api/MasterWorkorder', payload: { name: 'Second', description: 'x', adhoc: false, formId: await buildFormId(admin), masterInspectionIds: [masterInspection._id] } });
    expect(second.statusCode).toBe(400);
  });

  it('opens exactly one work order, linked both ways; a retried completion opens no second', async () => {
    const id = await buildInspection();
    const done = await complete(inspector, id, { hangar: 'H7', ok: false });
    expect(done.statusCode).toBe(200);
    const opened = await workordersOf(id);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ autoOpened: true, failedChecks: ['Door works'], workorderId: masterWorkorder._id, status: 'Created', name: '', workorderfor: { _id: id } });
    // A second completion (a retry) is refused by inspections and opens nothing.
    await complete(inspector, id, { hangar: 'H7', ok: false });
    expect(await workordersOf(id)).toHaveLength(1);
    // Even if the hook ran again for the same inspection (a retry after a crash), no second opens.
    const again = await t.db.transaction((tx) => openWorkorderForFailedChecks(tx, { inspectionId: id, masterInspectionId: masterInspection._id, failedChecks: ['Door works'] }));
    expect(again).toBeNull();
    expect(await workordersOf(id)).toHaveLength(1);
    // The work order names the inspection; the grid of its master lists it.
    const list = (await admin.request({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${masterWorkorder._id}` })).json() as Array<{ _id: string }>;
    expect(list.map((row) => row._id)).toContain(opened[0]!._id);
  });

  it('a passed inspection opens none', async () => {
    const id = await buildInspection();
    expect((await complete(inspector, id, { hangar: 'H8', ok: true })).statusCode).toBe(200);
    expect(await workordersOf(id)).toEqual([]);
  });

  it('the opened work order needs a contractor before it can be completed; then it completes', async () => {
    const id = await buildInspection();
    await complete(inspector, id, { hangar: 'H9', ok: false });
    const [wo] = await workordersOf(id);
    expect(wo!.abilities).toMatchObject({ complete: false, edit: true });
    expect((await admin.request({ method: 'POST', url: `/api/Workorder/Complete/${wo!._id}` })).statusCode).toBe(409);
    await admin.request({ method: 'PUT', url: `/api/Workorder/UpdateWorkorders/${wo!._id}`, payload: { name: 'Door Fixers', email: 'fix@doors.example' } });
    const contractor = await signIn(t, { isInternal: false, email: 'fix@doors.example' });
    await contractor.request({ method: 'POST', url: `/api/Workorder/UpdateSimulateWorkorder/${wo!._id}`, payload: { data: { notes: 'New seal' } } });
    expect((await contractor.request({ method: 'POST', url: `/api/Workorder/Complete/${wo!._id}` })).json().workorder.status).toBe('Completed');
  });

  it("'Workorder For' lists the inspections of the linked master inspections (name and creation date)", async () => {
    const options = (await admin.request({ method: 'GET', url: `/api/Workorder/WorkorderFor/${masterWorkorder._id}` })).json() as Array<{ _id: string; name: string; createdDate: string }>;
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect(options[0]).toMatchObject({ name: expect.any(String), createdDate: expect.stringMatching(/^\d{4}-/) });
    const id = options[0]!._id;
    const res = await admin.request({ method: 'POST', url: '/api/Workorder/CreateWorkorders', payload: { refnumber: 'FOR-1', name: 'Crew', email: 'crew@x.example', workorderId: masterWorkorder._id, workorderfor: id } });
    expect(res.statusCode).toBe(201);
    expect(res.json().workorderfor).toMatchObject({ _id: id });
    const pdf = await admin.request({ method: 'GET', url: `/api/Workorder/print/${res.json()._id}` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
