/**
 * The asset list and map internals the bench times directly (bench/src/scenarios/assets.ts): for
 * bench/ only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { assetMap, planAssetList } from './assets.service';
export { listAssets, matchingAssets } from './assets.repo';
export { findMaster } from './asset-masters.repo';
