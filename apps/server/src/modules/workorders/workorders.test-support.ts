import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../test/helpers';

/** The work-order form of the tests: a required 'Work done' and a number. */
export const REPAIR_FORM_SCHEMA = {
  type: 'default',
  id: 'repair-report',
  schemaVersion: 18,
  components: [
    { type: 'textarea', id: 'notes', key: 'notes', label: 'Work done', validate: { required: true } },
    { type: 'number', id: 'hours', key: 'hours', label: 'Hours', validate: { min: 0, max: 100 } },
  ],
};

/** A form for a master work order, built through `Forms/createForm` (a Settings user). */
export async function buildFormId(admin: Caller, schema: Record<string, unknown> = REPAIR_FORM_SCHEMA): Promise<string> {
  const res = await admin.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: `Repair report ${randomUUID().slice(0, 6)}`, schema } });
  if (res.statusCode !== 201) throw new Error(`buildFormId: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id?: string; id?: string })._id ?? (res.json() as { id: string }).id;
}

export async function buildMaster(admin: Caller, spec: { name?: string; adhoc?: boolean; masterInspectionIds?: string[] } = {}) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/MasterWorkorder',
    payload: { name: spec.name ?? `Runway repair ${randomUUID().slice(0, 6)}`, description: 'Repairs found on the airfield', adhoc: spec.adhoc ?? true, formId: await buildFormId(admin), masterInspectionIds: spec.masterInspectionIds ?? [] },
  });
  if (res.statusCode !== 201) throw new Error(`buildMaster: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string; formId: string };
}

export async function buildWorkorder(staff: Caller, masterId: string, spec: { email?: string; name?: string; refnumber?: string } = {}) {
  const res = await staff.request({
    method: 'POST',
    url: '/api/Workorder/CreateWorkorders',
    payload: { refnumber: spec.refnumber ?? `WO-${process.hrtime.bigint()}`, name: spec.name ?? 'Reno Paving Co', email: spec.email ?? 'crew@paving.example', workorderId: masterId },
  });
  if (res.statusCode !== 201) throw new Error(`buildWorkorder: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; refnumber: string; status: string };
}
