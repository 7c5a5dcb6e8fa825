import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../config';
import { openPglite } from '../../db/client';
import { BackupError } from './errors';
import { migrationLevel, takeInventory, type Inventory, type MigrationLevel, type RawQuery } from './inventory';
import { ARCHIVE_ENTRIES, BACKUP_FORMAT_VERSION, appVersion, type TBackupManifest } from './manifest';
import { assertSeesEveryRow, connect, dumpDatabase } from './postgres-tools';
import { writeTar, type TarSource } from './tar';

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

interface DatabasePart {
  kind: TBackupManifest['database']['kind'];
  serverVersion: string;
  migrations: MigrationLevel;
  inventory: Inventory;
  entry: TarSource;
}

async function describe(query: RawQuery): Promise<{ serverVersion: string; migrations: MigrationLevel; inventory: Inventory }> {
  const serverVersion = String((await query('select version() as v')).rows[0]!.v);
  return { serverVersion, migrations: await migrationLevel(query), inventory: await takeInventory(query) };
}

function fileSource(name: string, file: string): TarSource {
  return { name, size: fs.statSync(file).size, open: () => fs.createReadStream(file) };
}

/**
 * PostgreSQL, while the servers keep serving: one repeatable-read transaction counts the rows and
 * exports its snapshot, and pg_dump dumps that same snapshot, so the counts are the dump's exactly.
 */
async function backUpPostgres(databaseUrl: string, workDir: string): Promise<DatabasePart> {
  const client = await connect(databaseUrl);
  try {
    await assertSeesEveryRow(client);
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
    const described = await describe((text) => client.query(text));
    const dumpFile = path.join(workDir, ARCHIVE_ENTRIES.postgresDump);
    await dumpDatabase(databaseUrl, snapshot, dumpFile);
    await client.query('commit');
    return { kind: 'postgres', ...described, entry: fileSource(ARCHIVE_ENTRIES.postgresDump, dumpFile) };
  } finally {
    await client.end();
  }
}

/**
 * The embedded database belongs to one process: the server must be stopped (its lock on the data
 * directory says so if it is not). Its own dump is a tarball of its data directory.
 */
async function backUpPglite(dataDir: string): Promise<DatabasePart> {
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) throw new BackupError(`There is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  const database = await openPglite({ dataDir });
  try {
    const described = await describe((text) => database.platformQuery(text));
    const dump = Buffer.from(await (await database.dump!('gzip')).arrayBuffer());
    return { kind: 'pglite', ...described, entry: { name: ARCHIVE_ENTRIES.pgliteDump, size: dump.length, open: () => Readable.from([dump]) } };
  } finally {
    await database.close();
  }
}

/** The uploads under `<DATA_DIR>/files` (disk storage; with S3 the bucket keeps them, docs/operations.md). */
function listUploads(dataDir: string): TarSource[] {
  const root = path.join(dataDir, 'files');
  const sources: TarSource[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // A `.partial` file is an upload still arriving (or abandoned): not a stored file.
      else if (entry.isFile() && !entry.name.endsWith('.partial')) {
        sources.push(fileSource(ARCHIVE_ENTRIES.filesPrefix + path.relative(root, full).split(path.sep).join('/'), full));
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
  return sources;
}

/** Write one archive of the database and the uploads to `file` (which must not exist yet). */
export async function createBackup(config: BackupConfig, file: string): Promise<TBackupManifest> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: name a new file (a backup never overwrites one).`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`The directory ${path.dirname(file)} does not exist.`);
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'apron-backup-'));
  const partial = `${file}.partial`;
  try {
    const database = config.databaseUrl ? await backUpPostgres(config.databaseUrl, workDir) : await backUpPglite(config.dataDir);
    const uploads = listUploads(config.dataDir);
    const manifest: TBackupManifest = {
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      database: { kind: database.kind, serverVersion: database.serverVersion },
      migrations: database.migrations,
      files: { count: uploads.length, bytes: uploads.reduce((sum, u) => sum + u.size, 0), s3ObjectsIncluded: false, storage: config.s3 ? 's3' : 'disk' },
      ...database.inventory,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const manifestEntry: TarSource = { name: ARCHIVE_ENTRIES.manifest, size: manifestBytes.length, open: () => Readable.from([manifestBytes]) };
    await writeTar(partial, [manifestEntry, database.entry, ...uploads]);
    // Complete, then named: a backup that failed half-way never looks like a backup.
    await fs.promises.rename(partial, file);
    return manifest;
  } finally {
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
