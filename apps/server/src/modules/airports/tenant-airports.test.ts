import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.table';
import { auditLog } from '../../platform/audit/audit.table';
import { FIRST_AIRPORT_ID, withAirport } from '../../platform/tenancy/index';
import { buildCompany, buildInvoice } from '../invoices/billing.test-support';
import { createTestApp, signIn, signInAs, type Caller, type TestApp } from '../../../test/helpers';

/**
 * Issue 22, "a tenant user sees the airports where their company (or companies) lease"
 * (docs/airports.md, "People"): one sign-in for a person who acts for a company at each of two
 * airports. Adding them at the second airport links their account; they switch between the two
 * and see each company's invoices at its own airport only; removing them from one company keeps
 * the other. Both databases (PGlite, PostgreSQL).
 */
let t: TestApp;
let authority: Caller;
let reliever: string;
let third: string;
let mainCompany: { _id: string; name: string };
let mainNeighbour: { _id: string; name: string };
let relieverCompany: { _id: string; name: string };
let patId: string;

const switchTo = (caller: Caller, airportId: string) => caller.request({ method: 'PUT', url: '/api/Session/Airport', payload: { airportId } });
const addUser = (caller: Caller, companyId: string, email: string) =>
  caller.request({ method: 'POST', url: `/api/Company/Users/${companyId}`, payload: { email, givenName: 'Pat' } });
const airportIdsOf = async (caller: Caller) =>
  ((await caller.request({ method: 'GET', url: '/api/Airports/Mine' })).json() as Array<{ id: string; current: boolean }>).map((a) => [a.id, a.current]);

async function newAirport(code: string): Promise<string> {
  const res = await authority.request({ method: 'POST', url: '/api/Airports', payload: { code, name: `Field ${code}`, timeZone: 'America/Denver' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.test' });
  authority = await signIn(t, { modules: 'all', isAdmin: true, isAuthorityAdmin: true });
  reliever = await newAirport('L12');
  third = await newAirport('O61');
  mainCompany = await buildCompany(authority);
  mainNeighbour = await buildCompany(authority);
  expect((await switchTo(authority, reliever)).statusCode).toBe(200);
  relieverCompany = await buildCompany(authority);
  await switchTo(authority, FIRST_AIRPORT_ID);
}, 120_000);
afterAll(async () => t?.close());
// Each test starts with the authority's administrator at the main airport.
beforeEach(async () => {
  await switchTo(authority, FIRST_AIRPORT_ID);
});

describe('a company user with companies at two airports', () => {
  it('adding their e-mail at a second airport links the existing account and tells them by e-mail', async () => {
    const first = await addUser(authority, mainCompany._id, 'Pat@Example.test');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ existingAccount: false, user: { email: 'pat@example.test', actsForOtherCompanies: false } });
    patId = first.json().user._id;

    await switchTo(authority, reliever);
    const second = await addUser(authority, relieverCompany._id, 'pat@example.test');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ existingAccount: true, user: { _id: patId, email: 'pat@example.test', actsForOtherCompanies: true } });
    // Listed among the reliever company's users (removable: they act for the main airport's company
    // too), and in the reliever's Accounts grid with that company.
    const users = await authority.request({ method: 'GET', url: `/api/Company/Users/${relieverCompany._id}` });
    expect(users.json().map((u: { _id: string; actsForOtherCompanies: boolean }) => [u._id, u.actsForOtherCompanies])).toEqual([[patId, true]]);
    const account = await authority.request({ method: 'GET', url: `/api/Accounts/${patId}` });
    expect(account.json()).toMatchObject({ companyId: relieverCompany._id, isInternal: false });

    // The mail says they were added (no set-password link: they sign in as before), queued at the reliever.
    const mails = await withAirport(reliever, async () => await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'company-added')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['pat@example.test'], subject: `You are added to ${relieverCompany.name} at Field L12` });
    expect(mails[0]!.text).not.toContain('set-password');
    const audit = await withAirport(reliever, async () => await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'accountCompany'), eq(auditLog.entityId, patId))));
    expect(audit).toMatchObject([{ action: 'create', changes: { email: 'pat@example.test', companyId: relieverCompany._id } }]);
    await switchTo(authority, FIRST_AIRPORT_ID);
  });

  it('the switcher lists both airports; each airport shows its own company’s invoices only', async () => {
    const mainInvoice = await buildInvoice(authority, mainCompany._id);
    await switchTo(authority, reliever);
    const relieverInvoice = await buildInvoice(authority, relieverCompany._id);
    await switchTo(authority, FIRST_AIRPORT_ID);

    const pat = await signInAs(t, patId);
    expect(pat.user).toMatchObject({ airportId: FIRST_AIRPORT_ID, companyId: mainCompany._id });
    expect((await airportIdsOf(pat)).sort()).toEqual([[FIRST_AIRPORT_ID, true], [reliever, false]].sort());

    const atMain = (await pat.request({ method: 'GET', url: '/api/Invoices?pageSize=50' })).json() as Array<{ _id: string }>;
    expect(atMain.map((i) => i._id)).toEqual([mainInvoice._id]);
    expect((await pat.request({ method: 'GET', url: `/api/Invoices/${relieverInvoice._id}` })).statusCode).toBe(404);

    const switched = await switchTo(pat, reliever);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().user).toMatchObject({ airportId: reliever, companyId: relieverCompany._id, isAdmin: false, modules: [] });
    expect(await airportIdsOf(pat)).toContainEqual([reliever, true]);
    const atReliever = (await pat.request({ method: 'GET', url: '/api/Invoices?pageSize=50' })).json() as Array<{ _id: string }>;
    expect(atReliever.map((i) => i._id)).toEqual([relieverInvoice._id]);
    // Company A's records while working at B: not found, whatever the id.
    expect((await pat.request({ method: 'GET', url: `/api/Invoices/${mainInvoice._id}` })).statusCode).toBe(404);
    expect((await pat.request({ method: 'GET', url: `/api/Company/${mainCompany._id}` })).statusCode).toBe(404);
    expect((await pat.request({ method: 'GET', url: `/api/Company/${relieverCompany._id}` })).statusCode).toBe(200);
    await switchTo(pat, FIRST_AIRPORT_ID);
  });

  it('a switch to an airport without a company of theirs answers 404, and changes nothing', async () => {
    const pat = await signInAs(t, patId);
    expect((await switchTo(pat, third)).statusCode).toBe(404);
    expect((await switchTo(pat, crypto.randomUUID())).statusCode).toBe(404);
    expect((await pat.request({ method: 'GET', url: '/api/Access' })).json().user).toMatchObject({ airportId: FIRST_AIRPORT_ID, companyId: mainCompany._id });
  });

  it('refuses the same e-mail in another company of the same airport, and a staff e-mail, as before', async () => {
    const again = await addUser(authority, mainNeighbour._id, 'PAT@example.test');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { email: 'An account with this email already exists' } });
    const staff = await signIn(t, { modules: ['Invoices'], email: 'clerk@example.test' });
    await switchTo(authority, third);
    const thirdCompany = await buildCompany(authority);
    const staffEmail = await addUser(authority, thirdCompany._id, staff.user.email);
    expect(staffEmail.statusCode).toBe(400);
    expect(staffEmail.json().errors.email).toBe('An account with this email already exists');
    await switchTo(authority, FIRST_AIRPORT_ID);
  });

  it('removing them from one company keeps the other; their only company is not removed', async () => {
    const pat = await signInAs(t, patId);
    await switchTo(pat, reliever);
    expect((await authority.request({ method: 'DELETE', url: `/api/Company/Users/${mainNeighbour._id}/${patId}` })).statusCode).toBe(404);
    const removed = await authority.request({ method: 'DELETE', url: `/api/Company/Users/${mainCompany._id}/${patId}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await authority.request({ method: 'GET', url: `/api/Company/Users/${mainCompany._id}` })).json()).toEqual([]);
    expect((await authority.request({ method: 'GET', url: `/api/Accounts/${patId}` })).statusCode).toBe(404);

    // Still signed in, at the reliever, and only there now.
    expect(await airportIdsOf(pat)).toEqual([[reliever, true]]);
    expect((await switchTo(pat, FIRST_AIRPORT_ID)).statusCode).toBe(404);
    // A new sign-in starts at their remaining company.
    expect((await signInAs(t, patId)).user).toMatchObject({ airportId: reliever, companyId: relieverCompany._id });

    await switchTo(authority, reliever);
    const last = await authority.request({ method: 'DELETE', url: `/api/Company/Users/${relieverCompany._id}/${patId}` });
    expect(last.statusCode).toBe(400);
    expect(last.json().errors.companyId).toMatch(/disable the account instead/);
    // Their only company now: the list offers no removal.
    const listed = await authority.request({ method: 'GET', url: `/api/Company/Users/${relieverCompany._id}` });
    expect(listed.json()).toMatchObject([{ _id: patId, actsForOtherCompanies: false }]);
    const viaAccounts = await authority.request({ method: 'DELETE', url: `/api/Accounts/${patId}/Membership` });
    expect(viaAccounts.statusCode).toBe(400);
    await switchTo(authority, FIRST_AIRPORT_ID);
  });

  it('Settings > Accounts > Remove from this airport removes a company user’s company here only', async () => {
    const added = await addUser(authority, mainNeighbour._id, 'sam@example.test');
    const samId = added.json().user._id as string;
    await switchTo(authority, reliever);
    expect((await addUser(authority, relieverCompany._id, 'sam@example.test')).json().existingAccount).toBe(true);
    const removed = await authority.request({ method: 'DELETE', url: `/api/Accounts/${samId}/Membership` });
    expect(removed.statusCode, removed.body).toBe(204);
    await switchTo(authority, FIRST_AIRPORT_ID);
    expect((await signInAs(t, samId)).user).toMatchObject({ airportId: FIRST_AIRPORT_ID, companyId: mainNeighbour._id });
    expect((await authority.request({ method: 'GET', url: `/api/Company/Users/${mainNeighbour._id}` })).json().map((u: { _id: string }) => u._id)).toEqual([samId]);
  });
});
