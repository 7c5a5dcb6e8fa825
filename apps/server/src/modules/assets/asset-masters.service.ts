import { ASSET_MESSAGES, type TMasterAssetValues } from '@apron/core/assets/index';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { conflict, notFound } from '../../platform/errors/app-error';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { getFormVersion } from '../forms/index';
import * as repo from './asset-masters.repo';
import { auditMaster } from './assets.presenter';
import type { AssetMasterRow } from './assets.table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The master's form must exist (forms module); a 400 on Form ID otherwise. */
async function requireForm(tx: Tx, formId: string): Promise<void> {
  if (!UUID.test(formId) || !(await getFormVersion(tx, formId))) throw fieldError('formId', ASSET_MESSAGES.formNotFound);
}

/** Creates a master asset (Settings admins; the route checks). */
export async function createMaster(tx: Tx, actor: AuditActor, values: TMasterAssetValues): Promise<AssetMasterRow> {
  await requireForm(tx, values.formId);
  const row = await repo.insertMaster(tx, { ...values });
  await recordAudit(tx, actor, { action: 'create', entity: 'assetMaster', entityId: row.id, after: auditMaster(row) });
  return row;
}

/**
 * Saves a master and its field configuration. While assets use the master, a field keeps its
 * type (their stored values were read by it); added fields get empty typed rows and removed
 * ones lose theirs, in the same transaction.
 */
export async function updateMaster(tx: Tx, actor: AuditActor, id: string, values: TMasterAssetValues): Promise<AssetMasterRow> {
  const current = await repo.findMaster(tx, id, true);
  if (!current) throw notFound(ASSET_MESSAGES.invalidId);
  if (values.formId !== current.formId) await requireForm(tx, values.formId);
  const inUse = ((await repo.countAssetsByMaster(tx, [id])).get(id) ?? 0) > 0;
  if (inUse) {
    const before = new Map(current.fields.map((field) => [field.fieldName, field.fieldType]));
    values.fields.forEach((field, index) => {
      const type = before.get(field.fieldName);
      if (type && type !== field.fieldType) {
        const message = ASSET_MESSAGES.fieldTypeLocked(field.fieldName);
        throw new AppError('VALIDATION', message, { [`fields.${index}.fieldType`]: message });
      }
    });
  }
  const updated = await repo.updateMasterRow(tx, id, { ...values });
  await repo.reconcileFieldRows(tx, id, current.fields, updated.fields);
  await recordAudit(tx, actor, { action: 'update', entity: 'assetMaster', entityId: id, before: auditMaster(current), after: auditMaster(updated) });
  return updated;
}

/** Deletes a master nobody uses; one in use is refused with the count (409). */
export async function deleteMaster(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  const current = await repo.findMaster(tx, id, true);
  if (!current) throw notFound(ASSET_MESSAGES.invalidId);
  const used = (await repo.countAssetsByMaster(tx, [id])).get(id) ?? 0;
  if (used > 0) throw conflict(ASSET_MESSAGES.masterInUse(used));
  await repo.deleteMasterRow(tx, id);
  await recordAudit(tx, actor, { action: 'delete', entity: 'assetMaster', entityId: id, before: auditMaster(current) });
}
