import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Link as RouterLink } from 'react-router';
import { ASSET_MESSAGES, type TAssetLocation } from '@apron/core/assets/index';
import { CardDescription, CardGrid } from '../../components/card-grid';
import { PageHeader } from '../../components/page-header';
import { useMasterAssets } from './api';
import { AssetFormPanel } from './asset-form-panel';
import { AssetMap } from './asset-map';

/** `/asset`: the asset types as cards ('Show Table') or the asset map ('Show Map'). */
export function AssetsPage() {
  const masters = useMasterAssets();
  const [mode, setMode] = useState<'table' | 'map'>('table');
  const [panel, setPanel] = useState<{ assetId: string | null; location?: TAssetLocation } | null>(null);
  const openAsset = useCallback((assetId: string) => setPanel({ assetId }), []);
  const addAt = useCallback((location: TAssetLocation) => setPanel({ assetId: null, location }), []);

  return (
    <>
      <PageHeader
        title="Assets"
        backTo="/"
        actions={
          <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_event, value: 'table' | 'map' | null) => value && setMode(value)} aria-label="Asset view">
            <ToggleButton value="table">Show Table</ToggleButton>
            <ToggleButton value="map">Show Map</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <CardGrid
        label="Asset types"
        query={masters}
        errorText={ASSET_MESSAGES.loadFailed}
        columns="repeat(auto-fill, minmax(240px, 1fr))"
        showCards={mode === 'table'}
        empty={
          <Alert severity="info">
            <Link component={RouterLink} to="/settings/asset">
              {ASSET_MESSAGES.noMasters}
            </Link>
          </Alert>
        }
        toCard={(master) => ({
          key: master._id,
          to: `assetList/${master._id}`,
          title: master.name,
          accentColor: master.color,
          details: <CardDescription description={master.description} summary={`${master.assetCount.toLocaleString()} assets${master.status ? '' : ' · disabled'}`} />,
        })}
      />
      {masters.data && mode === 'map' && <AssetMap masters={masters.data} onOpenAsset={openAsset} onAddAt={addAt} />}
      {panel && masters.data && (
        <AssetFormPanel assetId={panel.assetId} masters={masters.data} initialLocation={panel.location} onClose={() => setPanel(null)} />
      )}
    </>
  );
}
