/** The eight permission modules of the portal (spec doc 1 §6). */
export const MODULES = ['Company', 'Tiedown', 'Property', 'Lease', 'Invoices', 'Reports', 'Waitlist', 'Settings'] as const;
export type TModule = (typeof MODULES)[number];

export function isModule(value: string): value is TModule {
  return (MODULES as readonly string[]).includes(value);
}
