import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_TYPE_NAMES } from '@apron/core';
import { MAX_JSON_DEPTH } from './request-guards';
import { anonymous, asAdmin, createTestApp, type Caller, type TestApp } from '../../../test/helpers';

// Input no client should be able to turn into a 500 (issue 9 items 8, 9 and 10).
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
});
afterAll(async () => t?.close());

const LISTS = ['/api/Company', '/api/Invoices', '/api/Agreements', '/api/Alerts', '/api/Accounts', '/api/Property/Grid', ...MASTER_TYPE_NAMES.map((type) => `/api/Crud/${type}`)];

describe('sort names an own field of the list, never an Object property', () => {
  for (const url of LISTS) {
    for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'noSuchField']) {
      it(`${url}?sort=${field} is 400 naming sort`, async () => {
        const res = await admin.request({ method: 'GET', url: `${url}?sort=${field}:asc` });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual(['sort']);
      });
    }
  }

  it('a known field still sorts', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Company?sort=name:desc' });
    expect(res.statusCode).toBe(200);
  });
});

describe('a NUL character is a 400 naming the field, never a 500', () => {
  for (const url of LISTS) {
    it(`${url}?q=%00`, async () => {
      const res = await admin.request({ method: 'GET', url: `${url}?q=a%00b` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ q: expect.stringContaining('not allowed') });
    });
  }

  it('in a path parameter or query of an anonymous call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Authorize/abc?state=x%00y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ state: expect.stringContaining('not allowed') });
    const path = await t.app.inject({ method: 'GET', url: '/api/Authorize/a%00c?state=x' });
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toEqual({ code: expect.stringContaining('not allowed') });
  });

  it('in a text field of a body', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Company', payload: { name: 'Nul\u0000 Air', email: 'nul@example.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toContain('not allowed');
  });

  it('in a public form', async () => {
    const post = await anonymous(t);
    const res = await post({
      method: 'POST',
      url: '/api/Alerts/ContactUs',
      payload: { name: 'Ada', email: 'ada@example.test', phone: '', subject: 'Hi', message: 'x\u0000y' },
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ message: expect.stringContaining('not allowed') });
  });
});

describe('multipart/form-data without a boundary is a 400', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  for (const url of ['/api/Attachments', `/api/Property/List/Header/${id}`, `/api/Property/List/Images?propertyId=${id}`]) {
    it(`POST ${url}`, async () => {
      const res = await admin.request({ method: 'POST', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'anything' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ file: 'The upload has no multipart boundary' });
    });
  }
});

describe('a body nested deeper than MAX_JSON_DEPTH is a 400 before anything walks it', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
  const tooDeep = deep(5000);

  it('on the anonymous, unthrottled Messages/{id}/Read', async () => {
    const post = await anonymous(t);
    const res = await post({ method: 'POST', url: `/api/Messages/${id}/Read?token=x`, headers: { 'content-type': 'application/json' }, payload: tooDeep });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ body: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` });
  });

  for (const [method, url] of [
    ['POST', '/api/Company'],
    ['POST', '/api/Alerts'],
    ['POST', '/api/Waitlist/Invite'],
    ['PUT', `/api/Company/${id}`],
  ] as const) {
    it(`${method} ${url}`, async () => {
      const res = await admin.request({ method, url, headers: { 'content-type': 'application/json' }, payload: tooDeep });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['body']);
    });
  }

  it('brackets inside strings are text, not nesting; a body at the limit is read', async () => {
    const name = `[{"\\\\${'['.repeat(200)}`;
    const res = await admin.request({ method: 'POST', url: '/api/Company', payload: { name: name.slice(0, 100), description: 'Brackets', email: 'brackets@example.test', status: 'Active' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe(name.slice(0, 100));
    const atLimit = await admin.request({ method: 'POST', url: '/api/Company', headers: { 'content-type': 'application/json' }, payload: deep(MAX_JSON_DEPTH - 1) });
    expect(atLimit.statusCode).toBe(400);
    expect(Object.keys(atLimit.json().errors)).not.toContain('body');
  });
});
