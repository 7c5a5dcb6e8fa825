import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../src/db/client';
import { UNSCOPED, waitForTemplate, type DemoTemplate } from './demo-templates';
import type { MigrationSnapshot } from './migrations';
import { waitUntilIdle } from './postgres-admin';

/**
 * A fresh database for one test file: a clone of the run's migrated template, or of one of its
 * demo templates once the run has seeded it (test/demo-templates.ts; its files are the caller's
 * to copy, see createTestApp).
 */
export async function createTestDatabase(template?: DemoTemplate): Promise<Database> {
  const built = template ? inject('demoTemplates')[template] : undefined;
  if (built) await waitForTemplate(built);
  const demo = built?.database;
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const url = process.env.DATABASE_URL!;
    const name = `apron_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${demo ?? postgresTemplate}`);
    // A test database is thrown away at the end of its file: a commit need not wait for its WAL to
    // reach the disk (crash safety is PostgreSQL's, not what these tests check). Locks, isolation
    // and visibility are unchanged, so the race tests prove the same.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    const fileUrl = new URL(url);
    fileUrl.pathname = `/${name}`;
    const database = await openPostgres(fileUrl.toString(), 5, UNSCOPED);
    return {
      ...database,
      close: async () => {
        await database.close();
        await waitUntilIdle(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  return openPglite({ loadDataDir: templateDump(demo ?? inject('pgliteTemplate')), unscoped: UNSCOPED });
}

/**
 * A template's dump, read once per worker: a worker runs many files (`isolate: false`), and each
 * file's clone spent ~0.45 s of its ~2 s reading the ~36 MB file, copying it into a Blob and
 * reading the Blob back (Node 20 reads a Blob in small chunks and joins them). PGlite reads a
 * dump with `arrayBuffer()` and copies each file out of it, so the bytes read once serve them all.
 */
const templateDumps = new Map<string, Blob>();
function templateDump(file: string): Blob {
  let dump = templateDumps.get(file);
  if (!dump) {
    dump = new ReadOnceDump(fs.readFileSync(file));
    templateDumps.set(file, dump);
  }
  return dump;
}

class ReadOnceDump extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Buffer) {
    super([bytes]);
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/**
 * An embedded database (the bare client, outside the app's scoping) migrated up to just before
 * migration `tag`: a copy of the run's snapshot (test/migrations.ts). The caller closes it.
 */
export async function pgliteMigratedBefore(tag: MigrationSnapshot): Promise<PGlite> {
  const file = inject('migrationSnapshots')[tag];
  // On a PostgreSQL run the snapshots are made while the files run (test/global-setup.ts).
  for (let waited = 0; !fs.existsSync(file); waited += 100) {
    if (fs.existsSync(`${file}.failed`)) throw new Error(`The migration snapshot before ${tag} could not be made: ${fs.readFileSync(`${file}.failed`, 'utf8')}`);
    if (waited > 200_000) throw new Error(`The migration snapshot before ${tag} was not made within 200 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const dump = fs.readFileSync(file);
  return PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
}
