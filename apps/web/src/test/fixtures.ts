import type { TModule, TSessionUser } from '@apron/core/access';
import type { TAppConfig, TSessionResponse } from '../lib/session';

export function buildUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: '6f1c3a2e-8a44-4d1e-9a55-0c2a1b7e9d10',
    email: 'pat.staff@apron.test',
    givenName: 'Pat',
    familyName: 'Staff',
    isInternal: true,
    isAdmin: false,
    modules: [],
    companyId: null,
    airportId: '00000000-0000-4000-8000-000000000001',
    isAuthorityAdmin: false,
    ...overrides,
  };
}

/** What `GET /api/Session` answers for this signed-in user. */
export function accessBody(user: TSessionUser): TSessionResponse {
  return { signedIn: true, access: user.isInternal ? 'Internal' : 'External', modules: user.modules as TModule[], user };
}

export function appConfig(landinglinks: boolean, logoUrl: string | null = null): TAppConfig {
  return { name: 'appconfig', jsonvalue: { landinglinks, airportName: 'Carson City Airport', logoUrl, demo: false, testMode: true } };
}

/** What `GET /api/Session` answers an anonymous visitor: 200, not a 401. */
export const SIGNED_OUT = { body: { signedIn: false } };
