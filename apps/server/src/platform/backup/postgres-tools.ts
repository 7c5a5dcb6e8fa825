import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import pg from 'pg';
import { BackupError } from './errors';

/**
 * pg_dump and pg_restore (Debian's `postgresql-client`), given the server's DATABASE_URL. The
 * password goes through the environment (PGPASSWORD), never the command line, where every user of
 * the machine could read it in the process list.
 */
function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(`${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) of the server's major version or newer.`) : error),
    );
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

export async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * The tables force row-level security (docs/airports.md), even on their owner: only a superuser or
 * a role with BYPASSRLS sees every airport's rows. pg_dump would stop at the first such table, and
 * a restore could not load them: say so first, with what to do.
 */
export async function assertSeesEveryRow(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ ok: boolean; name: string }>('select rolsuper or rolbypassrls as ok, rolname as name from pg_roles where rolname = current_user');
  if (!rows[0]?.ok) {
    throw new BackupError(
      `The role ${rows[0]?.name ?? '(unknown)'} cannot see every airport's rows. Run backup and restore as a superuser or a role with BYPASSRLS ` +
        '(ALTER ROLE <role> BYPASSRLS; see docs/operations.md, Backups).',
    );
  }
}

/** pg_dump's custom format, of the snapshot an open transaction exported (counted in the same snapshot). */
export async function dumpDatabase(databaseUrl: string, snapshot: string, file: string): Promise<void> {
  const { dbname, env } = libpqConnection(databaseUrl);
  await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * A database with no table, view or sequence of its own (extensions' functions may be there: a
 * provider may pre-install them).
 */
export async function isDatabaseEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return rows[0]!.n === 0;
}

/**
 * The role the server switches to (migration 0034): roles belong to the cluster, not to the dump, so
 * a new cluster needs it before the dump's grants to it are restored.
 */
const APP_ROLE_SETUP = [
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'apron_app') THEN
       CREATE ROLE apron_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
     END IF;
   END $$`,
  `DO $$ BEGIN
     EXECUTE format('GRANT apron_app TO %I', current_user);
   EXCEPTION WHEN others THEN NULL;
   END $$`,
];

/**
 * The default privileges of migration 0034, for the role that restored (and now owns) the tables.
 * The dump's own name the role that made it (`FOR ROLE <old owner>`), which may not exist here.
 */
const DEFAULT_PRIVILEGES = [
  'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO apron_app',
  'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO apron_app',
];

/**
 * The dump's entries a restore into another cluster skips: the default privileges of the role
 * that made it (made again above for the restoring role) and comments on extensions (only an
 * extension's owner may set them; managed services refuse them).
 */
function isSkippedOnRestore(tocLine: string): boolean {
  return / DEFAULT ACL /.test(tocLine) || / COMMENT - EXTENSION /.test(tocLine);
}

/** Restore the dump into the (empty) database in one transaction: all of it or nothing. */
export async function restoreDatabase(client: pg.Client, databaseUrl: string, dumpFile: string, workDir: string): Promise<void> {
  for (const statement of APP_ROLE_SETUP) await client.query(statement);
  const { dbname, env } = libpqConnection(databaseUrl);
  const toc = await run('pg_restore', ['--list', dumpFile], env);
  const listFile = `${workDir}/restore.list`;
  await fs.writeFile(listFile, toc.split('\n').map((line) => (isSkippedOnRestore(line) ? `;${line}` : line)).join('\n'));
  await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', `--use-list=${listFile}`, `--dbname=${dbname}`, dumpFile], env);
  for (const statement of DEFAULT_PRIVILEGES) await client.query(statement);
}
