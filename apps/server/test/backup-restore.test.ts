import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import type { Config } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { createFileStorage } from '../src/platform/files/index';
import { FIRST_AIRPORT_ID } from '../src/platform/tenancy/airports.table';
import { createBackup, differences, restoreBackup, type TBackupManifest } from '../src/platform/backup/index';
import { takeInventory, type Inventory } from '../src/platform/backup/inventory';
import { asAdmin, testConfig, type TestApp } from './helpers';

/**
 * Issue 25 §3: back up the demo (its database and its uploads), restore the archive into a new
 * database and a new data directory, start the app on it, and find the same rows, the same money
 * and the same files. Runs on whichever database the suite runs on: the embedded PGlite (its own
 * data-directory dump) or PostgreSQL (pg_dump / pg_restore).
 */
const postgresTemplate = inject('postgresTemplate');
const UNSCOPED = { airportId: FIRST_AIRPORT_ID, system: false };
const silent = pino({ level: 'silent' });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-backup-test-'));
const archive = path.join(work, 'backup.tar');
const suffix = randomBytes(4).toString('hex');
const databases = { source: `apron_bk_src_${suffix}`, target: `apron_bk_dst_${suffix}` };
let admin: pg.Client | null = null;

function urlOf(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The configuration of a deployment whose data directory (and database, on PostgreSQL) is `name`. */
function deployment(name: keyof typeof databases, overrides: Record<string, string> = {}): Config {
  return testConfig({ DATA_DIR: path.join(work, name), ...(postgresTemplate ? { DATABASE_URL: urlOf(databases[name]) } : {}), ...overrides });
}

async function open(config: Config, loadDataDir?: Blob): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, 5, UNSCOPED) : openPglite({ dataDir: config.dataDir, loadDataDir, unscoped: UNSCOPED });
}

const everyRow = (database: Database) => (text: string) => database.platformQuery(text);

const uploaded = { key: 'attachments/backup-test-upload', bytes: Buffer.from('%PDF-1.4 a file written through the storage\n') };
let sourceInventory: Inventory;
let demoDocument: { id: string; bytes: Buffer };
let manifest: TBackupManifest;

beforeAll(async () => {
  const source = deployment('source', { APRON_DEMO: '1' });
  if (postgresTemplate) {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databases.source} TEMPLATE ${postgresTemplate}`);
    await admin.query(`CREATE DATABASE ${databases.target}`);
  }
  const database = await open(source, postgresTemplate ? undefined : new Blob([fs.readFileSync(inject('pgliteTemplate'))]));
  try {
    // The demo as `npm run demo` makes it: accounts, leases, invoices, payments, balances, documents.
    await bootstrap(source, database, silent);
    const storage = createFileStorage(source);
    await storage.put(uploaded.key, uploaded.bytes, 'application/pdf');
    const { rows } = await database.platformQuery('select id, storage_key from attachments order by created_at limit 1');
    const stream = await storage.get(String(rows[0]!.storage_key));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    demoDocument = { id: String(rows[0]!.id), bytes: Buffer.concat(chunks) };
    sourceInventory = await takeInventory(everyRow(database));
  } finally {
    // The embedded database is backed up with its server stopped.
    await database.close();
  }
  manifest = await createBackup(source, archive);
}, 240_000);

afterAll(async () => {
  if (admin) {
    for (const name of Object.values(databases)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('records the demo in the manifest: every table, the money, the files, no secret', async () => {
    expect(manifest.database.kind).toBe(postgresTemplate ? 'postgres' : 'pglite');
    expect({ rowCounts: manifest.rowCounts, moneySums: manifest.moneySums }).toEqual(sourceInventory);
    // The money tables hold money, so their sums prove something.
    for (const column of ['public.invoices.total_cents', 'public.payments.amount_cents', 'public.balance_records.amount_cents']) {
      expect(Object.keys(manifest.moneySums)).toContain(column);
    }
    expect(Number(manifest.moneySums['public.invoices.total_cents'])).toBeGreaterThan(0);
    expect(manifest.rowCounts['public.invoices']).toBeGreaterThan(0);
    expect(manifest.files.count).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(manifest);
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('test-secret');
  });

  it('restores into an empty database and data directory, and the counts match', async () => {
    const result = await restoreBackup(deployment('target'), archive);
    expect(differences(result)).toEqual([]);
    expect(result.files).toBe(manifest.files.count);
  }, 60_000);

  it('refuses a target that is not empty, and the script exits 1 saying so', async () => {
    await expect(restoreBackup(deployment('target'), archive)).rejects.toThrow(/data directory .* is not empty/);
    if (postgresTemplate) {
      // An empty data directory is not enough: the database must be empty too.
      const emptyDir = { ...deployment('target'), dataDir: path.join(work, 'empty') };
      await expect(restoreBackup(emptyDir, archive)).rejects.toThrow(/The database apron_bk_dst_\w+ is not empty/);
    }
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const target = deployment('target');
    const run = spawnSync(tsx, ['src/cli/restore.ts', archive], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is not empty: restore only into an empty one/);
  }, 60_000);

  it('serves the restored deployment: the same rows and money, the uploads download', async () => {
    const config = deployment('target');
    const database = await open(config);
    // Counted before the app starts: its start stores the built-in sign-in provider's keys.
    expect(await takeInventory(everyRow(database))).toEqual(sourceInventory);
    const app = await buildApp({ config, database, logger: false, serveWeb: false });
    const t: TestApp = { app, db: database.db, database, config, plugins: app.plugins, close: async () => {} };
    try {
      await app.ready();
      expect((await takeInventory(everyRow(database))).moneySums).toEqual(sourceInventory.moneySums);
      const staff = await asAdmin(t);
      const res = await staff.request({ method: 'GET', url: `/api/Attachments/${demoDocument.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(demoDocument.bytes)).toBe(true);
      const stored = await createFileStorage(config).get(uploaded.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(uploaded.bytes)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
