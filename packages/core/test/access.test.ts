import { describe, expect, it } from 'vitest';
import { hasModule, isModuleAdmin, menuFor, satisfies, type TSessionUser } from '../src/access/index';

function user(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return { id: 'u1', email: 'u@example.test', givenName: 'U', familyName: 'Ser', isInternal: true, isAdmin: false, modules: [], companyId: null, airportId: 'a1', isAuthorityAdmin: false, ...overrides };
}

describe('permission table', () => {
  it('lets internal users use the modules in their list, and write only with the admin flag', () => {
    const clerk = user({ modules: ['Invoices'] });
    expect(hasModule(clerk, 'Invoices')).toBe(true);
    expect(hasModule(clerk, 'Settings')).toBe(false);
    expect(isModuleAdmin(clerk, 'Invoices')).toBe(false);
    expect(isModuleAdmin({ ...clerk, isAdmin: true }, 'Invoices')).toBe(true);
    expect(isModuleAdmin({ ...clerk, isAdmin: true }, 'Settings')).toBe(false);
  });

  it('never gives an external user a module, whatever their record says', () => {
    const tenant = user({ isInternal: false, modules: ['Settings'], isAdmin: true, companyId: 'c1' });
    expect(hasModule(tenant, 'Settings')).toBe(false);
    expect(satisfies(tenant, 'admin:Settings')).toBe(false);
    expect(satisfies(tenant, 'internal')).toBe(false);
    expect(satisfies(tenant, 'signedIn')).toBe(true);
  });

  it('answers route rules for anonymous callers', () => {
    expect(satisfies(null, 'public')).toBe(true);
    expect(satisfies(null, 'signedIn')).toBe(false);
    expect(satisfies(null, 'module:Settings')).toBe(false);
  });
});

describe('home menu', () => {
  const none = new Set<string>();

  it('shows staff the internal items of their modules, in the spec order', () => {
    const keys = menuFor(user({ modules: ['Settings', 'Property'] }), none).map((i) => i.key);
    expect(keys).toEqual(['dashboard', 'properties', 'settings', 'myaccount', 'alerts', 'inspections', 'workorders', 'assets']);
    // Appointments (invites) are for staff holding Waitlist only.
    expect(menuFor(user({ modules: ['Waitlist'] })).map((i) => i.key)).toContain('appointments');
    expect(menuFor(user({ isInternal: false, companyId: 'c1' }), none).map((i) => i.key)).not.toContain('appointments');
  });

  it('shows tenants the external listings link and nothing internal', () => {
    const keys = menuFor(user({ isInternal: false, companyId: 'c1' }), none).map((i) => i.key);
    expect(keys).toContain('listings');
    expect(keys).toContain('owners');
    expect(keys).toContain('invoices');
    expect(keys).not.toContain('settings');
    expect(keys).not.toContain('properties');
    expect(keys).not.toContain('waitlist');
  });

  it('shows the WaitList to staff holding Waitlist only', () => {
    expect(menuFor(user({ modules: ['Waitlist'] })).map((i) => i.key)).toContain('waitlist');
    expect(menuFor(user({ modules: ['Property'] })).map((i) => i.key)).not.toContain('waitlist');
  });

  it('hides items whose feature has not been built', () => {
    const keys = menuFor(user({ modules: ['Settings', 'Reports'] }), new Set(['reports'])).map((i) => i.key);
    expect(keys).toContain('settings');
    expect(keys).not.toContain('reports');
  });

  it('shows Reports to Reports staff and to tenants (their own company), not to other staff', () => {
    expect(menuFor(user({ modules: ['Reports'] })).map((i) => i.key)).toContain('reports');
    expect(menuFor(user({ isInternal: false, companyId: 'c1' })).map((i) => i.key)).toContain('reports');
    expect(menuFor(user({ modules: ['Invoices'] })).map((i) => i.key)).not.toContain('reports');
  });

  it('shows the built Invoices item to Invoices staff and to tenants, not to other staff', () => {
    expect(menuFor(user({ modules: ['Invoices'] })).map((i) => i.key)).toContain('invoices');
    expect(menuFor(user({ isInternal: false, companyId: 'c1' })).map((i) => i.key)).toContain('invoices');
    expect(menuFor(user({ modules: ['Settings'] })).map((i) => i.key)).not.toContain('invoices');
  });

  it('shows the built Owners and Lease Agreements items to their module staff and to tenants', () => {
    const staff = menuFor(user({ modules: ['Company', 'Lease'] })).map((i) => i.key);
    expect(staff).toEqual(expect.arrayContaining(['owners', 'agreements']));
    const tenant = menuFor(user({ isInternal: false, companyId: 'c1' })).map((i) => i.key);
    expect(tenant).toEqual(expect.arrayContaining(['owners', 'agreements']));
    expect(menuFor(user({ modules: ['Settings'] })).map((i) => i.key)).not.toContain('owners');
  });
});

describe('areas: the route guards read the menu table', async () => {
  const { canOpenArea } = await import('../src/access/index');
  const staff = (modules: TSessionUser['modules']): TSessionUser => ({ id: 's', email: 's@x.test', givenName: 'S', familyName: 'T', isInternal: true, isAdmin: false, modules, companyId: null, airportId: 'a1', isAuthorityAdmin: false });
  const tenant: TSessionUser = { id: 't', email: 't@x.test', givenName: 'T', familyName: 'U', isInternal: false, isAdmin: false, modules: [], companyId: 'c1', airportId: 'a1', isAuthorityAdmin: false };

  it('refuses staff without the module the menu gates the area by', () => {
    expect(canOpenArea(staff(['Lease']), 'invoices')).toBe(false);
    expect(canOpenArea(staff(['Lease']), 'owners')).toBe(false);
    expect(canOpenArea(staff(['Invoices']), 'invoices')).toBe(true);
    expect(canOpenArea(staff(['Company']), 'owners')).toBe(true);
  });

  it('lets a company user into their own areas, never staff ones', () => {
    expect(canOpenArea(tenant, 'invoices')).toBe(true);
    expect(canOpenArea(tenant, 'owners')).toBe(true);
    expect(canOpenArea(tenant, 'agreements')).toBe(true);
    expect(canOpenArea(tenant, 'settings')).toBe(false);
    expect(canOpenArea(null, 'invoices')).toBe(false);
    expect(canOpenArea(staff(['Settings']), 'no-such-area')).toBe(false);
  });
});
