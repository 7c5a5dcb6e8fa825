import { assetTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { DbOrTx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import type { AssetMasterRow, AssetRow } from './assets.table';

/**
 * An asset changed: publish it in the change's transaction (docs/communications.md). The register
 * is the operator's own (no company), so only Internal rules reach anyone.
 */
export async function publishAssetEvent(tx: DbOrTx, row: AssetRow, master: AssetMasterRow, trigger: TEventTrigger): Promise<void> {
  await publishEvent(tx, { module: 'Assets', trigger, recordId: row.id, companyId: null, fields: assetTemplateFields({ ...row, masterName: master.name }) });
}
