import type { ImportKindName } from '@apron/core';
import type { ImportKind } from '../../platform/imports/kind';
import { assetsImportKind } from '../assets/index';

/**
 * The kinds the engine imports: kind name -> the owning module's `ImportKind` (each exported by
 * its module's door). A kind's engineer adds one line here.
 * (Stand-in until imports-engine is merged: the engine's file replaces it, keeping the assets line.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own row type
const KINDS: Partial<Record<ImportKindName, ImportKind<any>>> = {
  assets: assetsImportKind,
};

export function importKindNames(): ImportKindName[] {
  return Object.keys(KINDS) as ImportKindName[];
}

export function importKind(name: ImportKindName): ImportKind {
  return KINDS[name] as ImportKind;
}
