import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPLOAD_LIMITS, type TAttachment, type TAttachmentOwner } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { attachments } from './attachments.table';
import { docBytes, multipartBody, pdfBytes, pngBytes, registerTestOwner, type FilePart } from './attachments.test-support';

let t: TestApp;
let dataDir: string;
let ownerType: TAttachmentOwner;
let createOwner: (companyId?: string | null) => Promise<string>;
let staff: Caller; // Property user (reads, writes)
let admin: Caller; // Property admin (also deletes)
let outsider: Caller; // internal user without Property
let tenant: Caller; // external user of the owner's company (reads only)
let otherTenant: Caller; // external user of another company
let ownerId: string;
const companyId = randomUUID();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  ({ ownerType, createOwner } = await registerTestOwner(t));
  staff = await signIn(t, { modules: ['Property'] });
  admin = await signIn(t, { modules: ['Property'], isAdmin: true });
  outsider = await signIn(t, { modules: ['Lease'], isAdmin: true });
  tenant = await signIn(t, { isInternal: false, companyId });
  otherTenant = await signIn(t, { isInternal: false, companyId: randomUUID() });
  ownerId = await createOwner(companyId);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(caller: Caller | null, fields: Record<string, string>, file?: FilePart) {
  const { payload, headers } = multipartBody(fields, file);
  const options = { method: 'POST' as const, url: '/api/Attachments', payload, headers };
  return caller ? caller.request(options) : t.app.inject(options);
}

const png = (): FilePart => ({ filename: 'site plan.png', contentType: 'image/png', data: pngBytes() });

describe('POST /api/Attachments', () => {
  it('401 without a session', async () => {
    const res = await upload(null, { ownerType, ownerId }, png());
    expect(res.statusCode).toBe(401);
  });

  it('400 names the missing or bad field', async () => {
    const res = await upload(staff, { ownerType }, png());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.ownerId).toBeTruthy();
    const badType = await upload(staff, { ownerType: 'spaceship', ownerId }, png());
    expect(badType.json().errors).toEqual({ ownerType: 'Unknown record type' });
    const noFile = await upload(staff, { ownerType, ownerId });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBe('File is required');
  });

  it('404 for an owner the caller cannot see, or that does not exist', async () => {
    expect((await upload(outsider, { ownerType, ownerId }, png())).statusCode).toBe(404);
    expect((await upload(otherTenant, { ownerType, ownerId }, png())).statusCode).toBe(404);
    expect((await upload(staff, { ownerType, ownerId: randomUUID() }, png())).statusCode).toBe(404);
  });

  it('403 for a caller who may read the owner but not add to it', async () => {
    const res = await upload(tenant, { ownerType, ownerId }, png());
    expect(res.statusCode).toBe(403);
  });

  it('415 when the bytes are not a document, whatever the name says', async () => {
    const res = await upload(staff, { ownerType, ownerId }, { filename: 'invoice.pdf', contentType: 'application/pdf', data: Buffer.from('just some text, not a PDF') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only images, PDF, DOC and DOCX files are accepted.' });
    const html = await upload(staff, { ownerType, ownerId }, { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') });
    expect(html.statusCode).toBe(415);
  });

  it('413 over the size limit, and nothing is stored', async () => {
    const data = Buffer.alloc(6 * 1024 * 1024);
    pngBytes().copy(data);
    const stored = () => (fs.existsSync(path.join(dataDir, 'files', 'attachments')) ? fs.readdirSync(path.join(dataDir, 'files', 'attachments')).length : 0);
    const before = stored();
    const rowsBefore = (await t.db.select().from(attachments)).length;
    const res = await upload(staff, { ownerType, ownerId }, { filename: 'big.png', contentType: 'image/png', data });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_LIMITS.tooLargeMessage });
    expect(stored()).toBe(before);
    expect((await t.db.select().from(attachments)).length).toBe(rowsBefore);
  });

  it('400 for an unknown document type', async () => {
    const res = await upload(staff, { ownerType, ownerId, typeId: randomUUID() }, png());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ typeId: 'Unknown document type' });
  });

  it('201 stores a PNG, a PDF and a DOC judged by content, stamped by the server', async () => {
    const { rows } = await t.database.query("insert into document_types (name) values ('Site Plan') returning id");
    const typeId = rows[0]!.id as string;
    const res = await upload(staff, { ownerType, ownerId, typeId }, png());
    expect(res.statusCode).toBe(201);
    const body = res.json() as TAttachment;
    expect(body).toMatchObject({ name: 'site plan.png', contentType: 'image/png', size: pngBytes().length, typeId, typeName: 'Site Plan', createdBy: staff.user.email });
    expect(body.abilities).toEqual({ delete: false });

    // The client's content type is ignored: this PDF is declared as an octet stream.
    const pdf = await upload(staff, { ownerType, ownerId }, { filename: 'lease.pdf', contentType: 'application/octet-stream', data: pdfBytes() });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ contentType: 'application/pdf', typeId: null, typeName: null });
    const doc = await upload(staff, { ownerType, ownerId }, { filename: 'old.doc', contentType: 'application/msword', data: docBytes() });
    expect(doc.json()).toMatchObject({ contentType: 'application/msword' });

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body._id));
    expect(audit).toMatchObject({ action: 'create', entity: 'attachment', actorEmail: staff.user.email });
  });
});

describe('reading documents', () => {
  let doc: TAttachment;
  beforeAll(async () => {
    doc = (await upload(staff, { ownerType, ownerId }, { filename: "Plan (Nord) é's.pdf", contentType: 'application/pdf', data: pdfBytes() })).json();
  });

  it('lists the owner documents for its readers, newest first', async () => {
    const unauth = await t.app.inject({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType, ownerId } });
    expect(unauth.statusCode).toBe(401);
    const bad = await staff.request({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType, ownerId: 'nope' } });
    expect(bad.json().errors).toEqual({ ownerId: 'Invalid Id' });
    expect((await outsider.request({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType, ownerId } })).statusCode).toBe(404);
    const res = await tenant.request({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType, ownerId } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as TAttachment[];
    expect(list[0]!._id).toBe(doc._id);
    expect(list.length).toBeGreaterThanOrEqual(4);
    const asAdmin = await admin.request({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType, ownerId } });
    expect((asAdmin.json() as TAttachment[])[0]!.abilities).toEqual({ delete: true });
  });

  it('gives the metadata by id', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Attachments/Id/${doc._id}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'GET', url: '/api/Attachments/Id/nope' })).statusCode).toBe(400);
    expect((await otherTenant.request({ method: 'GET', url: `/api/Attachments/Id/${doc._id}` })).statusCode).toBe(404);
    expect((await staff.request({ method: 'GET', url: `/api/Attachments/Id/${randomUUID()}` })).statusCode).toBe(404);
    const res = await tenant.request({ method: 'GET', url: `/api/Attachments/Id/${doc._id}` });
    expect(res.json()).toMatchObject({ _id: doc._id, name: "Plan (Nord) é's.pdf" });
  });

  it('streams the same bytes with safe headers', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(401);
    expect((await otherTenant.request({ method: 'GET', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(404);
    const res = await tenant.request({ method: 'GET', url: `/api/Attachments/${doc._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes())).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Plan (Nord) _'s.pdf"; filename*=UTF-8''Plan%20%28Nord%29%20%C3%A9%27s.pdf`);
  });
});

describe('DELETE /api/Attachments/:id', () => {
  it('only admins of the owner module delete; the file goes too', async () => {
    const doc = (await upload(staff, { ownerType, ownerId }, png())).json() as TAttachment;
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, doc._id));
    const file = path.join(dataDir, 'files', row!.storageKey);
    expect(fs.existsSync(file)).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'DELETE', url: '/api/Attachments/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'DELETE', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(403);
    expect((await outsider.request({ method: 'DELETE', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(404);
    const res = await admin.request({ method: 'DELETE', url: `/api/Attachments/${doc._id}` });
    expect(res.statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/Attachments/Id/${doc._id}` })).statusCode).toBe(404);
    expect(fs.existsSync(file)).toBe(false);
    expect((await admin.request({ method: 'DELETE', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(404);
  });
});
