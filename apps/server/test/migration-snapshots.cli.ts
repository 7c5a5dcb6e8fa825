/**
 * Makes the embedded migration snapshots into the directory given (test/global-setup.ts, on a
 * PostgreSQL run): `node --import tsx test/migration-snapshots.cli.ts <dir>`.
 */
import { keepMigrationSnapshots } from './global-setup';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: migration-snapshots.cli.ts <dir>');
  process.exit(2);
}
await keepMigrationSnapshots(dir);
