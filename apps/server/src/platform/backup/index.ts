/** Backup and restore of a deployment: one archive of the database and the uploads (docs/operations.md). */
export { createBackup, type BackupConfig } from './backup';
export { restoreBackup, differences, type RestoreResult } from './restore';
export { BackupError } from './errors';
export { describeCounts, describeDifferences, describeManifest } from './report';
export type { TBackupManifest } from './manifest';
