import type { TModule } from '@apron/core';

/**
 * One demo account per role (foundation issue §11), and the reliever field's administrator (issue 22). Created by the demo seed only; the sign-in
 * page lists them in demo mode only. The password is public by design: demo data only.
 */
export const DEMO_PASSWORD = 'apron-demo-2026';

export interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  role: string;
  isInternal: boolean;
  isAdmin: boolean;
  modules: TModule[] | 'all';
  /** Where the account works: the main airport, or only the reliever field (demo/reliever.ts). */
  airport: 'main' | 'reliever';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.apron.test', givenName: 'Avery', familyName: 'Admin', role: 'Administrator (every module)', isInternal: true, isAdmin: true, modules: 'all', airport: 'main' },
  { email: 'finance@demo.apron.test', givenName: 'Frankie', familyName: 'Finance', role: 'Finance clerk (Invoices and Reports)', isInternal: true, isAdmin: true, modules: ['Invoices', 'Reports'], airport: 'main' },
  { email: 'staff@demo.apron.test', givenName: 'Sam', familyName: 'Staff', role: 'Staff with no module', isInternal: true, isAdmin: false, modules: [], airport: 'main' },
  { email: 'tenant@demo.apron.test', givenName: 'Taylor', familyName: 'Tenant', role: 'Tenant company user', isInternal: false, isAdmin: false, modules: [], airport: 'main' },
  { email: 'admin2@demo.apron.test', givenName: 'Robin', familyName: 'Reliever', role: 'Administrator of the reliever field (L12) only', isInternal: true, isAdmin: true, modules: 'all', airport: 'reliever' },
];
