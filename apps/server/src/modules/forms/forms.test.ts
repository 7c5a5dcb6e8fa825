import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { failedChecks, TOTAL_COUNT_HEADER } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { DEMO_FORM_TEMPLATES } from './demo-forms';
import { ensureDemoForm, getFormVersion, validateAnswers } from './index';

let t: TestApp;
let builder: Caller; // internal, Settings
let staff: Caller; // internal, no Settings
let outsider: Caller; // external account

const schema = {
  type: 'default',
  components: [
    { type: 'textfield', key: 'hangar', label: 'Hangar number', validate: { required: true } },
    { type: 'number', key: 'count', label: 'Lights out', validate: { min: 0 } },
    { type: 'checkbox', key: 'ok', label: 'Door works', properties: { passFail: 'true' } },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  builder = await signIn(t, { modules: ['Settings'] });
  staff = await signIn(t, { modules: ['Lease'] });
  outsider = await signIn(t, { isInternal: false, email: 'inspector@example.test' });
});
afterAll(async () => t?.close());

async function createForm(name = 'Door check') {
  const res = await builder.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name, schema } });
  if (res.statusCode !== 201) throw new Error(`createForm: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; version: number };
}

describe('POST /api/Forms/createForm', () => {
  it('401 without a session, 400 naming the field, 403 without Settings or for an external account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'x', schema } })).statusCode).toBe(401);
    const bad = await builder.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: '  ', schema: { components: 'nope' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required' });
    expect(bad.json().errors['schema.components']).toBeDefined();
    const dup = await builder.request({
      method: 'POST',
      url: '/api/Forms/createForm',
      payload: { name: 'Dup', schema: { components: [{ type: 'textfield', key: 'a', label: 'A' }, { type: 'number', key: 'a', label: 'B' }] } },
    });
    expect(dup.statusCode).toBe(400);
    expect(Object.values(dup.json().errors)).toContain("Two fields share the key 'a'");
    expect((await staff.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'x', schema } })).statusCode).toBe(403);
    expect((await outsider.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'x', schema } })).statusCode).toBe(403);
  });

  it('creates version 1, audits it and reads it back with getForm', async () => {
    const form = await createForm('Runway check');
    expect(form.version).toBe(1);
    const read = await staff.request({ method: 'GET', url: `/api/getForm/${form._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ _id: form._id, name: 'Runway check', version: 1, latestVersion: 1, schema: { components: [{ key: 'hangar' }, { key: 'count' }, { key: 'ok' }] } });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, form._id));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });
});

describe('GET /api/getForm/:id and /api/Forms', () => {
  it('401, 403 for external accounts, 400 on a bad id, 404 on a missing form or version', async () => {
    const form = await createForm();
    expect((await t.app.inject({ method: 'GET', url: `/api/getForm/${form._id}` })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: `/api/getForm/${form._id}` })).statusCode).toBe(403);
    expect((await staff.request({ method: 'GET', url: '/api/getForm/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'GET', url: '/api/getForm/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await staff.request({ method: 'GET', url: `/api/getForm/${form._id}?version=7` })).statusCode).toBe(404);
  });

  it('lists forms by name with a total', async () => {
    await createForm('Apron sweep');
    const res = await staff.request({ method: 'GET', url: '/api/Forms?q=apron' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { name: string }) => f.name)).toEqual(['Apron sweep']);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect((await outsider.request({ method: 'GET', url: '/api/Forms' })).statusCode).toBe(403);
  });
});

describe('PUT /api/updateForm/:id', () => {
  it('every save is a new version; older versions stay readable', async () => {
    const form = await createForm();
    expect((await t.app.inject({ method: 'PUT', url: `/api/updateForm/${form._id}`, payload: { schema } })).statusCode).toBe(401);
    expect((await staff.request({ method: 'PUT', url: `/api/updateForm/${form._id}`, payload: { schema } })).statusCode).toBe(403);
    expect((await builder.request({ method: 'PUT', url: `/api/updateForm/${form._id}`, payload: { schema: {} } })).statusCode).toBe(400);
    expect((await builder.request({ method: 'PUT', url: '/api/updateForm/00000000-0000-4000-8000-000000000000', payload: { schema } })).statusCode).toBe(404);
    const v2schema = { ...schema, components: [...schema.components, { type: 'textarea', key: 'notes', label: 'Notes' }] };
    const saved = await builder.request({ method: 'PUT', url: `/api/updateForm/${form._id}`, payload: { name: 'Door check v2', schema: v2schema } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, latestVersion: 2, name: 'Door check v2' });
    const v1 = await staff.request({ method: 'GET', url: `/api/getForm/${form._id}?version=1` });
    expect(v1.json().schema.components).toHaveLength(3);
    expect(v1.json().latestVersion).toBe(2);
    expect((await getFormVersion(t.db, form._id))!.schema.components).toHaveLength(4);
  });
});

describe('validateAnswers (server-side checking of answers)', () => {
  it('refuses a missing required field with the field named, and a wrong type', async () => {
    const form = await createForm();
    await expect(validateAnswers(t.db, form._id, 1, { count: 2 })).rejects.toMatchObject({ status: 400, fields: { hangar: 'Hangar number is required' } });
    await expect(validateAnswers(t.db, form._id, 1, { hangar: 'H1', count: 'many' })).rejects.toMatchObject({ fields: { count: 'Lights out must be a number' } });
    await expect(validateAnswers(t.db, form._id, 1, { hangar: 'H1', count: -1 })).rejects.toMatchObject({ fields: { count: 'Lights out must be at least 0' } });
    // A partial save (In Progress) may leave required fields empty, but not send wrong types.
    expect(await validateAnswers(t.db, form._id, 1, { count: 1 }, { partial: true })).toEqual({ count: 1 });
    expect(await validateAnswers(t.db, form._id, 1, { hangar: 'H1', ok: true, injected: 'x' })).toEqual({ hangar: 'H1', ok: true });
  });

  it('failedChecks names the pass/fail checks that failed', () => {
    expect(failedChecks(schema, { hangar: 'H1', ok: false })).toEqual(['Door works']);
    expect(failedChecks(schema, { hangar: 'H1', ok: true })).toEqual([]);
    const lights = DEMO_FORM_TEMPLATES.runwayLights.schema;
    expect(failedChecks(lights, { runway: '7-25', edgeLightsWorking: true, papi: 'fail' })).toEqual(['PAPI']);
  });

  it('demo templates are created once', async () => {
    const a = await ensureDemoForm(t.db, 'hangarDoor');
    expect(await ensureDemoForm(t.db, 'hangarDoor')).toBe(a);
  });
});

describe('POST /api/Forms/uploadfile', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  function multipart(content: Buffer, filename: string) {
    const boundary = '----apronform';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
  }

  it('401 without a session; 415 for what is not an image or PDF; 413 over 5 MB', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Forms/uploadfile', ...multipart(png, 'a.png') })).statusCode).toBe(401);
    const text = await outsider.request({ method: 'POST', url: '/api/Forms/uploadfile', ...multipart(Buffer.from('just text'), 'a.png') });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Only images and PDF files are accepted.');
    const big = await outsider.request({ method: 'POST', url: '/api/Forms/uploadfile', ...multipart(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]), 'big.png') });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File Size cannot be more than 5MB');
  });

  it('stores a picture for the uploader; staff and the uploader read it, another external account does not', async () => {
    const res = await outsider.request({ method: 'POST', url: '/api/Forms/uploadfile', ...multipart(png, 'light.png') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'light.png', contentType: 'image/png' });
    const id = res.json()._id;
    expect((await outsider.request({ method: 'GET', url: `/api/Forms/file/${id}` })).statusCode).toBe(200);
    expect((await staff.request({ method: 'GET', url: `/api/Forms/file/${id}` })).statusCode).toBe(200);
    const stranger = await signIn(t, { isInternal: false });
    expect((await stranger.request({ method: 'GET', url: `/api/Forms/file/${id}` })).statusCode).toBe(404);
  });
});
