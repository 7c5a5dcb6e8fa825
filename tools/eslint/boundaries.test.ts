import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The boundary rules through the project's real ESLint config (eslint.config.js): each
// deliberate crossing below fails lint with the rule's message, and the allowed shapes pass.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('apron/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries (docs/adr/0004)', () => {
  it("refuses another module's table outside a *.table.ts", async () => {
    const messages = await lint('apps/server/src/modules/invoices/lint-probe.ts', "import { companies } from '../companies/companies.table';\nexport const probe = companies;\n");
    console.log(messages.join('\n'));
    expect(messages).toEqual([
      "apron/boundaries: 'modules/companies' owns ../companies/companies.table: call its functions; only a *.table.ts may import another owner's table (for a foreign key).",
    ]);
  });

  it("allows it in a *.table.ts (a foreign key), and a module's functions through its door", async () => {
    expect(await lint('apps/server/src/modules/invoices/probe.table.ts', "import { companies } from '../companies/companies.table';\nexport const probe = companies;\n")).toEqual([]);
    expect(await lint('apps/server/src/modules/invoices/lint-probe.ts', "import { findCompany } from '../companies/index';\nexport const probe = findCompany;\n")).toEqual([]);
  });

  it("refuses a module's internals and a door that exports a table", async () => {
    expect(await lint('apps/server/src/modules/invoices/lint-probe.ts', "import { findCompany } from '../companies/companies.repo';\nexport const probe = findCompany;\n")).toEqual([
      "apron/boundaries: Module 'invoices' may import module 'companies' only through its index.ts (../companies/companies.repo).",
    ]);
    expect(await lint('apps/server/src/modules/companies/index.ts', "export { companies } from './companies.table';\n")).toEqual([
      "apron/boundaries: A module's index.ts exports functions and types, never its tables (./companies.table).",
    ]);
    expect(await lint('apps/server/src/modules/companies/index.ts', "export type { CompanyRow } from './companies.table';\n")).toEqual([]);
  });

  it('refuses platform -> modules', async () => {
    const messages = await lint('apps/server/src/platform/auth/lint-probe.ts', "import { findCompany } from '../../modules/companies/index';\nexport const probe = findCompany;\n");
    console.log(messages.join('\n'));
    expect(messages).toEqual([
      "apron/boundaries: platform/* must not import modules/* (../../modules/companies/index): let the module register what platform needs (docs/adr/0004).",
    ]);
  });

  it('refuses web feature -> app and feature -> feature', async () => {
    const messages = await lint(
      'apps/web/src/features/companies/lint-probe.ts',
      "import { routes } from '../../app/routes';\nimport { InvoicesPage } from '../invoices/invoices-page';\nexport const probe = [routes, InvoicesPage];\n",
    );
    console.log(messages.join('\n'));
    expect(messages).toEqual([
      "apron/boundaries: Web feature 'companies' must not import app/ (../../app/routes): app/ composes features, not the other way round.",
      "apron/boundaries: Web feature 'companies' must not import feature 'invoices'; compose features in app/ (../invoices/invoices-page).",
    ]);
  });
});

describe('narrow doors: support files for their audience only (docs/adr/0004, "Doors")', () => {
  const probe = "export const probe = seed;\n";
  it('refuses test support outside tests, and allows it in a test', async () => {
    expect(await lint('apps/server/src/modules/invoices/lint-probe.ts', "import { seed } from '../agreements/agreements.test-support';\n" + probe)).toEqual([
      'apron/boundaries: ../agreements/agreements.test-support is test support: only tests (*.test.ts(x), apps/server/test/) and other test support may import it.',
    ]);
    expect(await lint('bench/src/lint-probe.ts', "import { seed } from '../../apps/server/src/modules/agreements/agreements.test-support';\n" + probe)).toEqual([
      'apron/boundaries: ../../apps/server/src/modules/agreements/agreements.test-support is test support: only tests (*.test.ts(x), apps/server/test/) and other test support may import it.',
      'apron/boundaries: bench/ reaches the server only through a door (modules/<m>/index.ts, platform/<p>/index.ts) or a *.seed-support.ts or *.bench-support.ts (../../apps/server/src/modules/agreements/agreements.test-support).',
    ]);
    expect(await lint('apps/server/src/modules/invoices/lint-probe.test.ts', "import { seed } from '../agreements/agreements.test-support';\n" + probe)).toEqual([]);
  });

  it('refuses seed support in production code, and allows it to the demo, bench, e2e and tests', async () => {
    const seedSupport = "import { seed } from '../agreements/agreements.seed-support';\n" + probe;
    expect(await lint('apps/server/src/modules/invoices/lint-probe.ts', seedSupport)).toEqual([
      "apron/boundaries: ../agreements/agreements.seed-support is seed support: only the demo (apps/server/src/demo/, modules' demo-*.ts, *.seed-support.ts), bench/, e2e/ and tests may import it.",
    ]);
    expect(await lint('apps/server/src/bootstrap-probe.ts', "import { seed } from './modules/agreements/agreements.seed-support';\n" + probe)).toEqual([
      "apron/boundaries: ./modules/agreements/agreements.seed-support is seed support: only the demo (apps/server/src/demo/, modules' demo-*.ts, *.seed-support.ts), bench/, e2e/ and tests may import it.",
    ]);
    expect(await lint('apps/server/src/modules/invoices/demo-probe.ts', seedSupport)).toEqual([]);
    expect(await lint('apps/server/src/modules/invoices/invoices.seed-support.ts', seedSupport)).toEqual([]);
    expect(await lint('apps/server/src/modules/invoices/lint-probe.test.ts', seedSupport)).toEqual([]);
    expect(await lint('apps/server/src/demo/lint-probe.ts', "import { seed } from '../modules/agreements/agreements.seed-support';\n" + probe)).toEqual([]);
    expect(await lint('bench/src/lint-probe.ts', "import { seed } from '../../apps/server/src/modules/agreements/agreements.seed-support';\n" + probe)).toEqual([]);
    expect(await lint('e2e/support/lint-probe.ts', "import { seed } from '../../apps/server/src/demo/demo.seed-support';\n" + probe)).toEqual([]);
  });

  it('refuses bench support outside bench/, tests included', async () => {
    expect(await lint('apps/server/src/modules/invoices/lint-probe.test.ts', "import { seed } from './invoices.bench-support';\n" + probe)).toEqual([
      'apron/boundaries: ./invoices.bench-support is bench support: only bench/ (and other *.bench-support.ts) may import it.',
    ]);
    expect(await lint('e2e/support/lint-probe.ts', "import { seed } from '../../apps/server/src/modules/invoices/invoices.bench-support';\n" + probe)).toEqual([
      'apron/boundaries: ../../apps/server/src/modules/invoices/invoices.bench-support is bench support: only bench/ (and other *.bench-support.ts) may import it.',
      'apron/boundaries: e2e/ reaches the server only through a door (modules/<m>/index.ts, platform/<p>/index.ts) or a *.seed-support.ts (../../apps/server/src/modules/invoices/invoices.bench-support).',
    ]);
    expect(await lint('bench/src/scenarios/lint-probe.ts', "import { seed } from '../../../apps/server/src/modules/invoices/invoices.bench-support';\n" + probe)).toEqual([]);
  });

  it("refuses bench/ and e2e/ reaching the server's deep files, type-only imports included", async () => {
    expect(await lint('bench/src/scenarios/lint-probe.ts', "import { listInvoices } from '../../../apps/server/src/modules/invoices/invoices.repo';\nexport const probe = listInvoices;\n")).toEqual([
      'apron/boundaries: bench/ reaches the server only through a door (modules/<m>/index.ts, platform/<p>/index.ts) or a *.seed-support.ts or *.bench-support.ts (../../../apps/server/src/modules/invoices/invoices.repo).',
    ]);
    expect(await lint('e2e/tests/lint-probe.ts', "import type { Database } from '../../apps/server/src/db/client';\nexport type Probe = Database;\n")).toEqual([
      'apron/boundaries: e2e/ reaches the server only through a door (modules/<m>/index.ts, platform/<p>/index.ts) or a *.seed-support.ts (../../apps/server/src/db/client).',
    ]);
    expect(await lint('bench/src/lint-probe.ts', "import { airportToday } from '../../apps/server/src/modules/invoices/index';\nimport { publishEvent } from '../../apps/server/src/platform/events/index';\nexport const probe = [airportToday, publishEvent];\n")).toEqual([]);
  });
});

describe('import cycles', () => {
  const dir = path.join(ROOT, 'apps/server/src/modules/lint-cycle-probe');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fails on a cycle through our own files, not on a type-only import', async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c';\nexport const b = () => c;\n");
    fs.writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    const messages = result!.messages.filter((m) => m.ruleId === 'apron/no-cycle').map((m) => `${m.ruleId}: ${m.message}`);
    console.log(messages.join('\n'));
    expect(messages).toEqual([
      'apron/no-cycle: Import cycle: apps/server/src/modules/lint-cycle-probe/a.ts -> apps/server/src/modules/lint-cycle-probe/b.ts -> apps/server/src/modules/lint-cycle-probe/c.ts -> apps/server/src/modules/lint-cycle-probe/a.ts',
    ]);
    fs.writeFileSync(path.join(dir, 'c.ts'), "import type { a } from './a';\nexport const c = (f: typeof a) => f;\n");
    const fresh = new ESLint({ cwd: ROOT });
    const [typeOnly] = await fresh.lintFiles([path.join(dir, 'a.ts')]);
    expect(typeOnly!.messages.filter((m) => m.ruleId === 'apron/no-cycle')).toEqual([]);
  });
});

describe('lint messages cite the project’s own docs', () => {
  it('a package importing an app is told where the rule is written (docs/architecture.md, in this repository)', async () => {
    const [result] = await eslint.lintText("import { app } from '@apron/server';\nexport const probe = app;\n", { filePath: path.join(ROOT, 'packages/core/src/lint-probe.ts') });
    const messages = result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    expect(messages).toEqual([`'@apron/server' import is restricted from being used by a pattern. packages/* must not import the apps (docs/architecture.md, "Boundaries").`]);
    expect(fs.existsSync(path.join(ROOT, 'docs/architecture.md'))).toBe(true);
  });
});
