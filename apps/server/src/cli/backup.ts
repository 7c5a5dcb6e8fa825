import { createBackup, describeCounts, describeManifest } from '../platform/backup/index';
import { runCli } from './run-cli';

const USAGE = `Usage: npm run backup -- <file>

Writes one archive (a tar file) of the database and the uploaded files to <file>, which must not
exist yet. It reads the server's configuration:

  DATABASE_URL  PostgreSQL: dumped with pg_dump (custom format) while the servers keep serving.
                The role must be a superuser or have BYPASSRLS. Needs pg_dump of the server's
                major version or newer.
  DATA_DIR      The embedded database (when DATABASE_URL is unset; stop the server first) and
                the uploads under DATA_DIR/files. Objects in an S3 bucket are not archived.

The archive's manifest.json records the row count of every table and the sum of every money
column; restore checks them. See docs/operations.md, "Backups".`;

await runCli(USAGE, async (config, file) => {
  const manifest = await createBackup(config, file);
  for (const line of [...describeManifest(manifest), ...describeCounts(manifest)]) console.log(line);
  console.log(`Backup written to ${file}`);
  return true;
});
