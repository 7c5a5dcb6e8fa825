import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER, WAITLIST_MESSAGES, type TWaitlistGridRow } from '@apron/core';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { mailOutbox } from '../../platform/mail/mail.table';
import { setSystemSetting } from '../settings/settings.test-support';
import { applicantIdForPrivateToken } from './waitlist.repo';
import { createChatApplicantLookup, waitlistJoinsByBucket, waitlistLength } from './index';
import { cardAttempts } from '../payments/card-attempts.table';
import { reconcileCardAttempts } from '../payments/card-plugins.test-support';

let t: TestApp;
let admin: Caller; // Waitlist admin (+ Property admin to make types)
let reader: Caller; // Waitlist, not admin
let outsider: Caller; // staff without the module
let tenant: Caller;
let hangar: string;
let office: string;

const missing = '00000000-0000-4000-8000-000000000000';

async function buildType(name: string): Promise<string> {
  const res = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name } });
  if (res.statusCode !== 201) throw new Error(`buildType: ${res.statusCode} ${res.body}`);
  return res.json()._id as string;
}

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  propertyType: hangar, aircrafttype: 'Cessna 172', firstName: `First${n}`, lastName: `Last${n}`, phone: `775555${String(n).padStart(4, '0')}`,
  email: `p${n}@example.test`, organization: `Org ${n}`, ...extra,
});

/** Staff add an applicant (no charge in these tests unless a test sets one). */
async function buildApplicant(n: number, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: person(n, extra) });
  if (res.statusCode !== 201) throw new Error(`buildApplicant: ${res.statusCode} ${res.body}`);
  return res.json()._id as string;
}

async function setCharge(value: string) {
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', value));
}

async function grid(caller: Caller, typeId: string, query = '') {
  const res = await caller.request({ method: 'GET', url: `/api/WaitList/Type/${typeId}${query}` });
  expect(res.statusCode).toBe(200);
  return { rows: res.json() as TWaitlistGridRow[], total: Number(res.headers[TOTAL_COUNT_HEADER]) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Waitlist', 'Property', 'Settings'], isAdmin: true });
  reader = await signIn(t, { modules: ['Waitlist'] });
  outsider = await signIn(t, { modules: ['Company'], isAdmin: true });
  tenant = await signIn(t, { isInternal: false });
  hangar = await buildType('T-Hangar');
  office = await buildType('Office');
  await setCharge('0');
});
afterAll(async () => t?.close());

describe('POST /api/WaitList/Join (charge 0: Submit)', () => {
  it('400 names the fields; the public must give phone, e-mail and organization, staff need not', async () => {
    const anon = await anonymous(t);
    const post: typeof anon = (options) => anon({ ...options, remoteAddress: '10.0.0.1' });
    const bad = await post({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: '', firstName: ' ', lastName: 'X', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ propertyType: 'Property Type is required', firstName: 'First Name is required', email: 'Email is not valid' });
    const publicMissing = await post({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: hangar, firstName: 'A', lastName: 'B' } });
    expect(publicMissing.statusCode).toBe(400);
    expect(publicMissing.json().errors).toEqual({ phone: 'Phone is required', email: 'Email is required', organization: 'Organization is required' });
    const staff = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: office, firstName: 'Walk', lastName: 'In' } });
    expect(staff.statusCode).toBe(201);
    expect(staff.json()).toMatchObject({ message: WAITLIST_MESSAGES.added, status: 'Unpaid', amount: 0 });
    const unknownType = await post({ method: 'POST', url: '/api/WaitList/Join', payload: person(99, { propertyType: missing }) });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors.propertyType).toBe('Property Type is not valid');
  });

  it('a visitor joins: Unpaid, the confirmation e-mail carries a private link that shows the place in the queue', async () => {
    const post = await anonymous(t);
    const res = await post({ method: 'POST', url: '/api/WaitList/Join', payload: { ...person(1), amount: 0.01, status: 'Paid' }, remoteAddress: '10.0.0.2' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Added to WaitList', status: 'Unpaid', amount: 0 });
    const id = res.json()._id;
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `waitlist:${id}`));
    expect(mail!.to).toEqual(['p1@example.test']);
    const token = /\/waitList\/status\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(await applicantIdForPrivateToken(t.db, token)).toBe(id);
    expect(await applicantIdForPrivateToken(t.db, 'x'.repeat(32))).toBeNull();
    expect(await createChatApplicantLookup(t.db)(id, token)).toEqual({ id, email: 'p1@example.test', firstName: 'First1', lastName: 'Last1', tokenMatches: true });
    expect(await createChatApplicantLookup(t.db)(id)).toMatchObject({ id, tokenMatches: false });
    expect(await createChatApplicantLookup(t.db)(id, 'x'.repeat(32))).toMatchObject({ id, tokenMatches: false });
    const page = await t.app.inject({ method: 'GET', url: `/api/WaitList/Status/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ applicantId: id, propertyTypeName: 'T-Hangar', position: 1, waiting: 1, status: 'Unpaid' });
    expect((await t.app.inject({ method: 'GET', url: `/api/WaitList/Status/${'y'.repeat(40)}` })).statusCode).toBe(404);
  });

  it('the honeypot: a filled website field is answered yes and nothing is stored', async () => {
    const before = await waitlistLength(t.db);
    const post = await anonymous(t);
    const res = await post({ method: 'POST', url: '/api/WaitList/Join', payload: person(2, { website: 'http://spam.example' }), remoteAddress: '10.0.0.3' });
    expect(res.statusCode).toBe(201);
    expect(await waitlistLength(t.db)).toBe(before);
  });
});

describe('staff screens', () => {
  it('GET /api/WaitList: 401, 403, and the counts per type', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/WaitList' })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: '/api/WaitList' })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: '/api/WaitList' })).statusCode).toBe(403);
    const res = await reader.request({ method: 'GET', url: '/api/WaitList' });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().map((r: { name: string }) => [r.name, r]));
    expect(byName['T-Hangar']).toMatchObject({ waiting: 1, joinedThisWeek: 1 });
    expect(byName.Office).toMatchObject({ waiting: 1, joinedThisWeek: 1 });
  });
});

describe('reports door', () => {
  it('counts joins by day in the airport time zone', async () => {
    const rows = await waitlistJoinsByBucket(t.db, { start: new Date(Date.now() - 86_400_000 * 2), end: new Date(Date.now() + 86_400_000), grouping: 'day' });
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(await waitlistLength(t.db));
    expect(rows[0]!.bucket).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
  });
});


describe('rate limit', () => {
  it('a sixth join from one address within a minute is refused (429) and stores nothing', async () => {
    const post = await anonymous(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await post({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: hangar }, remoteAddress: '10.0.0.9' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);
  });
});

describe('the type grid, the queue and the explicit move', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    ids = [];
    for (let n = 10; n < 15; n += 1) ids.push(await buildApplicant(n, { propertyType: office }));
  });

  it('401, 403 without the module, 404 for an unknown type, 400 on an unknown sort', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/WaitList/Type/${office}` })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: `/api/WaitList/Type/${office}` })).statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: `/api/WaitList/Type/${missing}` })).statusCode).toBe(404);
    const bad = await reader.request({ method: 'GET', url: `/api/WaitList/Type/${office}?sort=privateTokenHash:asc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort).toBeDefined();
  });

  it('Queue # from the server: join order from 1, the same whatever the sort or page', async () => {
    const all = await grid(reader, office, '?pageSize=20');
    expect(all.total).toBe(6); // the walk-in of the first test, then five
    expect(all.rows.map((r) => r.queuePosition)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.rows.slice(1).map((r) => r._id)).toEqual(ids);
    expect(all.rows[1]).toMatchObject({ firstName: 'First10', propertyTypeName: 'Office', unreadMessages: 0, status: 'Unpaid' });
    const page2 = await grid(reader, office, '?pageSize=2&page=2');
    expect(page2.rows.map((r) => r.queuePosition)).toEqual([3, 4]);
    const byLastDesc = await grid(reader, office, '?pageSize=3&sort=lastName:desc');
    expect(byLastDesc.rows.map((r) => r.lastName)).toEqual(['Last14', 'Last13', 'Last12']);
    expect(byLastDesc.rows.map((r) => r.queuePosition)).toEqual([6, 5, 4]);
    const search = await grid(reader, office, '?q=first12');
    expect(search.rows.map((r) => [r._id, r.queuePosition])).toEqual([[ids[2], 4]]);
  });

  it('move: 401, 400 without a reason, 403 for a reader, 404; then the queue order and the audit entry with the reason', async () => {
    const url = `/api/WaitList/Move/${ids[4]}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { position: 1, reason: 'x' } })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url, payload: { position: 0, reason: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ position: 'Position must be at least 1', reason: 'Reason is required' });
    expect((await reader.request({ method: 'POST', url, payload: { position: 1, reason: 'Medical' } })).statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url: `/api/WaitList/Move/${missing}`, payload: { position: 1, reason: 'x' } })).statusCode).toBe(404);

    const moved = await admin.request({ method: 'POST', url, payload: { position: 2, reason: 'Lease of the same hangar fell through' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().applicant.queuePosition).toBe(2);
    const after = await grid(reader, office, '?pageSize=20');
    expect(after.rows.slice(1).map((r) => r._id)).toEqual([ids[4], ids[0], ids[1], ids[2], ids[3]]);
    expect(after.rows.map((r) => r.queuePosition)).toEqual([1, 2, 3, 4, 5, 6]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'move'));
    expect(entry).toMatchObject({ entityId: ids[4], reason: 'Lease of the same hangar fell through', changes: { position: 2 } });

    // To the end, and to the front (positions beyond the queue are the last place).
    await admin.request({ method: 'POST', url: `/api/WaitList/Move/${ids[0]}`, payload: { position: 99, reason: 'Asked to wait' } });
    await admin.request({ method: 'POST', url: `/api/WaitList/Move/${ids[3]}`, payload: { position: 1, reason: 'Priority' } });
    const last = await grid(reader, office, '?pageSize=20');
    expect(last.rows.map((r) => r._id).slice(0, 1)).toEqual([ids[3]]);
    expect(last.rows.map((r) => r._id).slice(-1)).toEqual([ids[0]]);
  });

  it('positions close up after a delete; delete needs confirmation-level rights (admin) and is audited', async () => {
    const before = await grid(reader, office, '?pageSize=20');
    const victim = before.rows[1]!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/WaitList/${victim._id}` })).statusCode).toBe(401);
    expect((await reader.request({ method: 'DELETE', url: `/api/WaitList/${victim._id}` })).statusCode).toBe(403);
    const res = await admin.request({ method: 'DELETE', url: `/api/WaitList/${victim._id}` });
    expect(res.statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/WaitList/${victim._id}` })).statusCode).toBe(404);
    const after = await grid(reader, office, '?pageSize=20');
    expect(after.rows.map((r) => r._id)).toEqual(before.rows.filter((r) => r._id !== victim._id).map((r) => r._id));
    expect(after.rows.map((r) => r.queuePosition)).toEqual([1, 2, 3, 4, 5]);
    expect((await reader.request({ method: 'GET', url: `/api/WaitList/${victim._id}` })).statusCode).toBe(404);
  });
});

describe('the applicant page', () => {
  let id: string;
  beforeAll(async () => {
    id = await buildApplicant(20);
  });

  it('GET: 401, 403, 404, 200 with abilities', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/WaitList/${id}` })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url: `/api/WaitList/${id}` })).statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: `/api/WaitList/${missing}` })).statusCode).toBe(404);
    const res = await reader.request({ method: 'GET', url: `/api/WaitList/${id}` });
    expect(res.json()).toMatchObject({ _id: id, firstName: 'First20', status: 'Unpaid', abilities: { edit: false, delete: false, createAccount: false } });
    expect((await admin.request({ method: 'GET', url: `/api/WaitList/${id}` })).json().abilities).toEqual({ edit: true, delete: true, move: true, createAccount: true });
  });

  it('PUT: 401, 400 naming the fields, 403 for a reader, then Status Updated Successfully and the audit diff', async () => {
    const body = { _id: id, propertyType: hangar, aircrafttype: 'Jet', firstName: 'Pat', lastName: 'Quinn', phone: '', email: '', organization: '', status: 'InProgress' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/WaitList', payload: body })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'PUT', url: '/api/WaitList', payload: { ...body, firstName: '', status: 'Done', email: 'x@' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ firstName: 'First Name is required', status: 'Status must be Unpaid, Paid or InProgress', email: 'Email is not valid' });
    expect((await reader.request({ method: 'PUT', url: '/api/WaitList', payload: body })).statusCode).toBe(403);
    expect((await admin.request({ method: 'PUT', url: '/api/WaitList', payload: { ...body, _id: missing } })).statusCode).toBe(404);
    const res = await admin.request({ method: 'PUT', url: '/api/WaitList', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Status Updated Successfully', applicant: { firstName: 'Pat', status: 'InProgress', email: '' } });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.find((a) => a.action === 'update')!.changes).toMatchObject({ status: { from: 'Unpaid', to: 'InProgress' } });
  });

  it('Create Account: needs an e-mail; makes one company and one company user, once', async () => {
    const noMail = await admin.request({ method: 'POST', url: '/api/WaitList/createAccount', payload: { _id: id } });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().errors.email).toBe(WAITLIST_MESSAGES.accountNeedsEmail);
    const other = await buildApplicant(21);
    expect((await t.app.inject({ method: 'POST', url: '/api/WaitList/createAccount', payload: { _id: other } })).statusCode).toBe(401);
    expect((await reader.request({ method: 'POST', url: '/api/WaitList/createAccount', payload: { _id: other } })).statusCode).toBe(403);
    const first = await admin.request({ method: 'POST', url: '/api/WaitList/createAccount', payload: { _id: other } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Account Has Been Created', created: true });
    const again = await admin.request({ method: 'POST', url: '/api/WaitList/createAccount', payload: { _id: other } });
    expect(again.json()).toMatchObject({ companyId: first.json().companyId, created: false });
    const companyAdmin = await signIn(t, { modules: ['Company'] });
    const company = await companyAdmin.request({ method: 'GET', url: `/api/Company/${first.json().companyId}` });
    expect(company.json()).toMatchObject({ name: 'Org 21', email: 'p21@example.test', contactname: 'First21 Last21', status: 'Active' });
    const users = await companyAdmin.request({ method: 'GET', url: `/api/Company/Users/${first.json().companyId}` });
    expect(users.json().map((u: { email: string }) => u.email)).toEqual(['p21@example.test']);
  });
});

describe('paid join (WAITLIST_CHARGE > 0: Pay and Submit)', () => {
  beforeAll(async () => setCharge('25.50'));
  afterAll(async () => setCharge('0'));

  it('the info says what to charge; a card is needed; the server charges its own amount, status Paid, one applicant per key', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/WaitList/Join' });
    expect(info.json()).toMatchObject({ charge: 25.5, staffForm: false, testMode: true });
    const post = await anonymous(t);
    const at = (headers: Record<string, string>, payload: object, ip: string) => post({ method: 'POST', url: '/api/WaitList/Join', payload, headers, remoteAddress: ip });
    const noCard = await at({ 'idempotency-key': 'join-key-0001' }, person(30), '10.1.0.1');
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().errors.sourceId).toBeDefined();

    const before = await waitlistLength(t.db);
    const declined = await at({ 'idempotency-key': 'join-key-0002' }, { ...person(31), sourceId: 'test:4000000000000002' }, '10.1.0.2');
    expect(declined.statusCode).toBe(422);
    expect(await waitlistLength(t.db)).toBe(before);

    const body = { ...person(32), sourceId: 'test:4242424242424242', amount: 0.01 };
    const paid = await at({ 'idempotency-key': 'join-key-0003' }, body, '10.1.0.3');
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ message: 'Added to WaitList', status: 'Paid', amount: 25.5 });
    const twice = await at({ 'idempotency-key': 'join-key-0003' }, body, '10.1.0.4');
    expect(twice.json()._id).toBe(paid.json()._id);
    expect(await waitlistLength(t.db)).toBe(before + 1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `waitlist:${paid.json()._id}`));
    expect(mail!.text).toContain('$25.50');
  });
});

describe('Settings > Property FactSheet', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const multipart = (file: Buffer, name: string) => {
    const boundary = 'wlboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('404 before any upload; 401, 403, 415 for a renamed image, 413 over 5 MB; then the public link serves the newest', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/factsheet' })).statusCode).toBe(404);
    const ok = multipart(pdf, 'sheet.pdf');
    expect((await t.app.inject({ method: 'POST', url: '/api/factsheet', ...ok })).statusCode).toBe(401);
    expect((await reader.request({ method: 'POST', url: '/api/factsheet', ...ok })).statusCode).toBe(403);
    const image = multipart(png, 'sheet.pdf');
    expect((await admin.request({ method: 'POST', url: '/api/factsheet', ...image })).statusCode).toBe(415);
    const big = multipart(Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf');
    expect((await admin.request({ method: 'POST', url: '/api/factsheet', ...big })).statusCode).toBe(413);
    const res = await admin.request({ method: 'POST', url: '/api/factsheet', ...ok });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Fact Sheet Uploaded Successfully');
    const second = Buffer.concat([pdf, Buffer.from('% second\n')]);
    await admin.request({ method: 'POST', url: '/api/factsheet', ...multipart(second, 'newer.pdf') });
    const served = await t.app.inject({ method: 'GET', url: '/api/factsheet' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');
    expect(served.rawPayload.equals(second)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/WaitList/Join' })).json().factSheetUrl).toBe('/api/factsheet');
  });
});

describe('join attempts a crash left pending (the reconcile job)', () => {
  it('a charged key becomes the applicant (Paid); a key with no charge is voided; fresh ones are left', async () => {
    const provider = t.app.paymentProvider;
    const form = { propertyType: hangar, aircrafttype: '', firstName: 'Crash', lastName: 'Survivor', phone: '7755550000', email: 'crash@example.test', organization: 'Org' };
    await provider.charge({ amountCents: 1000, sourceToken: 'test:4242424242424242', idempotencyKey: 'crash-key-charged', note: 'Wait list' });
    const old = new Date(Date.now() - 600_000);
    await t.db.insert(cardAttempts).values([
      { purpose: 'waitlist', idempotencyKey: 'crash-key-charged', subject: form, amountCents: 1000, provider: provider.name, status: 'pending', createdAt: old, updatedAt: old },
      { purpose: 'waitlist', idempotencyKey: 'crash-key-nothing', subject: form, amountCents: 1000, provider: provider.name, status: 'pending', createdAt: old, updatedAt: old },
      { purpose: 'waitlist', idempotencyKey: 'crash-key-fresh', subject: form, amountCents: 1000, provider: provider.name, status: 'pending' },
    ]);
    expect(await reconcileCardAttempts(t.app.cardPayments)).toMatchObject({ paid: [expect.objectContaining({ purpose: 'waitlist' })], voided: 1 });
    const rows = await t.db.select().from(cardAttempts).where(inArray(cardAttempts.idempotencyKey, ['crash-key-charged', 'crash-key-nothing', 'crash-key-fresh']));
    const byKey = Object.fromEntries(rows.map((r) => [r.idempotencyKey, r]));
    expect(byKey['crash-key-charged']).toMatchObject({ status: 'paid' });
    expect(byKey['crash-key-nothing']).toMatchObject({ status: 'void' });
    expect(byKey['crash-key-fresh']).toMatchObject({ status: 'pending' });
    const applicant = await createChatApplicantLookup(t.db)(byKey['crash-key-charged']!.resultId!);
    expect(applicant).toMatchObject({ firstName: 'Crash', email: 'crash@example.test' });
    expect(await reconcileCardAttempts(t.app.cardPayments)).toMatchObject({ paid: [], voided: 0 });
  });
});

describe('property types in use', () => {
  it('a property type with people waiting cannot be deleted (409 naming the wait list)', async () => {
    const res = await admin.request({ method: 'DELETE', url: `/api/PropertyTypes/${hangar}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/wait-list applicants/);
  });
});
