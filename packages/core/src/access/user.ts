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
  /** The account's admin flag ('Make Admin'): admin of every module the user holds. */
  isAdmin: boolean;
  modules: TModule[];
  /** The company of an external (tenant) user; null for internal staff. */
  companyId: string | null;
}

export type TAccessKind = 'Internal' | 'External';
