import type { TModule } from './modules';

/**
 * The caller as every rule sees it. Built by the server from the session or bearer token;
 * the web receives the same shape from `GET /api/Access`.
 */
export interface TSessionUser {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Internal staff of the airport; external users belong to a company. */
  isInternal: boolean;
  /** 'Make Admin' at the current airport: admin of every module the user holds there. */
  isAdmin: boolean;
  modules: TModule[];
  /** The company of an external (tenant) user; null for internal staff. */
  companyId: string | null;
  /** The airport the caller works at now (the admin flag and modules are theirs there); null: none. */
  airportId: string | null;
  /** Administrator of the whole authority: creates airports, reads consolidated reports. */
  isAuthorityAdmin: boolean;
}

export type TAccessKind = 'Internal' | 'External';
