import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { FIRST_AIRPORT_ID, withAirport } from '../../platform/tenancy/index';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';

/**
 * Issue 22, "People" and "Airport as a record" (docs/airports.md): the switcher, who each airport's
 * administrators see, and adding an airport that works at once. Both databases (PGlite, PostgreSQL).
 */
let t: TestApp;
let authority: Caller;
let reliever: { id: string; code: string; name: string };

const RELIEVER = { code: 'l12', name: 'Reliever Field', timeZone: 'America/Denver', address: '1 Runway Rd', publicHost: 'Reliever.Airport.Example', pathPrefix: 'l12' };

beforeAll(async () => {
  t = await createTestApp();
  authority = await signIn(t, { modules: 'all', isAdmin: true, isAuthorityAdmin: true, email: 'authority@example.test' });
  const res = await authority.request({ method: 'POST', url: '/api/Airports', payload: RELIEVER });
  expect(res.statusCode, res.body).toBe(201);
  reliever = res.json();
});
afterAll(async () => t?.close());

const switchTo = (caller: Caller, airportId: string) => caller.request({ method: 'PUT', url: '/api/Session/Airport', payload: { airportId } });

describe('adding an airport', () => {
  it('answers the record (code upper-case, host lower-case) and audits it at the new airport', async () => {
    expect(reliever).toMatchObject({ code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver', publicHost: 'reliever.airport.example', pathPrefix: 'l12', mailFrom: null, enabled: true });
    const [audit] = await withAirport(reliever.id, async () => await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'airport'), eq(auditLog.entityId, reliever.id))));
    expect(audit).toMatchObject({ action: 'create', actorEmail: 'authority@example.test' });
    const atMain = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'airport'), eq(auditLog.entityId, reliever.id)));
    expect(atMain).toEqual([]);
    const list = await authority.request({ method: 'GET', url: '/api/Airports' });
    expect(list.json().map((a: { code: string }) => a.code)).toContain('L12');
    expect((await authority.request({ method: 'GET', url: `/api/Airports/${reliever.id}` })).json()).toEqual(reliever);
  });

  it('is refused to anyone but an authority administrator (403), and validates each field', async () => {
    const airportAdmin = await signIn(t, { modules: 'all', isAdmin: true });
    expect((await airportAdmin.request({ method: 'POST', url: '/api/Airports', payload: { ...RELIEVER, code: 'ZZZ', publicHost: null, pathPrefix: null } })).statusCode).toBe(403);
    expect((await airportAdmin.request({ method: 'GET', url: '/api/Airports' })).statusCode).toBe(403);
    // Refused before the body is read: a bad body from them is still a 403, not a 400.
    expect((await airportAdmin.request({ method: 'PUT', url: `/api/Airports/${reliever.id}`, payload: {} })).statusCode).toBe(403);
    const bad = await authority.request({
      method: 'POST',
      url: '/api/Airports',
      payload: { code: 'TOOLONG', name: ' ', timeZone: 'Mars/Olympus', publicHost: 'not a host', pathPrefix: 'Has_Caps' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'name', 'pathPrefix', 'publicHost', 'timeZone']);
  });

  it('refuses a duplicate code, host or prefix with 409 naming the field', async () => {
    const again = await authority.request({ method: 'POST', url: '/api/Airports', payload: { ...RELIEVER, publicHost: null, pathPrefix: null } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ code: 'Another airport has this code' });
    const host = await authority.request({ method: 'POST', url: '/api/Airports', payload: { ...RELIEVER, code: 'RF2', pathPrefix: null } });
    expect(host.statusCode).toBe(409);
    expect(host.json().errors).toHaveProperty('publicHost');
    const edit = await authority.request({ method: 'PUT', url: `/api/Airports/${reliever.id}`, payload: { ...RELIEVER, name: 'Reliever Field West' } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ id: reliever.id, name: 'Reliever Field West' });
  });

  it('works at once: its creator administers it, its settings, tie-down rates and insurance reminder rule are there', async () => {
    const mine = await authority.request({ method: 'GET', url: '/api/Airports/Mine' });
    expect(mine.json().map((a: { id: string; current: boolean }) => [a.id, a.current]).sort()).toEqual(
      [[FIRST_AIRPORT_ID, true], [reliever.id, false]].sort(),
    );
    const access = await switchTo(authority, reliever.id);
    expect(access.statusCode).toBe(200);
    expect(access.json().user).toMatchObject({ airportId: reliever.id, isAdmin: true });
    expect(access.json().modules).toContain('Settings');
    const settings = (await authority.request({ method: 'GET', url: '/api/Getsettings' })).json() as Array<{ name: string; value: string }>;
    expect(settings.find((s) => s.name === 'TIME_ZONE')?.value).toBe('America/Denver');
    expect(settings.find((s) => s.name === 'AIRPORT_NAME')?.value).toBe('Reliever Field West'); // the record's name, as edited above (one source)
    const quote = await authority.request({ method: 'GET', url: '/api/TieDown/Quote?airCraftType=Medium%20Jet%202&beginDate=2026-12-01&endDate=2026-12-04' });
    expect(quote.statusCode, quote.body).toBe(200);
    // Payment is off by default at a new airport (TIEDOWN_PAYMENT): the rate is quoted, nothing to pay.
    expect(quote.json()).toMatchObject({ rate: 50, nights: 3 });
    const form = (await authority.request({ method: 'GET', url: '/api/TieDown/Form' })).json() as { rates: unknown[] };
    expect(form.rates).toHaveLength(6);
    // Insurance reminders reach its tenants at once: the default rule existing airports got from migration 0047.
    const rules = (await authority.request({ method: 'GET', url: '/api/Crud/notifications?pageSize=100' })).json() as Array<Record<string, unknown>>;
    expect(rules.filter((r) => r.name === 'Insurance certificate expiring')).toEqual([
      expect.objectContaining({ module: 'Lease', trigger: 'Expiring', notify: 'External', template: expect.stringContaining('{{insuranceEndDate}}') }),
    ]);
    expect((await switchTo(authority, FIRST_AIRPORT_ID)).json().user.airportId).toBe(FIRST_AIRPORT_ID);
  });
});

describe('the switcher', () => {
  it('an account working at two airports sees each airport’s data only', async () => {
    await switchTo(authority, FIRST_AIRPORT_ID);
    const made = await authority.request({ method: 'POST', url: '/api/Company', payload: { name: 'Main Field Hangars', description: 'Tenant', email: 'main@example.test', status: 'Active' } });
    expect(made.statusCode).toBe(201);
    await switchTo(authority, reliever.id);
    const atReliever = await authority.request({ method: 'GET', url: '/api/Company?page=1&pageSize=50' });
    expect(JSON.stringify(atReliever.json())).not.toContain('Main Field Hangars');
    expect((await authority.request({ method: 'GET', url: `/api/Company/${made.json()._id}` })).statusCode).toBe(404);
    expect((await authority.request({ method: 'GET', url: '/api/Access' })).json().user.airportId).toBe(reliever.id);
    await switchTo(authority, FIRST_AIRPORT_ID);
    expect((await authority.request({ method: 'GET', url: `/api/Company/${made.json()._id}` })).statusCode).toBe(200);
  });

  it('a company user works at their company’s airport', async () => {
    const pilot = await withAirport(reliever.id, () => signIn(t, { isInternal: false, companyId: crypto.randomUUID() }));
    const mine = (await pilot.request({ method: 'GET', url: '/api/Airports/Mine' })).json();
    expect(mine).toEqual([{ id: reliever.id, code: 'L12', name: 'Reliever Field West', timeZone: 'America/Denver', current: true }]);
    expect((await switchTo(pilot, FIRST_AIRPORT_ID)).statusCode).toBe(404);
  });

  it('an airport the caller does not work at answers 404', async () => {
    const clerk = await signIn(t, { modules: ['Company'] });
    expect((await switchTo(clerk, reliever.id)).statusCode).toBe(404);
    expect((await switchTo(clerk, crypto.randomUUID())).statusCode).toBe(404);
    expect((await clerk.request({ method: 'GET', url: '/api/Access' })).json().user.airportId).toBe(FIRST_AIRPORT_ID);
  });
});

describe('people of an airport (Settings > Accounts)', () => {
  let relieverAdmin: Caller;
  let mainStaff: Caller;
  beforeAll(async () => {
    relieverAdmin = await withAirport(reliever.id, () => signIn(t, { modules: ['Settings'], isAdmin: true }));
    mainStaff = await signIn(t, { modules: ['Company', 'Lease'], email: 'main.staff@example.test' });
  });

  it('the accounts grid of one airport does not list another airport’s staff, nor find them by id', async () => {
    const grid = await relieverAdmin.request({ method: 'GET', url: '/api/Accounts?page=1&pageSize=100&q=main.staff' });
    expect(grid.json()).toEqual([]);
    expect((await relieverAdmin.request({ method: 'GET', url: `/api/Accounts/${mainStaff.user.id}` })).statusCode).toBe(404);
    expect((await relieverAdmin.request({ method: 'PUT', url: `/api/Accounts/${mainStaff.user.id}`, payload: { modules: [] } })).statusCode).toBe(404);
  });

  it('adding an e-mail that works elsewhere adds it here, with this airport’s modules; removing it leaves the other airport', async () => {
    const added = await relieverAdmin.request({ method: 'POST', url: '/api/Accounts', payload: { email: 'Main.Staff@example.test', givenName: 'X', familyName: 'Y', modules: ['Tiedown'], isAdmin: false } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ _id: mainStaff.user.id, existingAccount: true, modules: ['Tiedown'], isAdmin: false });
    const again = await relieverAdmin.request({ method: 'POST', url: '/api/Accounts', payload: { email: 'main.staff@example.test', givenName: 'X', familyName: 'Y' } });
    expect(again.statusCode).toBe(400);
    const edit = await relieverAdmin.request({ method: 'PUT', url: `/api/Accounts/${mainStaff.user.id}`, payload: { modules: ['Tiedown', 'Invoices'] } });
    expect(edit.json().modules).toEqual(['Tiedown', 'Invoices']);
    // The main airport keeps its own modules for the same person.
    await switchTo(authority, FIRST_AIRPORT_ID);
    const atMain = await authority.request({ method: 'GET', url: `/api/Accounts/${mainStaff.user.id}` });
    expect(atMain.json().modules).toEqual(['Company', 'Lease']);
    expect((await mainStaff.request({ method: 'GET', url: '/api/Access' })).json().modules).toEqual(['Company', 'Lease']);
    const switched = await switchTo(mainStaff, reliever.id);
    expect(switched.json().modules).toEqual(['Tiedown', 'Invoices']);

    expect((await relieverAdmin.request({ method: 'DELETE', url: `/api/Accounts/${relieverAdmin.user.id}/Membership` })).statusCode).toBe(400);
    expect((await relieverAdmin.request({ method: 'DELETE', url: `/api/Accounts/${mainStaff.user.id}/Membership` })).statusCode).toBe(204);
    expect((await relieverAdmin.request({ method: 'GET', url: `/api/Accounts/${mainStaff.user.id}` })).statusCode).toBe(404);
    // Their session no longer works there: it is back at the airport they still work at.
    const access = (await mainStaff.request({ method: 'GET', url: '/api/Access' })).json();
    expect(access).toMatchObject({ modules: ['Company', 'Lease'], user: { airportId: FIRST_AIRPORT_ID } });
  });

  it('company users of this airport’s companies are listed here, not at the other airport', async () => {
    const companyId = crypto.randomUUID();
    const user = await withAirport(reliever.id, () => signIn(t, { isInternal: false, companyId, email: 'pilot.owner@example.test' }));
    const here = (await relieverAdmin.request({ method: 'GET', url: '/api/Accounts?page=1&pageSize=100&q=pilot.owner' })).json();
    expect(here.map((a: { _id: string }) => a._id)).toEqual([user.user.id]);
    const there = (await authority.request({ method: 'GET', url: '/api/Accounts?page=1&pageSize=100&q=pilot.owner' })).json();
    expect(there).toEqual([]);
  });
});
