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
