import { describeCounts, describeDifferences, describeManifest, differences, restoreBackup } from '../platform/backup/index';
import { runCli } from './run-cli';

const USAGE = `Usage: npm run restore -- <file>

Restores an archive made by \`npm run backup\` into an EMPTY database and an EMPTY data directory,
then counts every table's rows and sums every money column and compares them with the archive's
manifest (exit 1 on any difference). It reads the server's configuration:

  DATABASE_URL  The new, empty PostgreSQL database (restored with pg_restore in one transaction;
                a superuser or a role with BYPASSRLS; it becomes the tables' owner).
  DATA_DIR      The new, empty directory: the uploads go to DATA_DIR/files, and the embedded
                database to DATA_DIR/pglite when DATABASE_URL is unset.

Start the server on the restored database afterwards: it applies any newer migrations.
See docs/operations.md, "Restore drill".`;

await runCli(USAGE, async (config, file) => {
  const result = await restoreBackup(config, file);
  const found = differences(result);
  const lines = [...describeManifest(result.manifest), ...describeCounts(result.manifest, result.restored), `Files restored: ${result.files}`, ...describeDifferences(found)];
  for (const line of lines) console.log(line);
  if (found.length > 0) {
    console.error(`Restored, but ${found.length} figure(s) differ from the backup (above).`);
    return false;
  }
  console.log(`Restored ${file}: every table's rows and every money sum match the backup.`);
  return true;
});
