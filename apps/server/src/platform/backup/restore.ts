import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../db/client';
import type { BackupConfig } from './backup';
import { BackupError } from './errors';
import { compareInventories, newestShippedMigration, takeInventory, type Inventory, type InventoryDifference } from './inventory';
import { ARCHIVE_ENTRIES, BACKUP_FORMAT_VERSION, ZBackupManifest, type TBackupManifest } from './manifest';
import { assertSeesEveryRow, connect, isDatabaseEmpty, restoreDatabase } from './postgres-tools';
import { extractEntry, listTar, readEntry, type TarEntry } from './tar';

export interface RestoreResult {
  manifest: TBackupManifest;
  /** What the restored database holds, counted after the restore. */
  restored: Inventory;
  /** Files written to `<DATA_DIR>/files`. */
  files: number;
}

async function readManifest(file: string, entries: TarEntry[]): Promise<TBackupManifest> {
  const entry = entries.find((e) => e.name === ARCHIVE_ENTRIES.manifest);
  if (!entry) throw new BackupError(`${file} is not an Apron backup (it has no ${ARCHIVE_ENTRIES.manifest}).`);
  const parsed = ZBackupManifest.safeParse(JSON.parse((await readEntry(file, entry)).toString('utf8')));
  if (!parsed.success) throw new BackupError(`${file} has a manifest this version cannot read: ${parsed.error.issues[0]?.message ?? ''}`);
  if (parsed.data.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${file} is backup format ${parsed.data.formatVersion}; this version reads format ${BACKUP_FORMAT_VERSION}. Restore it with Apron ${parsed.data.appVersion}.`);
  }
  return parsed.data;
}

async function assertCompatible(manifest: TBackupManifest, config: BackupConfig): Promise<void> {
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== target) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
        : 'This backup holds an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to the (empty) directory to restore it into.',
    );
  }
  // An older schema is fine (the server migrates it at start); a newer one this code does not know.
  if (manifest.migrations.newest > (await newestShippedMigration())) {
    throw new BackupError(`This backup was made by a newer Apron (${manifest.appVersion}, migration ${manifest.migrations.newestTag ?? manifest.migrations.newest}): restore it with that version or later.`);
  }
}

function assertEmptyDataDir(dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(`The data directory ${dataDir} is not empty: restore only into an empty one (set DATA_DIR to a new directory, or move this one away).`);
  }
}

async function restorePostgres(databaseUrl: string, archive: string, entries: TarEntry[]): Promise<Inventory> {
  const entry = entries.find((e) => e.name === ARCHIVE_ENTRIES.postgresDump);
  if (!entry) throw new BackupError(`${archive} has no ${ARCHIVE_ENTRIES.postgresDump}.`);
  const client = await connect(databaseUrl);
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'apron-restore-'));
  try {
    await assertSeesEveryRow(client);
    if (!(await isDatabaseEmpty(client))) {
      throw new BackupError(`The database ${client.database ?? ''} is not empty: restore only into a new, empty database (CREATE DATABASE ...).`);
    }
    const dumpFile = path.join(workDir, ARCHIVE_ENTRIES.postgresDump);
    await extractEntry(archive, entry, dumpFile);
    await restoreDatabase(client, databaseUrl, dumpFile, workDir);
    return await takeInventory((text) => client.query(text));
  } finally {
    await client.end();
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

async function restorePglite(dataDir: string, archive: string, entries: TarEntry[]): Promise<Inventory> {
  const entry = entries.find((e) => e.name === ARCHIVE_ENTRIES.pgliteDump);
  if (!entry) throw new BackupError(`${archive} has no ${ARCHIVE_ENTRIES.pgliteDump}.`);
  const dump = await readEntry(archive, entry);
  // PGlite unpacks the dump into its (new) data directory as it opens.
  const database = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
  try {
    return await takeInventory((text) => database.platformQuery(text));
  } finally {
    await database.close();
  }
}

async function restoreUploads(dataDir: string, archive: string, entries: TarEntry[]): Promise<number> {
  const root = path.resolve(dataDir, 'files');
  let count = 0;
  for (const entry of entries) {
    if (!entry.name.startsWith(ARCHIVE_ENTRIES.filesPrefix)) continue;
    const target = path.resolve(root, entry.name.slice(ARCHIVE_ENTRIES.filesPrefix.length));
    // An archive is data from elsewhere: nothing in it may land outside the files directory.
    if (!target.startsWith(root + path.sep)) throw new BackupError(`The archive names a file outside the files directory: ${entry.name}`);
    await extractEntry(archive, entry, target);
    count++;
  }
  return count;
}

/**
 * Restore an archive into an empty database and an empty data directory, then count what was
 * restored. Throws when the target is not empty or the archive does not fit; the counts are
 * compared by the caller (`differences`), which prints them.
 */
export async function restoreBackup(config: BackupConfig, archive: string): Promise<RestoreResult> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  const entries = await listTar(archive);
  const manifest = await readManifest(archive, entries);
  await assertCompatible(manifest, config);
  assertEmptyDataDir(config.dataDir);
  const restored = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, archive, entries)
    : await restorePglite(config.dataDir, archive, entries);
  const files = await restoreUploads(config.dataDir, archive, entries);
  return { manifest, restored, files };
}

export function differences(result: RestoreResult): InventoryDifference[] {
  const found = compareInventories(result.manifest, result.restored);
  if (result.files !== result.manifest.files.count) found.push({ what: 'files', expected: String(result.manifest.files.count), found: String(result.files) });
  return found;
}
