import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { bootstrap } from '../src/bootstrap';
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
 * Demo data that several test files start from, seeded once per run (test/global-setup.ts) into a
 * template of its own, which a file clones like the migrated one (test/database.ts), files and all.
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
  seed(database: Database, config: Config): Promise<unknown>;
}

const silent = { info: () => {} };

export const DEMO_TEMPLATES = {
  /** The demo accounts and master data, and the demo properties (with their images). */
  'demo-properties': {
    parent: null,
    seed: async ({ db }, config) => {
      await seedDemo(db, config, silent);
      await seedDemoProperties(db, config);
    },
  },
  /** ... and the demo companies with their agreements. */
  'demo-agreements': { parent: 'demo-properties', seed: ({ db }, config) => seedDemoCompaniesAndAgreements(db, config) },
  /** ... and a year of invoices, payments and balances. */
  'demo-billing': { parent: 'demo-agreements', seed: ({ db }, config) => seedDemoBilling(db, config) },
  /** ... and months of parking requests. */
  'demo-tiedowns': { parent: 'demo-billing', seed: ({ db }, config) => seedDemoTiedowns(db, config) },
  /** Properties and agreements, and the demo assets (at the first airport, as the import tests seeded them). */
  'demo-assets': { parent: 'demo-agreements', seed: ({ db }) => withAirport(FIRST_AIRPORT_ID, () => seedDemoAssets(db)) },
  /** Properties, and the demo wait list. */
  'demo-waitlist': { parent: 'demo-properties', seed: ({ db }, config) => seedDemoWaitlist(db, config) },
  /** The whole demo as a start in demo mode leaves it (bootstrap: both airports, events settled). */
  'demo-started': { parent: null, seed: (database, config) => bootstrap(config, database, pino({ level: 'silent' })) },
} satisfies Record<string, DemoTemplateRecipe>;

export type DemoTemplate = keyof typeof DEMO_TEMPLATES;

/** A built template: its database (a PGlite dump file or a PostgreSQL database name) and its files' DATA_DIR. */
export interface BuiltTemplate {
  database: string;
  dataDir: string;
}

/** How a backend copies a template into a new database, and keeps the result as a template. */
export interface TemplateBackend {
  /** A new database, a copy of `from` (the migrated template or a built one), for template `name`. */
  clone(from: string, name: DemoTemplate): Promise<Database>;
  /** Close `database` and return what later clones start from. */
  keep(database: Database, name: DemoTemplate): Promise<string>;
}

/** Seed every demo template in `dir`, parents first. */
export async function buildDemoTemplates(backend: TemplateBackend, migrated: string, dir: string): Promise<Record<DemoTemplate, BuiltTemplate>> {
  const built: Partial<Record<DemoTemplate, BuiltTemplate>> = {};
  for (const [name, recipe] of Object.entries(DEMO_TEMPLATES) as Array<[DemoTemplate, DemoTemplateRecipe]>) {
    const parent = recipe.parent ? built[recipe.parent as DemoTemplate]! : null;
    const dataDir = path.join(dir, name);
    if (parent) fs.cpSync(parent.dataDir, dataDir, { recursive: true });
    else fs.mkdirSync(dataDir, { recursive: true });
    const database = await backend.clone(parent?.database ?? migrated, name);
    await recipe.seed(database, testConfig({ APRON_DEMO: '1', DATA_DIR: dataDir }));
    built[name] = { database: await backend.keep(database, name), dataDir };
  }
  return built as Record<DemoTemplate, BuiltTemplate>;
}
