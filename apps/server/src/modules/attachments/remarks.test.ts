import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAttachment, TAttachmentOwner, TRemark } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { multipartBody, pdfBytes, registerTestOwner } from './attachments.test-support';

let t: TestApp;
let dataDir: string;
let ownerType: TAttachmentOwner;
let staff: Caller;
let admin: Caller;
let tenant: Caller;
let otherTenant: Caller;
let ownerId: string;
let otherOwnerId: string;
const companyId = randomUUID();

async function uploadPdf(caller: Caller, owner: string): Promise<TAttachment> {
  const { payload, headers } = multipartBody({ ownerType, ownerId: owner }, { filename: 'notes.pdf', contentType: 'application/pdf', data: pdfBytes() });
  const res = await caller.request({ method: 'POST', url: '/api/Attachments', payload, headers });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-remarks-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const owner = await registerTestOwner(t);
  ownerType = owner.ownerType;
  ownerId = await owner.createOwner(companyId);
  otherOwnerId = await owner.createOwner(null);
  staff = await signIn(t, { modules: ['Property'] });
  admin = await signIn(t, { modules: ['Property'], isAdmin: true });
  tenant = await signIn(t, { isInternal: false, companyId });
  otherTenant = await signIn(t, { isInternal: false, companyId: randomUUID() });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('remarks', () => {
  it('POST /api/Remarks: 401, 400 by field, 404 foreign owner, 403 read-only caller', async () => {
    const body = { ownerType, ownerId, subject: 'Roof', message: 'Leaks at the north corner' };
    expect((await t.app.inject({ method: 'POST', url: '/api/Remarks', payload: body })).statusCode).toBe(401);
    const blank = await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ...body, subject: '   ', message: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ subject: 'Subject is required', message: 'Message is required' });
    expect((await otherTenant.request({ method: 'POST', url: '/api/Remarks', payload: body })).statusCode).toBe(404);
    expect((await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ...body, ownerId: randomUUID() } })).statusCode).toBe(404);
    expect((await tenant.request({ method: 'POST', url: '/api/Remarks', payload: body })).statusCode).toBe(403);
  });

  it('creates a remark with documents of the same record, stamped by the server, and lists it', async () => {
    const doc = await uploadPdf(staff, ownerId);
    const foreignDoc = await uploadPdf(staff, otherOwnerId);
    const base = { ownerType, ownerId, subject: 'Inspection', message: 'See the report' };

    const mixed = await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ...base, documents: [doc._id, foreignDoc._id] } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ documents: 'Documents must belong to the same record' });

    // A client-sent author or date is not part of the schema and is ignored.
    const res = await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ...base, documents: [doc._id], createdBy: 'someone@else.test', createdAt: '2000-01-01' } });
    expect(res.statusCode).toBe(201);
    const remark = res.json() as TRemark;
    expect(remark).toMatchObject({ subject: 'Inspection', message: 'See the report', createdBy: staff.user.email });
    expect(new Date(remark.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect(remark.documents.map((d) => d._id)).toEqual([doc._id]);

    const later = await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ...base, subject: 'Follow-up' } });
    expect(later.statusCode).toBe(201);

    expect((await t.app.inject({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType, ownerId } })).statusCode).toBe(401);
    expect((await staff.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType } })).json().errors.ownerId).toBeTruthy();
    expect((await otherTenant.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType, ownerId } })).statusCode).toBe(404);
    const list = await tenant.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType, ownerId } });
    expect(list.statusCode).toBe(200);
    const remarks = list.json() as TRemark[];
    expect(remarks.map((r) => r.subject)).toEqual(['Follow-up', 'Inspection']);
    expect(remarks[1]!.documents[0]).toMatchObject({ _id: doc._id, contentType: 'application/pdf' });
    expect(remarks[1]!.abilities).toEqual({ delete: false });
    // The other record's remarks are its own.
    const other = await staff.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType, ownerId: otherOwnerId } });
    expect(other.json()).toEqual([]);
  });

  it('DELETE /api/Remarks/:id: module admins only; the documents stay with the record', async () => {
    const doc = await uploadPdf(staff, ownerId);
    const remark = (await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ownerType, ownerId, subject: 'Temp', message: 'x', documents: [doc._id] } })).json() as TRemark;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Remarks/${remark._id}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'DELETE', url: '/api/Remarks/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'DELETE', url: `/api/Remarks/${remark._id}` })).statusCode).toBe(403);
    expect((await otherTenant.request({ method: 'DELETE', url: `/api/Remarks/${remark._id}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/Remarks/${randomUUID()}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/Remarks/${remark._id}` })).statusCode).toBe(200);
    const list = (await admin.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType, ownerId } })).json() as TRemark[];
    expect(list.find((r) => r._id === remark._id)).toBeUndefined();
    expect((await admin.request({ method: 'GET', url: `/api/Attachments/Id/${doc._id}` })).statusCode).toBe(200);
  });

  it('deleting a document removes it from its remarks', async () => {
    const doc = await uploadPdf(staff, ownerId);
    const remark = (await staff.request({ method: 'POST', url: '/api/Remarks', payload: { ownerType, ownerId, subject: 'With doc', message: 'x', documents: [doc._id] } })).json() as TRemark;
    expect((await admin.request({ method: 'DELETE', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(200);
    const list = (await staff.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType, ownerId } })).json() as TRemark[];
    expect(list.find((r) => r._id === remark._id)!.documents).toEqual([]);
  });
});
