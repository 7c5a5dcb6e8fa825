import Box from '@mui/material/Box';
import { isModuleAdmin } from '@apron/core/access';
import type { TMasterAsset } from '@apron/core/assets/index';
import { MasterListPage } from '../../components/master-list-page';
import { useAccess } from '../../lib/session';
import { deleteMasterAsset, useMasterAssets } from './api';
import { MasterAssetDialog } from './master-asset-dialog';

/** Settings > Master Asset: the asset types, their colour, form and field configuration. */
export function MasterAssetsPage() {
  const { user } = useAccess();
  const masters = useMasterAssets();
  return (
    <MasterListPage<TMasterAsset>
      title="Master Asset"
      query={masters}
      emptyText="No Master Asset added yet"
      // Only internal users see Create (spec §2); the server lets Settings admins create.
      canAdd={!!user?.isInternal && isModuleAdmin(user, 'Settings')}
      columns={[
        {
          header: 'Color',
          cell: (row) => (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <Box component="span" aria-hidden sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: row.color, border: 1, borderColor: 'divider' }} />
              {row.color}
            </Box>
          ),
          hideOnPhone: true,
        },
        { header: 'Enabled', cell: (row) => (row.status ? 'Yes' : 'No') },
        { header: 'Fields', cell: (row) => String(row.fields.length), hideOnPhone: true },
        { header: 'Assets', cell: (row) => String(row.assetCount) },
      ]}
      renderDialog={(row, readOnly, close) => <MasterAssetDialog master={row} readOnly={readOnly} onClose={close} />}
      confirmDelete={{
        label: 'Delete',
        title: 'Delete Master Asset',
        message: (row) =>
          row.assetCount > 0
            ? `${row.name} is used by ${row.assetCount} assets, so it cannot be deleted. Disable it instead to stop new assets of this type.`
            : `Delete the master asset ${row.name}?`,
        run: (row) => deleteMasterAsset(row._id),
      }}
    />
  );
}
