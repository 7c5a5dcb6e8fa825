import { isModuleAdmin, type TSessionUser } from '@apron/core';

/**
 * Who works with the asset register. Assets are the operator's own records: internal users read
 * and edit them (the routes say 'internal'); external accounts (tenants, contractors, inspectors)
 * see none of them (PRODUCT-RULES 12, 13). Master assets are Settings data: Settings admins create,
 * change and delete them (only internal users see Create, spec doc 1 §2, §6).
 */
export const MASTER_WRITE_RULE = 'admin:Settings' as const;

export const canManageMasters = (user: TSessionUser | null): boolean => isModuleAdmin(user, 'Settings');
export const canEditAssets = (user: TSessionUser | null): boolean => !!user?.isInternal;

export function masterAbilities(user: TSessionUser | null, assetCount: number) {
  const admin = canManageMasters(user);
  return { edit: admin, delete: admin && assetCount === 0 };
}

