import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';
import type { Database, Db } from '../src/db/client';
import { seedDemo } from '../src/demo/seed';
import { seedDemoCompaniesAndAgreements } from '../src/modules/agreements/agreements.seed-support';
import { seedDemoAssets } from '../src/modules/assets/assets.seed-support';
import { seedDemoBilling } from '../src/modules/balances/balances.seed-support';
import { seedDemoProperties } from '../src/modules/properties/properties.seed-support';
import { seedDemoTiedowns } from '../src/modules/tiedowns/tiedowns.seed-support';
import { seedDemoWaitlist } from '../src/modules/waitlist/waitlist.seed-support';
import { FIRST_AIRPORT_ID } from '../src/platform/tenancy/airports.table';
import { withAirport } from '../src/platform/tenancy/airport-context';

/** Test code outside a request or job works at the first airport (db/airport-scoped-clients.ts). */
export const UNSCOPED = { airportId: FIRST_AIRPORT_ID, system: false };

/** The configuration of the app under test; `overrides` as environment variables. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!', LOG_LEVEL: 'silent', ...overrides });
}

/**
 * Demo data that several test files start from, seeded once per run (test/global-setup.ts, in the
 * background: startDemoTemplates) into a template of its own, which a file clones like the
 * migrated one (test/database.ts), files and all.
 * Each template is its parent plus the seeders named here, run as the files ran them before: on a
 * clone of the migrated database, in the test database's default scope (the first airport), in
 * demo mode. A file that tests a seeder starts from the template before it, and still runs it.
 *
 * The seeders date their rows from the airport's today, as they did in the files: a run that
 * crosses the airport's midnight gets rows dated the day before, like a file that seeded just
 * before midnight.
 */
interface DemoTemplateRecipe {
  /** The template this one adds to (declared before it); null: the migrated database. */
  parent: string | null;
  seed(db: Db, config: Config): Promise<unknown>;
}

const silent = { info: () => {} };

export const DEMO_TEMPLATES = {
  /** The demo accounts and master data, and the demo properties (with their images). */
  'demo-properties': {
    parent: null,
    seed: async (db, config) => {
      await seedDemo(db, config, silent);
      await seedDemoProperties(db, config);
    },
  },
  /** ... and the demo companies with their agreements. */
  'demo-agreements': { parent: 'demo-properties', seed: (db, config) => seedDemoCompaniesAndAgreements(db, config) },
  /** ... and a year of invoices, payments and balances. */
  'demo-billing': { parent: 'demo-agreements', seed: (db, config) => seedDemoBilling(db, config) },
  /** ... and months of parking requests. */
  'demo-tiedowns': { parent: 'demo-billing', seed: (db, config) => seedDemoTiedowns(db, config) },
  /** Properties and agreements, and the demo assets (at the first airport, as the import tests seeded them). */
  'demo-assets': { parent: 'demo-agreements', seed: (db) => withAirport(FIRST_AIRPORT_ID, () => seedDemoAssets(db)) },
  /** Properties, and the demo wait list. */
  'demo-waitlist': { parent: 'demo-properties', seed: (db, config) => seedDemoWaitlist(db, config) },
} satisfies Record<string, DemoTemplateRecipe>;

export type DemoTemplate = keyof typeof DEMO_TEMPLATES;

/**
 * A demo template of the run: where its database is (a PGlite dump file or a PostgreSQL database
 * name) and its files' DATA_DIR, both named before it is built, and `marker`, the file that says
 * it is built ("ready") or could not be ("failed: <why>").
 */
export interface BuiltTemplate {
  database: string;
  dataDir: string;
  marker: string;
}

/** How a backend copies a template into a new database, and keeps the result as a template. */
export interface TemplateBackend {
  /** Where template `name` is kept: a dump file or a database name. */
  locate(name: DemoTemplate): string;
  /** A new database at `locate(name)`'s, a copy of `from` (the migrated template or a built one). */
  clone(from: string, name: DemoTemplate): Promise<Database>;
  /** Close `database`, kept as template `name`. */
  keep(database: Database, name: DemoTemplate): Promise<void>;
}

/**
 * Seed every demo template in `dir`, parents first, in the background: the test files start at
 * once, and one that needs a template waits for it (`waitForTemplate`). The seeding then runs on
 * whatever core the files leave idle, instead of before any file starts. `done` settles when all
 * are built (or one failed: it and the rest say so in their markers).
 */
export function startDemoTemplates(backend: TemplateBackend, migrated: string, dir: string): { templates: Record<DemoTemplate, BuiltTemplate>; done: Promise<void> } {
  const names = Object.keys(DEMO_TEMPLATES) as DemoTemplate[];
  const templates = Object.fromEntries(
    names.map((name) => [name, { database: backend.locate(name), dataDir: path.join(dir, name), marker: path.join(dir, `${name}.state`) }]),
  ) as Record<DemoTemplate, BuiltTemplate>;
  const build = async () => {
    for (const name of names) {
      const recipe: DemoTemplateRecipe = DEMO_TEMPLATES[name];
      const parent = recipe.parent ? templates[recipe.parent as DemoTemplate] : null;
      const { dataDir } = templates[name];
      if (parent) fs.cpSync(parent.dataDir, dataDir, { recursive: true });
      else fs.mkdirSync(dataDir, { recursive: true });
      const database = await backend.clone(parent?.database ?? migrated, name);
      try {
        await recipe.seed(database.db, testConfig({ APRON_DEMO: '1', DATA_DIR: dataDir }));
      } finally {
        await backend.keep(database, name);
      }
      writeMarker(templates[name].marker, 'ready');
    }
  };
  const done = build().catch((error: unknown) => {
    const reason = `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    for (const name of names) if (!fs.existsSync(templates[name].marker)) writeMarker(templates[name].marker, reason);
  });
  return { templates, done };
}

/** Written whole under a temporary name, then renamed: a waiting file never reads half of it. */
function writeMarker(file: string, state: string): void {
  fs.writeFileSync(`${file}.tmp`, state);
  fs.renameSync(`${file}.tmp`, file);
}

/** Wait until the run has built `template` (startDemoTemplates); throws the reason when it could not. */
export async function waitForTemplate(template: BuiltTemplate): Promise<void> {
  for (;;) {
    const state = fs.existsSync(template.marker) ? fs.readFileSync(template.marker, 'utf8') : '';
    if (state === 'ready') return;
    if (state) throw new Error(`The demo template was not built: ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
