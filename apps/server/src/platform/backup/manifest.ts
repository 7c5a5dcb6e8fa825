import fs from 'node:fs';
import { z } from 'zod';

/**
 * `manifest.json`, the first entry of a backup archive: what made it and what it holds. It names
 * no host, user, password, bucket or key: an archive may travel where the secrets must not.
 */
export const BACKUP_FORMAT_VERSION = 1;

/** The archive's entries besides the uploads (`files/<storage key>`). */
export const ARCHIVE_ENTRIES = {
  manifest: 'manifest.json',
  postgresDump: 'database.dump',
  pgliteDump: 'pglite-datadir.tar.gz',
  filesPrefix: 'files/',
} as const;

export const ZBackupManifest = z.object({
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `select version()` of the database that was backed up. */
    serverVersion: z.string(),
  }),
  migrations: z.object({ applied: z.number().int(), newest: z.number(), newestTag: z.string().nullable() }),
  /** Uploads in the archive (the data directory's `files/`); S3 objects are not (docs/operations.md). */
  files: z.object({ count: z.number().int(), bytes: z.number().int(), s3ObjectsIncluded: z.literal(false), storage: z.enum(['disk', 's3']) }),
  rowCounts: z.record(z.string(), z.number().int()),
  moneySums: z.record(z.string(), z.string()),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;

/** The server's version (apps/server/package.json), recorded so an operator knows what to restore with. */
export function appVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
