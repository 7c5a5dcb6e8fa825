import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, PGLITE_EXTENSIONS } from '../src/db/client';
import { startDemoTemplates, UNSCOPED, type BuiltTemplate, type DemoTemplate, type TemplateBackend } from './demo-templates';
import { MIGRATION_SNAPSHOTS, migrateThroughSnapshots, type MigrationSnapshot } from './migrations';
import { waitUntilIdle } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** Each demo template (test/demo-templates.ts), of the run's database kind. */
    demoTemplates: Record<DemoTemplate, BuiltTemplate>;
    /** Embedded dumps migrated up to just before each migration a backfill test checks (test/migrations.ts). */
    migrationSnapshots: Record<MigrationSnapshot, string>;
  }
}

/**
 * Migrate one template database for the whole run; each test file then clones it (a PGlite
 * data-dir dump, or CREATE DATABASE ... TEMPLATE on PostgreSQL), which is far faster than
 * migrating per file and keeps files isolated. The embedded migration snapshots are kept on the
 * way; the demo templates (test/demo-templates.ts) are seeded from it while the files run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-templates-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    // The embedded snapshots are made while the files run (only the four migration tests read
    // them, and each waits for its own): PostgreSQL's template is the critical path, and PGlite
    // migrating step by step would add about a minute before it. In a process of their own:
    // PGlite runs each statement synchronously, and in this process it held the event loop past
    // the PostgreSQL pools' 5-s connect timeout (CI, under typecheck and lint: "Connection
    // terminated due to connection timeout" while migrating the template, and no file ran).
    const snapshotFiles = Object.fromEntries(MIGRATION_SNAPSHOTS.map((tag) => [tag, snapshotFile(dir, tag)])) as Record<MigrationSnapshot, string>;
    const snapshotsKept = keepMigrationSnapshotsApart(dir).catch((error: unknown) => {
      for (const file of Object.values(snapshotFiles)) fs.writeFileSync(`${file}.failed`, String(error));
    });
    const postgres = await setUpPostgres(url);
    project.provide('migrationSnapshots', snapshotFiles);
    project.provide('postgresTemplate', postgres.template);
    project.provide('pgliteTemplate', '');
    const demo = startDemoTemplates(postgres.backend, postgres.template, dir);
    project.provide('demoTemplates', demo.templates);
    return async () => {
      await Promise.all([demo.done, snapshotsKept]);
      await postgres.drop();
      removeDir();
    };
  }
  const { snapshots, template } = await keepMigrationSnapshots(dir);
  const demo = startDemoTemplates(pgliteTemplates(dir), template, dir);
  project.provide('migrationSnapshots', snapshots);
  project.provide('pgliteTemplate', template);
  project.provide('postgresTemplate', '');
  project.provide('demoTemplates', demo.templates);
  return async () => {
    await demo.done;
    removeDir();
  };
}

/** `keepMigrationSnapshots` in a child process (test/migration-snapshots.cli.ts); rejects with its output when it fails. */
function keepMigrationSnapshotsApart(dir: string): Promise<void> {
  const script = fileURLToPath(new URL('./migration-snapshots.cli.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const read = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migration snapshots exited ${code}:\n${output.slice(-3000)}`))));
  });
}

/** One embedded database migrated step by step: a dump at each snapshot, and the migrated template. */
export async function keepMigrationSnapshots(dir: string): Promise<{ snapshots: Record<MigrationSnapshot, string>; template: string }> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const snapshots: Partial<Record<MigrationSnapshot, string>> = {};
  try {
    await migrateThroughSnapshots(client, async (tag, dump) => {
      snapshots[tag] = await writeDump(snapshotFile(dir, tag), dump);
    });
    const template = await writeDump(path.join(dir, 'migrated.tar'), await client.dumpDataDir('none'));
    return { snapshots: snapshots as Record<MigrationSnapshot, string>, template };
  } finally {
    await client.close();
  }
}

function snapshotFile(dir: string, tag: MigrationSnapshot): string {
  return path.join(dir, `before-${tag}.tar`);
}

/** Written whole under a temporary name, then renamed: a file waiting for it never reads half. */
async function writeDump(file: string, dump: Blob): Promise<string> {
  fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.partial`, file);
  return file;
}

function pgliteTemplates(dir: string): TemplateBackend {
  const locate = (name: DemoTemplate) => path.join(dir, `${name}.tar`);
  return {
    locate,
    clone: (from) => openPglite({ loadDataDir: new Blob([fs.readFileSync(from)]), unscoped: UNSCOPED }),
    keep: async (database, name) => {
      await writeDump(locate(name), await database.dump!());
      await database.close();
    },
  };
}

/** The migrated template on PostgreSQL, and how the demo templates are made from it. */
async function setUpPostgres(url: string): Promise<{ template: string; backend: TemplateBackend; drop(): Promise<void> }> {
  const prefix = `apron_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const made: string[] = [];
  const urlOf = (name: string) => {
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    return databaseUrl.toString();
  };
  const create = async (name: string, template?: string) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    made.push(name);
    // Thrown away after the run: its writes need not wait for the disk (test/database.ts).
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  };
  await create(prefix);
  const database = await openPostgres(urlOf(prefix), 2);
  await database.migrate();
  await database.close();
  const locate = (name: DemoTemplate) => `${prefix}_${name.replace(/-/g, '_')}`;
  const backend: TemplateBackend = {
    locate,
    clone: async (from, name) => {
      await create(locate(name), from);
      return openPostgres(urlOf(locate(name)), 2, UNSCOPED);
    },
    keep: async (seeded, name) => {
      await seeded.close();
      // A template must have no session left when the test files copy it.
      await waitUntilIdle(admin, locate(name));
    },
  };
  return {
    template: prefix,
    backend,
    drop: async () => {
      for (const name of made.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
