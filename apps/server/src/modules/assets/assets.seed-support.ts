/**
 * The assets module's seeders (the demo's assets; the bench's masters and spread assets): for the
 * demo, bench/ and tests only, never for production code (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedDemoAssets } from './demo-assets';
export { insertSpreadAssets, rebuildFieldRows } from './asset-seed';
export { insertMaster as insertAssetMaster } from './asset-masters.repo';
