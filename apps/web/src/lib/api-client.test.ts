import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiList, onUnauthorized } from './api-client';
import { CSRF_ROUTE, stubFetch } from '../test/fetch-stub';

describe('apiFetch', () => {
  it('fetches the CSRF token once and sends it on POST, PUT and DELETE but not on GET', async () => {
    const net = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Crud/documentTypes': { body: [] },
      'POST /api/Crud/documentTypes': { status: 201, body: { _id: 'a1', name: 'Lease' } },
      'DELETE /api/Crud/documentTypes/a1': { body: { message: 'Deleted' } },
    });
    await apiFetch('/Crud/documentTypes');
    const created = await apiFetch<{ _id: string }>('/Crud/documentTypes', { method: 'POST', body: { name: 'Lease' } });
    await apiFetch('/Crud/documentTypes/a1', { method: 'DELETE' });

    expect(created._id).toBe('a1');
    expect(net.callsTo('GET', '/api/CSRF')).toHaveLength(1);
    expect(net.callsTo('GET', '/api/Crud/documentTypes')[0]!.headers.has('X-CSRF-Token')).toBe(false);
    const post = net.callsTo('POST', '/api/Crud/documentTypes')[0]!;
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.body).toEqual({ name: 'Lease' });
    expect(net.callsTo('DELETE', '/api/Crud/documentTypes/a1')[0]!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(net.fetchMock.mock.calls.every(([, init]) => init?.credentials === 'include')).toBe(true);
  });

  it('refetches the token once after a 403 CSRF answer and retries', async () => {
    let tokens = 0;
    let posts = 0;
    const net = stubFetch({
      'GET /api/CSRF': () => ({ body: { csrfToken: `token-${++tokens}` } }),
      'POST /api/Alerts/ContactUs': (call) => {
        posts += 1;
        return call.headers.get('X-CSRF-Token') === 'token-2'
          ? { status: 201, body: { message: 'Message Sent' } }
          : { status: 403, body: { code: 'CSRF', message: 'Invalid CSRF token' } };
      },
    });
    const body = await apiFetch<{ message: string }>('/Alerts/ContactUs', { method: 'POST', body: {} });
    expect(body.message).toBe('Message Sent');
    expect(posts).toBe(2);
    expect(net.callsTo('GET', '/api/CSRF')).toHaveLength(2);
  });

  it('turns a 400 into an ApiError with field errors', async () => {
    stubFetch({
      ...CSRF_ROUTE,
      'POST /api/Accounts': { status: 400, body: { errors: { email: 'Email is not valid', 'modules.0': 'Unknown module' } } },
    });
    const error = await apiFetch('/Accounts', { method: 'POST', body: { email: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION');
    expect(apiError.fieldErrors).toEqual({ email: 'Email is not valid', 'modules.0': 'Unknown module' });
  });

  it('carries the code and message of other failures', async () => {
    stubFetch({ 'GET /api/Crud/notices/x': { status: 404, body: { code: 'NOT_FOUND', message: 'Invalid Id' } } });
    const error = (await apiFetch('/Crud/notices/x').catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code, error.message]).toEqual([404, 'NOT_FOUND', 'Invalid Id']);
  });

  it('on 401 clears session and local storage and tells the app to return to /', async () => {
    sessionStorage.setItem('apron.identity', JSON.stringify({ givenName: 'Pat' }));
    localStorage.setItem('something', 'kept by a page');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    stubFetch({ 'GET /api/Me': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Session expired' } } });

    const error = (await apiFetch('/Me').catch((e: unknown) => e)) as ApiError;
    unsubscribe();

    expect(error.status).toBe(401);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('leaves the state alone on a 401 the caller handles itself', async () => {
    sessionStorage.setItem('apron.identity', '{}');
    stubFetch({ 'GET /api/Access': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } } });
    await expect(apiFetch('/Access', { on401: 'throw' })).rejects.toMatchObject({ status: 401 });
    expect(sessionStorage.getItem('apron.identity')).toBe('{}');
  });
});

describe('apiList', () => {
  it('returns the rows and the total from X-Total-Count, with paging in the query string', async () => {
    const net = stubFetch({
      'GET /api/Crud/insuranceTypes': { body: [{ _id: '1', name: 'Hangar' }], headers: { 'X-Total-Count': '42' } },
    });
    const result = await apiList('/Crud/insuranceTypes', { query: { page: 2, pageSize: 10, sort: 'name:asc', q: '' } });
    expect(result).toEqual({ rows: [{ _id: '1', name: 'Hangar' }], total: 42, estimated: false });
    expect(net.calls[0]!.search).toBe('?page=2&pageSize=10&sort=name%3Aasc');
  });

  it('reads an estimated total and whether a next page exists', async () => {
    stubFetch({
      'GET /api/Invoices': { body: [], headers: { 'X-Total-Count': '3045', 'X-Total-Count-Estimated': 'true', 'X-Has-Next-Page': 'true' } },
    });
    expect(await apiList('/Invoices')).toEqual({ rows: [], total: 3045, estimated: true, hasNextPage: true });
  });
});
