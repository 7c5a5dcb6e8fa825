import Box from '@mui/material/Box';
import { isModuleAdmin } from '@apron/core/access';
import type { TMasterAsset } from '@apron/core/assets/index';
import { CrudSection } from '../../components/crud-section';
import { useAccess } from '../../lib/session';
import { deleteMasterAsset, useMasterAssets } from './api';
import { MasterAssetDialog } from './master-asset-dialog';

/** Settings > Master Asset: the asset types, their colour, form and field configuration. */
export function MasterAssetsPage() {
  const { user } = useAccess();
  const masters = useMasterAssets();
  // Only internal users see Create (spec §2); the server lets Settings admins create.
  const canCreate = !!user?.isInternal && isModuleAdmin(user, 'Settings');
  return (
    <CrudSection<TMasterAsset>
      title="Master Asset"
      frame="page"
      backTo="/settings"
      query={masters}
      rowLabel={(row) => row.name}
      emptyText="No Master Asset added yet"
      canAdd={canCreate}
      addLabel="Create"
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Description', cell: (row) => row.description, hideOnPhone: true },
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
      openAs={(row) => (row.abilities.edit ? 'edit' : 'view')}
      renderDialog={(row, close) => <MasterAssetDialog master={row} readOnly={!!row && !row.abilities.edit} onClose={close} />}
      confirm={{
        label: 'Delete',
        title: 'Delete Master Asset',
        // An admin sees Delete on every master; one in use is refused by the server with the count.
        can: (row) => row.abilities.edit,
        message: (row) =>
          row.assetCount > 0
            ? `${row.name} is used by ${row.assetCount} assets, so it cannot be deleted. Disable it instead to stop new assets of this type.`
            : `Delete the master asset ${row.name}?`,
        run: (row) => deleteMasterAsset(row._id),
      }}
    />
  );
}
