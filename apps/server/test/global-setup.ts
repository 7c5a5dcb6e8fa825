import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrate one template database for the whole run; each test file then clones it (a PGlite
 * data-dir dump, or CREATE DATABASE ... TEMPLATE on PostgreSQL), which is far faster than
 * migrating per file and keeps files isolated.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `apron_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    // Thrown away after the run: its migrations need not wait for the disk (test/database.ts).
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const database = await openPostgres(templateUrl.toString(), 2);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite({});
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const file = path.join(os.tmpdir(), `apron-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => fs.rmSync(file, { force: true });
}
