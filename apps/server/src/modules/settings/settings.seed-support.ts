/**
 * What the demo seed writes master data and settings with (apps/server/src/demo, modules'
 * demo-*.ts): for the demo, bench/ and tests only, never for production code (lint:
 * apron/boundaries; docs/adr/0004, "Doors").
 */
export { MASTER_DEFINITIONS } from './master-data.registry';
export { listAllMasterRows } from './settings.repo';
export { invoiceCycleDueDays } from './master-names';
export { createMasterRow, setSystemSetting } from './settings.service';
