import type { TModule } from './modules';
import type { TSessionUser } from './user';

/**
 * The permission table, written once and used by the server (route rules, policies) and the
 * web (menu, buttons, route guards).
 *
 * Reading of spec doc 1 §6 (see docs/adr/0002-roles-and-modules.md):
 * - an internal user may use a module that is in their module list;
 * - they are an *admin* of that module (may write) when their account also carries the admin flag;
 * - external (company) users hold no modules; they see their own company's records only.
 */
export function hasModule(user: TSessionUser | null | undefined, module: TModule): boolean {
  return !!user && user.isInternal && user.modules.includes(module);
}

export function isModuleAdmin(user: TSessionUser | null | undefined, module: TModule): boolean {
  return hasModule(user, module) && !!user?.isAdmin;
}

export function isInternal(user: TSessionUser | null | undefined): boolean {
  return !!user && user.isInternal;
}

export function isExternal(user: TSessionUser | null | undefined): boolean {
  return !!user && !user.isInternal;
}

/** Access rules a route (or a web page) declares. */
export type TAccessRule =
  | 'public'
  | 'signedIn'
  | 'internal'
  | `module:${TModule}`
  | `admin:${TModule}`;

export function satisfies(user: TSessionUser | null | undefined, rule: TAccessRule): boolean {
  if (rule === 'public') return true;
  if (!user) return false;
  if (rule === 'signedIn') return true;
  if (rule === 'internal') return user.isInternal;
  const [kind, module] = rule.split(':') as ['module' | 'admin', TModule];
  return kind === 'module' ? hasModule(user, module) : isModuleAdmin(user, module);
}
